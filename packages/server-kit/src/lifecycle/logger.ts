/** Structured JSON logs (pino) with the credentials a request may carry redacted. */
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger } from 'pino';

export { LOG_LEVELS } from './log-levels.js';

/** `destination` replaces standard output: tests read what a service logs, redaction included. */
export function createLogger(options: {
  service: string;
  level?: LevelWithSilent;
  destination?: DestinationStream;
}): Logger {
  return pino(
    {
      name: options.service,
      level: options.level ?? 'info',
      redact: {
        paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'token', '*.token', '*.secret'],
        censor: '[redacted]',
      },
    },
    // Lines are written without blocking the request that logs them; lines logged while a write
    // is under way go out together with the next. pino flushes what is left when the process exits.
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
