/**
 * What the tests that run another language's test suite share (a Python library's pytest, the
 * hypervisor clients' cargo test, go test and pytest): a command run to its end whatever its exit
 * code, pytest's JUnit XML read into cases, and a generator's output read back to compare with
 * the checked-in files.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Outcome {
  exitCode: number;
  output: string;
}

export interface OutcomeOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** killed past this (its exit code is then that of the signal's error) */
  timeoutMs: number;
}

/** Runs a command to its end, resolving with its exit code and output (stdout, then stderr) whatever the code. */
export function outcome(file: string, args: readonly string[], options: OutcomeOptions): Promise<Outcome> {
  const { timeoutMs, ...rest } = options;
  return new Promise((resolve) => {
    execFile(file, args, { ...rest, timeout: timeoutMs, maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ exitCode: error === null ? 0 : Number(error.code ?? -1), output: stdout + stderr }),
    );
  });
}

export interface TestCase {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  message?: string;
}

const unescapeXml = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** pytest's JUnit XML: one case per `<testcase>`, failed when it holds a failure or an error. */
export function junitCases(xml: string): TestCase[] {
  const cases: TestCase[] = [];
  for (const match of xml.matchAll(/<testcase ([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const attribute = (name: string) =>
      unescapeXml(new RegExp(`\\b${name}="([^"]*)"`).exec(match[1]!)?.[1] ?? '');
    const body = match[3] ?? '';
    const problem = /<(failure|error)[^>]*?message="([^"]*)"/.exec(body);
    const name = `${attribute('classname')}::${attribute('name')}`;
    if (problem !== null) cases.push({ name, status: 'failed', message: unescapeXml(problem[2]!) });
    else if (/<(failure|error)\b/.test(body)) cases.push({ name, status: 'failed', message: 'failed' });
    else if (/<skipped\b/.test(body)) cases.push({ name, status: 'skipped' });
    else cases.push({ name, status: 'passed' });
  }
  return cases;
}

/** Every file under `dir`, in name order, but directories named in `skip`: relative path -> content. */
export function filesUnder(dir: string, skip: readonly string[] = []): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at).sort()) {
      const path = join(at, entry);
      if (statSync(path).isDirectory()) {
        if (!skip.includes(entry)) walk(path);
      } else files.set(relative(dir, path), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

/** A JSON file a suite was to write, or undefined when it did not (its run's output says why). */
export function readJsonIfWritten(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}
