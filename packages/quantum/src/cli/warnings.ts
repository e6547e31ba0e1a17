/** Importer warnings on standard error, one per line, in the compiler style `file:line:column: warning: ...`. */
import type { QasmWarning } from '../qasm/diagnostics.js';

export function printWarnings(warnings: readonly QasmWarning[]): void {
  for (const w of warnings) {
    process.stderr.write(`${w.file ?? '<input>'}:${w.line}:${w.column}: warning: ${w.message}\n`);
  }
}
