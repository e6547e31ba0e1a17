/** pino's level names, apart from the logger so that a command line can offer them without loading pino. */
import type { LevelWithSilent } from 'pino';

export const LOG_LEVELS: readonly LevelWithSilent[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
];
