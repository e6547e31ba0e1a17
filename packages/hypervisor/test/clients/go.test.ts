/**
 * The Go client library (clients/go/, module lab.dev/hypervisor/client-go) against live services:
 * `go vet` over the module (which compiles it, its tests and examples) and gofmt, then its whole
 * `go test` suite under clients/testing/live-services.mjs (hosts A, B and the TLS host T), each Go
 * test reported here as a test of its own; the conformance file the run wrote compared with the
 * checked-in clients/conformance/go.json; and the generated code (hypervisorv1/, codes_gen.go)
 * regenerated into a temporary directory and compared with the checked-in files, so a stale stub
 * fails.
 *
 * Go's build cache lives under the repository's .cache/go-build (a second run compiles nothing);
 * modules come from the default module cache, which `go mod download` fills. The suite runs while
 * this file is collected (top-level await), since its test names are known only then.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  filesUnder,
  outcome as outcomeOf,
  readJsonIfWritten,
  requireTools,
  setUpAtCollection,
  timedStep as step,
  type Outcome,
} from '@lab/server-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const MODULE_DIR = join(REPO, 'packages/hypervisor/clients/go');
const HARNESS = join(REPO, 'packages/hypervisor/clients/testing/live-services.mjs');
const CHECKED_IN_CONFORMANCE = join(REPO, 'packages/hypervisor/clients/conformance/go.json');
const STEP_MS = 600_000;

/**
 * Go where its official archive installs it (/usr/local/go/bin) is found even when PATH lacks it;
 * at most two compile jobs (the machine has two cores); the build cache kept under .cache/.
 */
const GO_ENV = {
  ...process.env,
  PATH: [process.env.PATH, '/usr/local/go/bin'].filter(Boolean).join(delimiter),
  GOFLAGS: '-p=2 -buildvcs=false',
  GOCACHE: join(REPO, '.cache/go-build'),
};
const gate = requireTools(['go', 'protoc'], GO_ENV);

/** Runs a command to its end in module_dir, whatever its exit code. */
const outcome = (file: string, args: string[], env: NodeJS.ProcessEnv = GO_ENV): Promise<Outcome> =>
  outcomeOf(file, args, { cwd: MODULE_DIR, env, timeoutMs: STEP_MS });

interface GoTest {
  name: string;
  status: 'pass' | 'fail' | 'skip';
  output: string;
  seconds: number;
}

interface GoEvent {
  Action: string;
  Test?: string;
  Output?: string;
  Elapsed?: number;
}

/** `go test -json`'s events: one test per name, with its output and its final action. */
function goTests(stream: string): GoTest[] {
  const tests = new Map<string, GoTest>();
  for (const line of stream.split('\n')) {
    if (!line.startsWith('{')) continue;
    const event = JSON.parse(line) as GoEvent;
    if (event.Test === undefined) continue;
    const test = tests.get(event.Test) ?? { name: event.Test, status: 'fail', output: '', seconds: 0 };
    tests.set(event.Test, test);
    if (event.Action === 'output') test.output += event.Output ?? '';
    if (event.Action === 'pass' || event.Action === 'fail' || event.Action === 'skip') {
      test.status = event.Action;
      test.seconds = event.Elapsed ?? 0;
    }
  }
  return [...tests.values()];
}

/** The files a generation wrote (codes_gen.go and the stubs): relative path -> content. */
function generatedFiles(dir: string): Map<string, string> {
  const stubs = filesUnder(join(dir, 'hypervisorv1'));
  return new Map([
    ['codes_gen.go', readFileSync(join(dir, 'codes_gen.go'), 'utf8')],
    ...[...stubs].map(([file, content]): [string, string] => [`hypervisorv1/${file}`, content]),
  ]);
}

interface Suite {
  vet: Outcome;
  gofmt: Outcome;
  test: Outcome;
  tests: GoTest[];
  conformance: unknown;
  generate: Outcome;
  generated: Map<string, string>;
  seconds: Record<string, number>;
}

let work: string | undefined;

async function runSuite(): Promise<Suite> {
  const seconds: Record<string, number> = {};
  work = mkdtempSync(join(tmpdir(), 'hv-go-client-'));
  const scratch = work;
  const vet = await step(seconds, 'vet', () => outcome('go', ['vet', './...']));
  const gofmt = await outcome('gofmt', ['-l', '.']);
  const conformanceFile = join(scratch, 'conformance.json');
  const regenerated = join(scratch, 'generated');
  const [test, generate] = await Promise.all([
    step(seconds, 'test', () =>
      outcome(
        process.execPath,
        [HARNESS, '--', 'go', 'test', '-json', '-count=1', '-parallel=4', '-timeout=300s', '.'],
        { ...GO_ENV, HV_CONFORMANCE_OUT: conformanceFile },
      ),
    ),
    step(seconds, 'generate', () => outcome(join(MODULE_DIR, 'generate.sh'), [regenerated])),
  ]);
  const conformance = readJsonIfWritten(conformanceFile);
  const generated = generate.exitCode === 0 ? generatedFiles(regenerated) : new Map<string, string>();
  return { vet, gofmt, test, tests: goTests(test.output), conformance, generate, generated, seconds };
}

const { value: suite, error: setupError } = await setUpAtCollection(gate.skip, runSuite);

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe.skipIf(gate.skip)(`Go client library${gate.skip ? ` (skipped: ${gate.reason})` : ''}`, () => {
  it('passes go vet, and gofmt lists no file', () => {
    if (setupError !== undefined) throw setupError;
    expect(suite!.vet.exitCode, suite!.vet.output).toBe(0);
    expect(suite!.gofmt).toEqual({ exitCode: 0, output: '' });
  });

  it('runs the go test suite against the live services', () => {
    if (setupError !== undefined) throw setupError;
    console.log(`hvclient (Go): ${suite!.tests.length} go tests; seconds: ${JSON.stringify(suite!.seconds)}`);
    const tail = suite!.test.output.split('\n').slice(-40).join('\n');
    expect(suite!.test.exitCode, `go test ended with ${suite!.test.exitCode}:\n${tail}`).toBe(0);
    expect(suite!.tests.filter((t) => t.status === 'pass').length).toBeGreaterThan(25);
  });

  it('covers what clients/conformance/go.json says, which the run wrote', () => {
    if (setupError !== undefined) throw setupError;
    const checkedIn = JSON.parse(readFileSync(CHECKED_IN_CONFORMANCE, 'utf8')) as unknown;
    expect(suite!.conformance, 'the suite wrote no conformance file').toBeDefined();
    expect(suite!.conformance).toEqual(checkedIn);
  });

  it('has the generated code of the current proto files and error catalogue (generate.sh)', () => {
    if (setupError !== undefined) throw setupError;
    expect(suite!.generate.exitCode, suite!.generate.output).toBe(0);
    const checkedIn = generatedFiles(MODULE_DIR);
    expect([...suite!.generated.keys()]).toEqual([...checkedIn.keys()]);
    for (const [file, content] of suite!.generated) {
      expect(checkedIn.get(file) === content, `${file} is stale: run clients/go/generate.sh`).toBe(true);
    }
  });

  for (const test of suite?.tests ?? []) {
    const run = test.status === 'skip' ? it.skip : it;
    run(`go: ${test.name}`, () => {
      if (test.status === 'fail') throw new Error(test.output || 'failed');
    });
  }
});
