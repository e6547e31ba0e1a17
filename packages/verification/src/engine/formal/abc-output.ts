/**
 * Reading what `yosys-abc` prints for `pdr -v` (ABC of Yosys 0.23), as sby's abc engine reads it
 * (sbysrc/sby_engine_abc.py):
 *
 *     Property proved.                                      every assertion holds
 *     Output 0 of miter "..." was asserted in frame 5.      an assertion fails
 *     Frame   Clauses ...  /  <n> : ...                     pdr -v's progress, one line per frame
 */
import type { LogLevel } from '../stage.js';

const ASSERTED = /^Output \d+ of miter .* was asserted in frame (\d+)\./;
const FRAME = /^\s*(\d+)\s*:/;

export class AbcTranscript {
  status: 'pass' | 'fail' | null = null;
  /** The frame in which an assertion fails. */
  failedFrame: number | null = null;
  /** The last frame pdr reported working on. */
  frame: number | null = null;

  read(line: string): void {
    const asserted = ASSERTED.exec(line);
    if (asserted !== null) {
      this.status = 'fail';
      this.failedFrame = Number(asserted[1]);
    } else if (/^Property proved\./.test(line)) {
      this.status = 'pass';
    } else {
      const frame = FRAME.exec(line);
      if (frame !== null) this.frame = Number(frame[1]);
    }
  }
}

export function abcLineLevel(line: string): LogLevel {
  if (/\bError\b|ERROR|was asserted in frame/.test(line)) return 'ERROR';
  return 'INFO';
}
