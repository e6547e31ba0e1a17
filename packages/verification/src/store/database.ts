/** The service's SQLite file and its migrations. Files (uploads, work directories, artifacts) live beside it. */
import { join } from 'node:path';
import { openDatabase, type Database, type Migration } from '@lab/server-kit';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'projects, jobs, stages, logs, artifacts',
    sql: `
      CREATE TABLE projects (
        id          TEXT PRIMARY KEY,
        name        TEXT NOT NULL UNIQUE,
        top_module  TEXT NOT NULL,
        target_pdk  TEXT NOT NULL,
        description TEXT NOT NULL,
        status      TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL
      ) STRICT;

      CREATE TABLE jobs (
        seq              INTEGER PRIMARY KEY AUTOINCREMENT,
        id               TEXT NOT NULL UNIQUE,
        project_id       TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        status           TEXT NOT NULL,
        stages           TEXT NOT NULL,
        config_overrides TEXT NOT NULL,
        submitted_at     TEXT NOT NULL,
        started_at       TEXT,
        finished_at      TEXT,
        estimated_ms     INTEGER NOT NULL,
        error            TEXT,
        attempts         INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX jobs_by_project ON jobs (project_id, seq);
      CREATE INDEX jobs_by_status ON jobs (status, seq);

      CREATE TABLE job_stages (
        job_id      TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        position    INTEGER NOT NULL,
        stage       TEXT NOT NULL,
        status      TEXT NOT NULL,
        started_at  TEXT,
        finished_at TEXT,
        duration_ms INTEGER,
        completed   INTEGER,
        total       INTEGER,
        reason      TEXT,
        summary     TEXT,
        details     TEXT,
        PRIMARY KEY (job_id, stage)
      ) STRICT;

      CREATE TABLE job_logs (
        id        INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id    TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        timestamp TEXT NOT NULL,
        stage     TEXT NOT NULL,
        level     TEXT NOT NULL,
        message   TEXT NOT NULL
      ) STRICT;
      CREATE INDEX job_logs_by_job ON job_logs (job_id, id);

      CREATE TABLE artifacts (
        job_id       TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
        name         TEXT NOT NULL,
        stage        TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size         INTEGER NOT NULL,
        created_at   TEXT NOT NULL,
        PRIMARY KEY (job_id, name)
      ) STRICT;
    `,
  },
];

export function openStore(dataDir: string): Database {
  return openDatabase(join(dataDir, 'verification.db'), {
    namespace: 'verification',
    migrations: MIGRATIONS,
  });
}
