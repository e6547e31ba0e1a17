/**
 * The service's own logger (createLogger: pino, the same redaction) writing to lines a test can
 * read, to check what the service writes to its log.
 */
import { createLogger, type Logger } from '@lab/server-kit';

export function capturedLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger({
    service: 'hypervisor',
    level: 'debug',
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { logger, lines };
}
