/**
 * Verilator's diagnostics, read line by line as the tool prints them:
 *
 *     %Warning-WIDTH: rtl/a.sv:22:13: Operator ASSIGNDLY expects 8 bits ...
 *                                   : ... In instance top          <- continuation lines:
 *        22 |       sum   <= total;                                   notes, the source excerpt,
 *           |             ^~                                          related locations
 *     %Error: rtl/b.sv:7:1: syntax error, unexpected endmodule
 *     %Error: Exiting due to 1 error(s), 1 warning(s)              <- the closing count
 *     %Error: Cannot continue                                      <- or this, after a fatal one
 *
 * A message starts at a line beginning with `%Warning` or `%Error` (with or without `-CODE`);
 * every following line that does not start with `%` belongs to it. The location is optional
 * (`%Error: Cannot find file containing module: 'x'` has none) and so is its column.
 */
import type { LogLevel } from '../stage.js';

export interface LintMessage {
  severity: 'warning' | 'error';
  /** Verilator's message code (`WIDTH`, `UNUSEDSIGNAL`), or null for an error without one. */
  code: string | null;
  /** Relative to the project's source directory when the file is inside it; null without a location. */
  file: string | null;
  line: number | null;
  column: number | null;
  /** The text of the message's first line, after the location. */
  message: string;
  /** The lines printed after the first: notes, the source excerpt, related locations. */
  context: string[];
}

/** The counts of Verilator's closing `%Error: Exiting due to ...` line. */
export interface ReportedCounts {
  errors: number;
  warnings: number;
}

const HEADER = /^%(Warning|Error)(?:-([A-Za-z0-9_]+))?:\s?(.*)$/;
// The file may contain ':' but not ': ', which separates the location from the text.
const LOCATION = /^((?:(?!: ).)+?):(\d+):(?:(\d+):)?\s?(.*)$/;
const EXIT_COUNTS = /^%Error: Exiting due to (?:(\d+) error\(s\))?(?:,\s*)?(?:(\d+) warning\(s\))?/;
// Verilator's notice that it stops after a fatal error: the end of the output, not a diagnostic.
const CANNOT_CONTINUE = /^%Error: Cannot continue\b/;

export class VerilatorMessageReader {
  readonly messages: LintMessage[] = [];
  /** What the closing line counted, once it has been read. */
  reported: ReportedCounts | null = null;
  private current: LintMessage | null = null;

  /** `locate` turns a file as Verilator printed it into the path reported. */
  constructor(private readonly locate: (file: string) => string = (file) => file) {}

  /** Takes the next line of output; answers the log level the line belongs to. */
  read(line: string): LogLevel {
    const counts = EXIT_COUNTS.exec(line);
    if (counts !== null) {
      this.current = null;
      this.reported = { errors: Number(counts[1] ?? 0), warnings: Number(counts[2] ?? 0) };
      return this.reported.errors > 0 ? 'ERROR' : 'WARNING';
    }
    if (CANNOT_CONTINUE.test(line)) {
      this.current = null;
      return 'ERROR';
    }
    const header = HEADER.exec(line);
    if (header !== null) {
      this.current = this.startMessage(
        header[1] === 'Error' ? 'error' : 'warning',
        header[2] ?? null,
        header[3] ?? '',
      );
      this.messages.push(this.current);
    } else if (this.current !== null && !line.startsWith('%')) {
      this.current.context.push(line.trimEnd());
    } else {
      this.current = null;
      return 'INFO';
    }
    return this.current.severity === 'error' ? 'ERROR' : 'WARNING';
  }

  private startMessage(severity: LintMessage['severity'], code: string | null, rest: string): LintMessage {
    const location = LOCATION.exec(rest);
    if (location === null)
      return { severity, code, file: null, line: null, column: null, message: rest, context: [] };
    const [, file = '', line = '', column, message = ''] = location;
    return {
      severity,
      code,
      file: this.locate(file),
      line: Number(line),
      column: column === undefined ? null : Number(column),
      message,
      context: [],
    };
  }
}

/** Every message of a complete output, and the closing counts when Verilator printed them. */
export function parseVerilatorMessages(
  output: string,
  locate?: (file: string) => string,
): { messages: LintMessage[]; reported: ReportedCounts | null } {
  const reader = new VerilatorMessageReader(locate);
  for (const line of output.split(/\r?\n/)) if (line !== '') reader.read(line);
  return { messages: reader.messages, reported: reader.reported };
}
