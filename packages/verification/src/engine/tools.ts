/** The external tools the stages run: found on PATH once at start-up, with their versions. */
import { spawnSync } from 'node:child_process';
import { findExecutable } from '@lab/server-kit';

export const TOOL_NAMES = [
  'verilator',
  'iverilog',
  'vvp',
  'yosys',
  'yosys-smtbmc',
  'z3',
  'yosys-abc',
  'yices-smt2',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export interface ToolInfo {
  name: ToolName;
  available: boolean;
  path: string | null;
  version: string | null;
}

const VERSION_ARGS: Record<ToolName, string[]> = {
  verilator: ['--version'],
  iverilog: ['-V'],
  vvp: ['-V'],
  yosys: ['-V'],
  'yosys-smtbmc': ['--help'],
  z3: ['--version'],
  'yosys-abc': ['-c', 'version'],
  'yices-smt2': ['--version'],
};

function versionOf(name: ToolName, path: string): string | null {
  const result = spawnSync(path, VERSION_ARGS[name], { encoding: 'utf8', timeout: 10_000 });
  if (result.error !== undefined) return null;
  const text = `${result.stdout}\n${result.stderr}`;
  if (name === 'yosys-smtbmc') return 'bundled with yosys';
  const line = text.split('\n').find((l) => /\d+\.\d+/.test(l));
  return line?.trim() ?? null;
}

/** Looks every tool up; a missing one is reported, not thrown, so the service still starts. */
export function detectTools(): ToolInfo[] {
  return TOOL_NAMES.map((name) => {
    const path = findExecutable(name);
    return { name, available: path !== null, path, version: path === null ? null : versionOf(name, path) };
  });
}
