/**
 * The progress `qemu-img -p` prints on standard output: `    (12.50/100%)` followed by a carriage
 * return, again and again on the same line. Chunks of the stream may split a report anywhere, so
 * the parser keeps the unfinished tail and reports each complete one.
 */

const REPORT = /\((\d{1,3}(?:\.\d+)?)\/100%\)/;

export interface ProgressParser {
  /** Feeds a chunk of standard output; calls back with each complete report's percent. */
  push(chunk: string): void;
}

export function createProgressParser(onPercent: (percent: number) => void): ProgressParser {
  let pending = '';
  return {
    push(chunk) {
      const pieces = (pending + chunk).split(/[\r\n]/);
      // The last piece has no terminator yet: it may be half a report.
      pending = pieces.pop() ?? '';
      if (pending.length > 256) pending = pending.slice(-256);
      for (const piece of pieces) {
        const match = REPORT.exec(piece);
        if (match !== null) onPercent(Math.min(100, Number(match[1])));
      }
    },
  };
}
