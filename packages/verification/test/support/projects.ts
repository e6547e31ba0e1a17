/** The project core over an in-memory database and a temporary data directory, with jobs faked. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { openDatabase } from '@lab/server-kit';
import { createProjectFiles, type IncomingFile } from '../../src/domain/project-files.js';
import { createProjectService } from '../../src/domain/project-service.js';
import { MIGRATIONS } from '../../src/store/database.js';
import { createProjectStore } from '../../src/store/projects.js';

export const COUNTER = { name: 'counter', top_module: 'counter', target_pdk: 'sky130A' } as const;

export function testProjects(options: { uploadMaxBytes?: number } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-projects-'));
  const db = openDatabase(':memory:', { namespace: 'verification', migrations: MIGRATIONS });
  const store = createProjectStore(db);
  const files = createProjectFiles({ dataDir, uploadMaxBytes: options.uploadMaxBytes ?? 1024 * 1024 });
  /** Queued or running jobs per project, as the job service would count them. */
  const activeJobs = new Map<string, number>();
  const cancelled: string[] = [];
  let clock = Date.parse('2025-01-01T00:00:00Z');
  const projects = createProjectService({
    store,
    files,
    activeJobCount: (id) => activeJobs.get(id) ?? 0,
    cancelJobs: async (id) => {
      cancelled.push(id);
      activeJobs.delete(id);
    },
    jobDirectories: (id) =>
      db
        .prepare<[string], { id: string }>('SELECT id FROM jobs WHERE project_id = ?')
        .all(id)
        .map((job) => join(dataDir, 'jobs', job.id)),
    // Each change a second later than the one before, so orders by time are certain.
    now: () => new Date((clock += 1000)),
  });
  /** Records a job of the project, as the job service's store would. */
  const recordJob = (projectId: string) =>
    db
      .prepare(
        `INSERT INTO jobs (id, project_id, status, stages, config_overrides, submitted_at, estimated_ms)
         VALUES (?, ?, 'passed', '[]', '{}', '2025-01-01T00:00:00Z', 0)`,
      )
      .run(`job_${projectId}`, projectId);
  return { dataDir, db, store, files, projects, activeJobs, cancelled, recordJob };
}

/** Files as an upload delivers them: path and bytes. */
export async function* incoming(files: Record<string, string | Buffer>): AsyncGenerator<IncomingFile> {
  for (const [path, content] of Object.entries(files))
    yield { path, content: Readable.from([Buffer.from(content)]) };
}
