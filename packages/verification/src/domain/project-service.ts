/**
 * Projects: create, list, read, replace and delete them, and their files (upload, list, delete),
 * plus what the job service needs of them (`markActive`). REST only translates to and from these.
 *
 * Each change is one SQLite statement, decided and made in one synchronous step, so two requests
 * never interleave between a check and the write it guards. The project's status is `created`
 * until its first job (`markActive`), then `active`; callers archive and restore it (`update`).
 * An archived project is read-only: no uploads, file deletions or jobs until it is restored.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { VpErrors } from '../errors.js';
import type { ProjectStore } from '../store/projects.js';
import {
  assertWellFormedName,
  normalisePdk,
  PROJECT_NAME_MAX,
  PROJECT_SORT_FIELDS,
  type Project,
  type ProjectCreate,
  type ProjectSortField,
  type ProjectStatus,
  type ProjectUpdate,
} from './project-definition.js';
import type { IncomingFile, ProjectFiles, StoredFile } from './project-files.js';
import { suggestAmong } from './suggest.js';

export const DEFAULT_SORT = '-created_at';

export interface ProjectListQuery {
  page: number;
  per_page: number;
  status?: ProjectStatus;
  /** Text the name or the description holds, regardless of case. */
  q?: string;
  /** A field of PROJECT_SORT_FIELDS, `-` in front for descending (default `-created_at`). */
  sort?: string;
}

export interface ProjectPage {
  projects: Project[];
  total: number;
  page: number;
  per_page: number;
}

export interface ProjectServiceDeps {
  store: ProjectStore;
  files: ProjectFiles;
  /** Jobs of the project that are queued or running (the job service keeps them). */
  activeJobCount(projectId: string): number;
  /** Cancels the project's queued and running jobs; resolves once they have stopped. */
  cancelJobs(projectId: string): Promise<void>;
  /** The directories of the project's jobs (sources, work, artifacts), removed with it. */
  jobDirectories(projectId: string): string[];
  now?: () => Date;
}

export type ProjectService = ReturnType<typeof createProjectService>;

/** `prj_` and 64 random bits in hex. */
export const newProjectId = (): string => `prj_${randomBytes(8).toString('hex')}`;

/** `name` or `-name` as a field and a direction; anything else is refused naming the closest. */
export function parseSort(sort: string): { field: ProjectSortField; descending: boolean } {
  const descending = sort.startsWith('-');
  const field = descending ? sort.slice(1) : sort;
  if ((PROJECT_SORT_FIELDS as readonly string[]).includes(field)) {
    return { field: field as ProjectSortField, descending };
  }
  const candidates = PROJECT_SORT_FIELDS.map((name) => (descending ? `-${name}` : name));
  throw VpErrors.validation(
    {
      message: `sort: '${sort}' is not a field projects sort by (${PROJECT_SORT_FIELDS.join(', ')}, each with an optional '-')`,
    },
    { details: { field: 'sort', suggestion: suggestAmong(sort, candidates) } },
  );
}

export function createProjectService(deps: ProjectServiceDeps) {
  const { store, files } = deps;
  const clock = deps.now ?? (() => new Date());
  const now = () => clock().toISOString();

  function load(id: string): Project {
    const project = store.get(id);
    if (project === undefined) throw VpErrors.notFound({ resource: 'project', id });
    return project;
  }

  /** The project, unless it is archived. */
  function loadWritable(id: string): Project {
    const project = load(id);
    if (project.status === 'archived') {
      throw VpErrors.conflict(
        { message: `project '${id}' is archived` },
        {
          details: { field: 'status', suggestion: "restore it first: PUT the project with status 'active'" },
        },
      );
    }
    return project;
  }

  /** `name-2`, `name-3`, ...: the first that no project has. */
  function freeName(name: string): string {
    for (let n = 2; ; n += 1) {
      const suffix = `-${n}`;
      const candidate = name.slice(0, PROJECT_NAME_MAX - suffix.length) + suffix;
      if (store.getByName(candidate) === undefined) return candidate;
    }
  }

  /** What a replace's `status` leads to: the service keeps `created` and `active` to itself. */
  function nextStatus(project: Project, requested: ProjectStatus | undefined): ProjectStatus {
    if (requested === 'archived') return 'archived';
    if (requested === undefined || project.status !== 'archived') return project.status;
    return store.hasJobs(project.id) ? 'active' : 'created';
  }

  const nameTaken = (name: string) =>
    VpErrors.conflict(
      { message: `a project named '${name}' already exists` },
      { details: { field: 'name', suggestion: freeName(name) } },
    );

  return {
    create(input: ProjectCreate): Project {
      assertWellFormedName(input.name);
      const at = now();
      const project: Project = {
        id: newProjectId(),
        name: input.name,
        top_module: input.top_module,
        target_pdk: normalisePdk(input.target_pdk),
        description: input.description ?? '',
        status: 'created',
        created_at: at,
        updated_at: at,
      };
      if (!store.insert(project)) throw nameTaken(input.name);
      return project;
    },

    list(query: ProjectListQuery): ProjectPage {
      const { field, descending } = parseSort(query.sort ?? DEFAULT_SORT);
      const { projects, total } = store.list({
        status: query.status,
        text: query.q === '' ? undefined : query.q,
        sort: field,
        descending,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { projects, total, page: query.page, per_page: query.per_page };
    },

    get: load,

    /**
     * Replaces the editable fields. `status: 'archived'` archives; `created` or `active` restores
     * an archived project to the status its history gives; a left-out status stays.
     */
    update(id: string, input: ProjectUpdate): Project {
      assertWellFormedName(input.name);
      const fields = {
        name: input.name,
        top_module: input.top_module,
        target_pdk: normalisePdk(input.target_pdk),
        description: input.description ?? '',
        status: nextStatus(load(id), input.status),
      };
      if (!store.update(id, fields, now())) throw nameTaken(input.name);
      return load(id);
    },

    /**
     * Deletes the project, its jobs and its files. Refused while jobs of it are queued or running,
     * unless `force`, which cancels them first.
     */
    async remove(id: string, force: boolean): Promise<void> {
      load(id);
      const active = deps.activeJobCount(id);
      if (active > 0) {
        if (!force) {
          throw VpErrors.conflict(
            { message: `project '${id}' has ${active} queued or running job(s)` },
            {
              details: {
                field: 'force',
                active_jobs: active,
                suggestion: 'cancel its jobs first, or delete with force=true, which cancels them',
              },
            },
          );
        }
        await deps.cancelJobs(id);
      }
      const jobDirectories = deps.jobDirectories(id);
      if (!store.remove(id)) throw VpErrors.notFound({ resource: 'project', id });
      await files.removeAll(id);
      await Promise.all(jobDirectories.map((dir) => rm(dir, { recursive: true, force: true })));
    },

    /**
     * For the job service, when it records a job: `created` becomes `active`. Refuses an archived
     * project (CONFLICT) and an unknown one (NOT_FOUND). Synchronous, so it can run inside the
     * transaction that records the job.
     */
    markActive(id: string): void {
      const project = loadWritable(id);
      if (project.status === 'created') store.changeStatus(id, 'created', 'active', now());
    },

    /** Stores an upload (all of it or nothing); answers the paths stored. */
    async upload(id: string, incoming: AsyncIterable<IncomingFile>): Promise<string[]> {
      loadWritable(id);
      try {
        return await files.receive(id, incoming, () => void loadWritable(id));
      } catch (error) {
        // A project deleted while its upload streamed in takes the staging directory with it.
        if (store.get(id) === undefined)
          throw VpErrors.notFound({ resource: 'project', id }, { cause: error });
        throw error;
      }
    },

    listFiles(id: string): StoredFile[] {
      load(id);
      return files.list(id);
    },

    /** Opens one of the project's files for reading; the caller closes the handle. */
    openFile(id: string, path: string) {
      load(id);
      return files.open(id, path);
    },

    async deleteFile(id: string, path: string): Promise<void> {
      loadWritable(id);
      await files.remove(id, path);
    },
  };
}
