/**
 * Gates for tests that need a system tool (qemu-img, verilator, ...). Locally a missing tool
 * skips the test with the reason shown; with `CI=true` it fails, so CI can never pass by
 * silently skipping the real thing.
 */
import { findExecutable } from '../system/executables.js';

export function isToolInstalled(command: string, path = process.env.PATH ?? ''): boolean {
  return findExecutable(command, path) !== null;
}

export interface ToolGate {
  /** True when the tests should be skipped (never in CI). */
  skip: boolean;
  reason: string;
}

/** Throws in CI when a tool is missing; otherwise reports whether to skip. */
export function requireTools(commands: readonly string[], env = process.env): ToolGate {
  const missing = commands.filter((c) => !isToolInstalled(c, env.PATH));
  if (missing.length === 0) return { skip: false, reason: '' };
  const reason = `missing system tool(s): ${missing.join(', ')} (npm start or npm test installs them)`;
  if (env.CI === 'true') throw new Error(`CI=true and ${reason}`);
  return { skip: true, reason };
}
