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
  {
    version: 2,
    name: 'webhooks, their delivery outbox and attempts',
    sql: `
      CREATE TABLE webhooks (
        seq             INTEGER PRIMARY KEY AUTOINCREMENT,
        id              TEXT NOT NULL UNIQUE,
        url             TEXT NOT NULL,
        events          TEXT NOT NULL,
        secret          TEXT NOT NULL,
        project_id      TEXT REFERENCES projects(id) ON DELETE CASCADE,
        active          INTEGER NOT NULL,
        disabled_reason TEXT,
        created_at      TEXT NOT NULL,
        updated_at      TEXT NOT NULL
      ) STRICT;

      CREATE TABLE webhook_deliveries (
        seq             INTEGER PRIMARY KEY AUTOINCREMENT,
        id              TEXT NOT NULL UNIQUE,
        webhook_id      TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        event           TEXT NOT NULL,
        event_id        TEXT NOT NULL,
        body            TEXT NOT NULL,
        state           TEXT NOT NULL,
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_ms INTEGER NOT NULL,
        created_at      TEXT NOT NULL,
        finished_at     TEXT,
        redelivery_of   TEXT
      ) STRICT;
      CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, state, seq);

      CREATE TABLE webhook_attempts (
        delivery_id      TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        number           INTEGER NOT NULL,
        attempted_at     TEXT NOT NULL,
        status_code      INTEGER,
        latency_ms       INTEGER NOT NULL,
        response_excerpt TEXT,
        error            TEXT,
        PRIMARY KEY (delivery_id, number)
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
