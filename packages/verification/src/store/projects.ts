/**
 * The projects table (migration 1). Writes that could lose a race say so instead of throwing: an
 * insert or rename onto a taken name changes nothing and answers false, as does a status change
 * from a status the project has left.
 */
import type { Database } from '@lab/server-kit';
import type { Project, ProjectSortField, ProjectStatus } from '../domain/project-definition.js';

export interface ProjectListQuery {
  /** Only projects in this status; all when undefined. */
  status: ProjectStatus | undefined;
  /** Only projects whose name or description holds this text, regardless of case; all when undefined. */
  text: string | undefined;
  sort: ProjectSortField;
  descending: boolean;
  limit: number;
  offset: number;
}

export type ProjectFields = Pick<Project, 'name' | 'top_module' | 'target_pdk' | 'description'>;

export interface ProjectStore {
  /** False when the name is taken. */
  insert(project: Project): boolean;
  get(id: string): Project | undefined;
  getByName(name: string): Project | undefined;
  /** One page of projects and the number matching the filter. */
  list(query: ProjectListQuery): { projects: Project[]; total: number };
  /** Replaces the editable fields and the status; false when the new name is taken by another project. */
  update(id: string, fields: ProjectFields & { status: ProjectStatus }, at: string): boolean;
  /** Moves the project from `from` to `to`; false when it is no longer in `from`. */
  changeStatus(id: string, from: ProjectStatus, to: ProjectStatus, at: string): boolean;
  /** True once any job of the project was recorded. */
  hasJobs(id: string): boolean;
  /** Deletes the project and, by cascade, its jobs; false when it did not exist. */
  remove(id: string): boolean;
}

/** Names sort without regard to case, as people read them; the insertion order breaks ties. */
const ORDER_BY: Record<ProjectSortField, string> = {
  name: 'name COLLATE NOCASE',
  created_at: 'created_at',
  updated_at: 'updated_at',
  status: 'status',
  top_module: 'top_module COLLATE NOCASE',
};

/**
 * The filter of a listing. SQLite's LIKE and lower() fold ASCII only, so the text is matched on
 * names and descriptions lower-cased by JavaScript (`fold`), whose folding covers every script.
 */
const FILTER = `(@status IS NULL OR status = @status)
  AND (@text IS NULL OR instr(fold(name), @text) > 0 OR instr(fold(description), @text) > 0)`;

export function createProjectStore(db: Database): ProjectStore {
  db.function('fold', { deterministic: true }, (value: unknown) => String(value).toLowerCase());
  const insert = db.prepare<[Project]>(
    `INSERT OR IGNORE INTO projects (id, name, top_module, target_pdk, description, status, created_at, updated_at)
     VALUES (@id, @name, @top_module, @target_pdk, @description, @status, @created_at, @updated_at)`,
  );
  const byId = db.prepare<[string], Project>('SELECT * FROM projects WHERE id = ?');
  const byName = db.prepare<[string], Project>('SELECT * FROM projects WHERE name = ?');
  const count = db.prepare<{ status: string | null; text: string | null }, { total: number }>(
    `SELECT count(*) AS total FROM projects WHERE ${FILTER}`,
  );
  // One statement per sort order, prepared on first use: ORDER BY cannot take a parameter.
  const pages = new Map<string, ReturnType<typeof preparePage>>();
  const preparePage = (sort: ProjectSortField, descending: boolean) => {
    const direction = descending ? 'DESC' : 'ASC';
    return db.prepare<{ status: string | null; text: string | null; limit: number; offset: number }, Project>(
      `SELECT * FROM projects WHERE ${FILTER}
       ORDER BY ${ORDER_BY[sort]} ${direction}, rowid ${direction} LIMIT @limit OFFSET @offset`,
    );
  };
  const update = db.prepare<[ProjectFields & { status: ProjectStatus; id: string; at: string }]>(
    `UPDATE OR IGNORE projects
     SET name = @name, top_module = @top_module, target_pdk = @target_pdk, description = @description,
         status = @status, updated_at = @at
     WHERE id = @id`,
  );
  const changeStatus = db.prepare<[ProjectStatus, string, string, ProjectStatus]>(
    'UPDATE projects SET status = ?, updated_at = ? WHERE id = ? AND status = ?',
  );
  const hasJobs = db.prepare<[string], { found: number }>(
    'SELECT EXISTS (SELECT 1 FROM jobs WHERE project_id = ?) AS found',
  );
  const remove = db.prepare<[string]>('DELETE FROM projects WHERE id = ?');

  return {
    insert: (project) => insert.run(project).changes === 1,
    get: (id) => byId.get(id),
    getByName: (name) => byName.get(name),
    list: ({ status, text, sort, descending, limit, offset }) => {
      const key = `${sort}:${descending}`;
      let page = pages.get(key);
      if (page === undefined) {
        page = preparePage(sort, descending);
        pages.set(key, page);
      }
      const filter = { status: status ?? null, text: text?.toLowerCase() ?? null };
      return { projects: page.all({ ...filter, limit, offset }), total: count.get(filter)!.total };
    },
    update: (id, fields, at) => update.run({ ...fields, id, at }).changes === 1,
    changeStatus: (id, from, to, at) => changeStatus.run(to, at, id, from).changes === 1,
    hasJobs: (id) => hasJobs.get(id)!.found === 1,
    remove: (id) => remove.run(id).changes === 1,
  };
}
