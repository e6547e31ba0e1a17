/**
 * The report route: renders a report of an ended job, keeps it as one of the job's artifacts and
 * answers it as a download.
 */
import { defineRoute, documentedError, Nullable, type RouteSpec } from '@lab/server-kit';
import { Type } from 'typebox';
import { MAX_PATH_LENGTH, PROJECT_PATH_PATTERN } from '../domain/project-paths.js';
import { REPORT_FORMATS } from '../domain/reports/report-formats.js';
import type { ReportService } from '../domain/reports/report-service.js';
import { STAGES } from '../domain/verify-config.js';
import { JobIdParams } from './job-schemas.js';
import { WRITE } from './scopes.js';

const ReportBody = Type.Object(
  {
    format: Type.Optional(
      Type.Enum([...REPORT_FORMATS], {
        description:
          'html (default): one self-contained page; json: the report model; junit: JUnit XML for CI; markdown: headings and tables',
      }),
    ),
    include: Type.Optional(
      Type.Array(Type.Enum(STAGES), {
        minItems: 1,
        maxItems: STAGES.length,
        description: "the stages to report on, of those the job ran (default: all the job's stages)",
      }),
    ),
    template: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: MAX_PATH_LENGTH,
          pattern: PROJECT_PATH_PATTERN,
          description:
            "HTML only: null for the full report, 'summary' for the short one, or the path of a Liquid template in the job's copy of the project's files (e.g. reports/custom.liquid)",
        }),
      ),
    ),
  },
  { additionalProperties: false },
);

export function reportRoutes(reports: ReportService): RouteSpec[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/jobs/:id/reports',
      summary: 'Generate and download a report of a job',
      tags: ['results'],
      access: WRITE,
      schema: {
        description:
          'Renders the report, keeps it as an artifact of the job (`report.html`, `report-summary.html`, ' +
          '`report.json`, `report.junit.xml`, `report.md`; a custom template `reports/x.liquid` gives ' +
          '`report-x.html`) and answers it with `Content-Disposition: attachment`. Custom templates run in a ' +
          'sandboxed Liquid engine: no code, only the report model as `report`, bounded in size, time and memory.',
        params: JobIdParams,
        body: Nullable(ReportBody),
        response: {
          200: Type.String({ description: 'the report file', contentMediaType: 'application/octet-stream' }),
          400: documentedError(
            'VALIDATION_ERROR: a field is wrong (`details.field` names it); or a stage the job did not run ' +
              '(details.suggestion names them), a template with a format other than html, a template that is ' +
              'missing or not a regular file, or one that fails to parse or render (details.line)',
          ),
          404: documentedError('NOT_FOUND: no job has this id'),
          409: documentedError('CONFLICT: the job is still queued or running'),
        },
      },
      handler: async (request, reply) => {
        const { artifact, content } = await reports.create(request.params.id, request.body ?? {});
        // Bytes, not a string, so the content type goes out exactly as recorded (Fastify adds no
        // charset); the schema's 200 documents them as the file.
        return reply
          .header('content-type', artifact.content_type)
          .header('content-disposition', `attachment; filename="${artifact.name}"`)
          .send(content as never);
      },
    }),
  ];
}
