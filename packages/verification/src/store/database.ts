/** The service's SQLite file and its migrations (the tables come with the resources that use them). */
import { join } from 'node:path';
import { openDatabase, type Database, type Migration } from '@lab/server-kit';

export const MIGRATIONS: readonly Migration[] = [];

export function openStore(dataDir: string): Database {
  return openDatabase(join(dataDir, 'verification.db'), {
    namespace: 'verification',
    migrations: MIGRATIONS,
  });
}
