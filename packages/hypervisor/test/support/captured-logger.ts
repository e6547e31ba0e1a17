/**
 * A logger like the service's (createLogger: pino, the same redaction) whose lines a test can
 * read, to check what the service writes to its log. pino comes with @lab/server-kit.
 */
import type { Logger } from '@lab/server-kit';
import { pino } from 'pino';

export function capturedLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino(
    {
      level: 'debug',
      redact: {
        paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'token', '*.token', '*.secret'],
        censor: '[redacted]',
      },
    },
    { write: (line: string) => void lines.push(line) },
  );
  return { logger, lines };
}
