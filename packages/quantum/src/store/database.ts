/** The service's SQLite file and its migrations (the tables come with the resources that use them). */
import { join } from 'node:path';
import { openDatabase, type Database, type Migration } from '@lab/server-kit';
import { JOBS_MEMORY_MIGRATION, JOBS_MIGRATION } from './jobs.js';

export const MIGRATIONS: readonly Migration[] = [JOBS_MIGRATION, JOBS_MEMORY_MIGRATION];

export function openStore(dataDir: string): Database {
  return openDatabase(join(dataDir, 'quantum.db'), { namespace: 'quantum', migrations: MIGRATIONS });
}
