/**
 * The project routes: create, list, read, replace and delete projects, list and delete their
 * files, and (registered apart, as it needs the multipart parser) upload files. Each handler calls
 * one function of the project service.
 */
import multipart, { type Multipart } from '@fastify/multipart';
import { isUtf8 } from 'node:buffer';
import {
  defineRoute,
  documentedError,
  KitErrors,
  NoContent,
  registerRoutes,
  schemaRef,
  type App,
  type RegisterRoutesOptions,
  type RouteSpec,
} from '@lab/server-kit';
import { AppError } from '@lab/server-kit/errors';
import { Type, type Static } from 'typebox';
import { API_PREFIX } from '../config.js';
import { VpErrors } from '../errors.js';
import {
  PDK_MAX,
  PROJECT_NAME_MAX,
  PROJECT_SORTS,
  PROJECT_STATUSES,
  ProjectCreateSchema,
  ProjectUpdateSchema,
  TargetPdkSchema,
  type Project,
} from '../domain/project-definition.js';
import { UPLOAD_FIELD, type IncomingFile, type UploadLimits } from '../domain/project-files.js';
import {
  MAX_PATH_BYTES,
  MAX_PATH_LENGTH,
  MAX_SEGMENT_BYTES,
  PROJECT_PATH_PATTERN,
} from '../domain/project-paths.js';
import { DEFAULT_SORT, type ProjectService } from '../domain/project-service.js';
import { pageParameters } from './paging.js';
import { READ, WRITE } from './scopes.js';

/** Longest text `GET /projects?q=` searches for. */
export const SEARCH_MAX = 200;

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });

export const ProjectSchema = Type.Object(
  {
    id: Type.String({ description: 'assigned by the service: `prj_` and 16 hexadecimal digits' }),
    name: Type.String({ description: 'unique among projects' }),
    top_module: Type.String({ description: 'name of the top design module' }),
    target_pdk: TargetPdkSchema,
    description: Type.String(),
    status: Type.Enum([...PROJECT_STATUSES], {
      description:
        '`created` until its first job is submitted, then `active`; `archived` when archived (read-only)',
    }),
    created_at: Timestamp('when the project was created'),
    updated_at: Timestamp('last change of its fields or status (uploads do not count: see its files)'),
    url: Type.String({ description: 'path of the project resource' }),
  },
  { $id: 'Project', description: 'A design project; its files are under `/projects/{id}/files`' },
);
export type ProjectView = Static<typeof ProjectSchema>;

export const projectView = (project: Project): ProjectView => ({
  ...project,
  url: `${API_PREFIX}/projects/${project.id}`,
});

const ProjectRef = schemaRef<ProjectView>(ProjectSchema);
const ProjectParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'project id, like `prj_0123456789abcdef`' }),
});

const FileParams = Type.Object({
  ...ProjectParams.properties,
  '*': Type.String({
    minLength: 1,
    maxLength: MAX_PATH_LENGTH,
    pattern: PROJECT_PATH_PATTERN,
    description:
      'path of the file, relative to the project: segments of no control character and no ' +
      'backslash, none of them `.` or `..`, joined by single `/`',
  }),
});
const badFilePath = documentedError(
  'VALIDATION_ERROR: not a relative path (`..`, absolute, control characters, backslashes)',
);
/** Bytes of a file's start read to tell text from binary (Git reads 8000 for the same). */
const SNIFF_BYTES = 64 * 1024;

/**
 * Whether a file's first bytes read as UTF-8 text: no NUL, and valid UTF-8 but for a character
 * the sample may cut short at its end (up to 3 bytes) when it is not the whole file.
 */
function looksLikeUtf8Text(head: Buffer, whole: boolean): boolean {
  if (head.includes(0)) return false;
  const cut = whole ? 0 : Math.min(3, head.length);
  for (let drop = 0; drop <= cut; drop += 1) if (isUtf8(head.subarray(0, head.length - drop))) return true;
  return false;
}

const notFound = documentedError('NOT_FOUND: no project has this id');
const archivedConflict = 'CONFLICT: the project is archived (`details.field` is `status`): restore it first';
const invalidProject = documentedError(
  `VALIDATION_ERROR: a field is missing or wrong; \`details.field\` names it (name of 1 to ${PROJECT_NAME_MAX} printable ` +
    `characters, top_module a Verilog identifier, target_pdk a kit identifier of 1 to ${PDK_MAX} characters). ` +
    'INVALID_UTF8: a string holding a lone surrogate (U+D800 to U+DFFF), which no pattern can name',
);
const nameTaken = documentedError(
  'CONFLICT: another project has this name; `details.field` is `name`, `details.suggestion` a free one',
);

const StoredFileSchema = Type.Object({
  path: Type.String({ description: 'relative to the project, `/` between directories' }),
  size: Type.Integer({ description: 'bytes' }),
  modified_at: Timestamp('when it was last uploaded'),
});

const UploadResponse = Type.Object({
  uploaded: Type.Integer({ description: 'number of files stored' }),
  project_id: Type.String(),
  files: Type.Array(Type.String(), { description: 'their paths, in the order they were sent' }),
});

/** The fields of a multipart upload: `files[]`, as the spec names it, or `files`. */
const UPLOAD_FIELDS = [UPLOAD_FIELD, 'files'];

export interface ProjectRouteDeps {
  projects: ProjectService;
}

export function projectRoutes({ projects }: ProjectRouteDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/projects',
      summary: 'Create a project',
      tags: ['projects'],
      access: WRITE,
      schema: {
        description: 'Creates a project in status `created`; answers 201 with it and its `Location`.',
        body: ProjectCreateSchema,
        response: { 201: ProjectRef, 400: invalidProject, 409: nameTaken },
      },
      handler: async (request, reply) => {
        const view = projectView(projects.create(request.body));
        void reply.code(201).header('location', view.url);
        return view;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/projects',
      summary: 'List projects',
      tags: ['projects'],
      access: READ,
      schema: {
        querystring: Type.Object({
          ...pageParameters('projects'),
          status: Type.Optional(
            Type.Enum([...PROJECT_STATUSES], { description: 'only projects in this status' }),
          ),
          q: Type.Optional(
            Type.String({
              maxLength: SEARCH_MAX,
              description: `only projects whose name or description holds this text, regardless of case (at most ${SEARCH_MAX} characters)`,
            }),
          ),
          sort: Type.Optional(
            Type.Enum(PROJECT_SORTS, {
              description:
                'field to sort by; a `-` in front sorts descending ' +
                `(default \`${DEFAULT_SORT}\`). Names sort without regard to case.`,
            }),
          ),
        }),
        response: {
          200: Type.Object({
            projects: Type.Array(ProjectRef),
            total: Type.Integer({ description: 'projects matching the filter, on all pages' }),
            page: Type.Integer(),
            per_page: Type.Integer(),
          }),
          400: documentedError(
            'VALIDATION_ERROR: a bad page, per_page, status, q or sort, or an unknown parameter; `details.field` names it',
          ),
        },
      },
      handler: async (request) => {
        const page = projects.list(request.query);
        return { ...page, projects: page.projects.map(projectView) };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/projects/:id',
      summary: 'Read a project',
      tags: ['projects'],
      access: READ,
      schema: { params: ProjectParams, response: { 200: ProjectRef, 404: notFound } },
      handler: async (request) => projectView(projects.get(request.params.id)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/projects/:id',
      summary: 'Replace the fields of a project',
      tags: ['projects'],
      access: WRITE,
      schema: {
        description:
          'Replaces `name`, `top_module`, `target_pdk` (required) and `description` (left out: empty). ' +
          '`status` archives (`archived`) or restores (`created` or `active`) the project; left out, it stays.',
        params: ProjectParams,
        body: ProjectUpdateSchema,
        response: { 200: ProjectRef, 400: invalidProject, 404: notFound, 409: nameTaken },
      },
      handler: async (request) => projectView(projects.update(request.params.id, request.body)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/projects/:id',
      summary: 'Delete a project',
      tags: ['projects'],
      access: WRITE,
      schema: {
        description:
          'Deletes the project with its jobs (and their results) and its files. Refused while jobs of it ' +
          'are queued or running, unless `force=true`, which cancels them first.',
        params: ProjectParams,
        querystring: Type.Object({
          force: Type.Boolean({ default: false, description: 'cancel queued and running jobs first' }),
        }),
        response: {
          204: NoContent('deleted'),
          404: notFound,
          409: documentedError(
            'CONFLICT: jobs of the project are queued or running (`details.active_jobs`); pass force=true',
          ),
        },
      },
      handler: async (request, reply) => {
        await projects.remove(request.params.id, request.query.force);
        return reply.code(204).send(null);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/projects/:id/files',
      summary: "List a project's files",
      tags: ['projects'],
      access: READ,
      schema: {
        description: 'Every file uploaded to the project, sorted by path.',
        params: ProjectParams,
        response: { 200: Type.Object({ files: Type.Array(StoredFileSchema) }), 404: notFound },
      },
      handler: async (request) => ({ files: projects.listFiles(request.params.id) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/projects/:id/files/*',
      summary: 'Read a file of a project',
      tags: ['projects'],
      access: READ,
      schema: {
        description:
          "The file's bytes, with `Content-Length`. `text/plain; charset=utf-8` when its first " +
          `${SNIFF_BYTES / 1024} KiB are UTF-8 without a NUL byte, \`application/octet-stream\` otherwise. ` +
          'The path follows `files/` as for deletion; symbolic links are never followed.',
        params: FileParams,
        response: {
          200: Type.String({ description: 'the file', contentMediaType: 'application/octet-stream' }),
          400: badFilePath,
          404: documentedError('NOT_FOUND: no such project, or no such file in it'),
          409: documentedError('CONFLICT: the path is or leads through a symbolic link'),
        },
      },
      handler: async (request, reply) => {
        const { handle, size } = await projects.openFile(request.params.id, request.params['*']);
        let text: boolean;
        try {
          const head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
          const { bytesRead } = await handle.read(head, 0, head.length, 0);
          text = looksLikeUtf8Text(head.subarray(0, bytesRead), bytesRead >= size);
        } catch (error) {
          await handle.close();
          throw error;
        }
        return reply
          .type(text ? 'text/plain; charset=utf-8' : 'application/octet-stream')
          .header('content-length', size)
          .header('x-content-type-options', 'nosniff')
          .send(handle.createReadStream({ start: 0 }) as never);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/projects/:id/files/*',
      summary: 'Delete a file of a project',
      tags: ['projects'],
      access: WRITE,
      schema: {
        description:
          'The path follows `files/`, URL-encoded where needed (`/projects/{id}/files/rtl/counter.v`). ' +
          'Directories left empty go too.',
        params: FileParams,
        response: {
          204: NoContent('deleted'),
          400: badFilePath,
          404: documentedError('NOT_FOUND: no such project, or no such file in it'),
          409: documentedError(`${archivedConflict}; or the path leads through a symbolic link`),
        },
      },
      handler: async (request, reply) => {
        await projects.deleteFile(request.params.id, request.params['*']);
        return reply.code(204).send(null);
      },
    }),
  ];
}

/** The file parts of a multipart request, refusing parts of other names and plain fields. */
async function* uploadedFiles(parts: AsyncIterable<Multipart>): AsyncGenerator<IncomingFile> {
  for await (const part of parts) {
    if (!UPLOAD_FIELDS.includes(part.fieldname)) {
      throw VpErrors.validation(
        { message: `unexpected multipart part '${part.fieldname}'` },
        { details: { field: part.fieldname, suggestion: `name every file part '${UPLOAD_FIELD}'` } },
      );
    }
    if (part.type !== 'file') {
      throw VpErrors.validation(
        { message: `the part '${part.fieldname}' is a plain field, not a file` },
        {
          details: {
            field: UPLOAD_FIELD,
            suggestion:
              "send a file part with a file name, its path (curl -F 'files[]=@counter.v;filename=rtl/counter.v')",
          },
        },
      );
    }
    yield { path: part.filename, content: part.file };
  }
}

/**
 * The multipart parser (busboy) reports a broken body (no boundary, a part cut short) with a bare
 * Error; the service's own errors are AppErrors, and system and plugin errors carry a `code`.
 */
function isMalformedMultipart(error: unknown): error is Error {
  return (
    error instanceof Error && !(error instanceof AppError) && !('code' in error) && !('statusCode' in error)
  );
}

function uploadRoute(projects: ProjectService, { maxBytes, maxFiles }: UploadLimits): RouteSpec {
  return defineRoute({
    method: 'POST',
    url: '/projects/:id/upload',
    summary: 'Upload files to a project',
    tags: ['projects'],
    access: WRITE,
    schema: {
      description:
        `A \`multipart/form-data\` body with one part named \`${UPLOAD_FIELD}\` (or \`files\`) per file, whose ` +
        'file name is its path in the project (`rtl/counter.v`: directories are kept). A file of the same ' +
        `path is replaced. At least one file; at most ${maxBytes} bytes of files and ${maxFiles} files per ` +
        'request; paths are relative, `/`-separated, without `.` or `..` segments, backslashes or control ' +
        `characters, at most ${MAX_PATH_LENGTH} characters and ${MAX_PATH_BYTES} bytes, each name at most ` +
        `${MAX_SEGMENT_BYTES} bytes; each path once. All or nothing: a refused request keeps no file.`,
      params: ProjectParams,
      // The form only: the parts are streamed to the handler, never parsed into a body, so no
      // validator runs on it (`registerProjectUploadRoute`) and the core checks each part as it
      // arrives. A body of another type has no schema here, and the handler answers it 415.
      body: {
        content: {
          'multipart/form-data': {
            schema: Type.Object(
              {
                [UPLOAD_FIELD]: Type.Array(Type.String({ format: 'binary' }), {
                  minItems: 1,
                  maxItems: maxFiles,
                  description: 'the files, one part each; each part’s file name is its path',
                }),
              },
              { additionalProperties: false },
            ),
          },
        },
      },
      response: {
        200: UploadResponse,
        400: documentedError(
          `VALIDATION_ERROR: no file, more than ${maxFiles} files, a part of another name or one that is not a file, ` +
            'a malformed multipart body, or a refused path (`details.path`): not relative, a `.` or `..` segment, ' +
            'a control character or backslash, too long; a path given twice, or as a file and a directory',
        ),
        404: notFound,
        409: documentedError(
          `${archivedConflict}; or a path meets a symbolic link or a directory in the project`,
        ),
        413: documentedError(
          `PAYLOAD_TOO_LARGE: the files exceed ${maxBytes} bytes in total; nothing was kept`,
        ),
        415: documentedError('UNSUPPORTED_MEDIA_TYPE: the body is not multipart/form-data'),
      },
    },
    handler: async (request) => {
      if (!request.isMultipart()) {
        throw KitErrors.unsupportedMediaType({ contentType: request.headers['content-type'] ?? 'none' });
      }
      let paths: string[];
      try {
        paths = await projects.upload(request.params.id, uploadedFiles(request.parts()));
      } catch (error) {
        throw isMalformedMultipart(error)
          ? VpErrors.validation(
              { message: `the multipart body is malformed: ${error.message}` },
              {
                details: {
                  field: 'body',
                  suggestion: 'send multipart/form-data with a boundary and whole parts',
                },
              },
            )
          : error;
      }
      return { uploaded: paths.length, project_id: request.params.id, files: paths };
    },
  });
}

/**
 * Registers `POST /projects/{id}/upload` with the multipart parser, in a scope of its own so no
 * other route accepts multipart bodies. The parser's limits are one past the service's (bytes per
 * file, files, parts), so the core sees the excess and refuses it with its own error.
 */
export async function registerProjectUploadRoute(
  app: App,
  deps: ProjectRouteDeps & { limits: UploadLimits },
  options: RegisterRoutesOptions,
): Promise<void> {
  const { maxBytes, maxFiles } = deps.limits;
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // Part file names are paths here: busboy would otherwise keep only their last segment.
      preservePath: true,
      limits: { fileSize: maxBytes + 1, files: maxFiles + 1, parts: maxFiles + 1 },
    });
    // The form's schema documents the parts the handler streams; there is no parsed body to
    // validate against it. Parameters are validated as everywhere else.
    const compile = scope.validatorCompiler!;
    scope.setValidatorCompiler((route) => (route.httpPart === 'body' ? () => true : compile(route)));
    registerRoutes(scope, [uploadRoute(deps.projects, deps.limits)], options);
  });
}
