/**
 * The published packages as a user gets them: `npm pack` of qcirc and @lab/server-kit (whose
 * `prepack` is `tsc -b`, a no-op after a build), their file lists, and an install of both tarballs into a
 * fresh directory that then runs the spec's example through the library and through `npx qcirc`,
 * and type-checks a TypeScript consumer against the installed declarations.
 *
 * The install passes `--ignore-scripts`: the only install script is better-sqlite3's native build
 * (minutes from source where no prebuilt binary downloads), which only `qcirc serve` needs; the
 * library and `qcirc run` never load it, and this proves that too.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

interface Packed {
  name: string;
  version: string;
  filename: string;
  files: { path: string }[];
}

/** The environment without npm's own variables: `npm test` sets some that would steer the install. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

function run(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, env, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
        else resolve({ stdout, stderr });
      },
    );
  });
}

const dir = mkdtempSync(join(tmpdir(), 'qcirc-pack-'));
const consumer = join(dir, 'consumer');
let packed: Packed[] = [];
const timings: Record<string, number> = {};

async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    timings[what] = Math.round(performance.now() - start);
  }
}

beforeAll(async () => {
  const { stdout } = await timed('pack', () =>
    run(
      'npm',
      [
        'pack',
        '--json',
        '--pack-destination',
        dir,
        '--workspace',
        'packages/quantum',
        '--workspace',
        'packages/server-kit',
      ],
      ROOT,
    ),
  );
  packed = JSON.parse(stdout) as Packed[];
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  await timed('install', () =>
    run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        ...packed.map((p) => join(dir, p.filename)),
      ],
      consumer,
    ),
  );
}, 300_000);

afterAll(() => {
  // Seconds spent, for the CI log (the install dominates).
  console.info(`pack test timings (ms): ${JSON.stringify(timings)}`);
  rmSync(dir, { recursive: true, force: true });
});

const filesOf = (name: string): string[] => packed.find((p) => p.name === name)!.files.map((f) => f.path);
const UNWANTED = [
  /^src\//,
  /^test\//,
  /^python\//,
  /\.map$/,
  /\.tsbuildinfo$/,
  /(^|\/)\.cache\//,
  /\.test\./,
  /cli\.bundle\.js$/,
];

describe('npm pack', () => {
  const WANTED: Record<string, string[]> = {
    qcirc: [
      'bin/qcirc.js',
      'dist/cli/main.js',
      'dist/adapters/quantum-circuit.js',
      'dist/adapters/quantum-circuit.d.ts',
      'examples/bell.qasm',
    ],
    '@lab/server-kit': ['dist/cli/launch.js'],
  };
  it.each(Object.entries(WANTED))(
    '%s holds its build, README and LICENSE, and nothing of the sources',
    (name, own) => {
      const files = filesOf(name);
      for (const wanted of [
        'package.json',
        'README.md',
        'LICENSE',
        'dist/index.js',
        'dist/index.d.ts',
        ...own,
      ])
        expect(files).toContain(wanted);
      expect(files.filter((f) => UNWANTED.some((pattern) => pattern.test(f)))).toEqual([]);
    },
  );

  it('the installed manifests are public, versioned, and name no plain `source` condition', () => {
    for (const name of ['qcirc', '@lab/server-kit']) {
      const manifest = JSON.parse(
        readFileSync(join(consumer, 'node_modules', name, 'package.json'), 'utf8'),
      ) as {
        private?: boolean;
        engines?: Record<string, string>;
        exports: Record<string, Record<string, string>>;
      };
      expect(manifest.private, name).toBeUndefined();
      expect(manifest.engines?.node, name).toBe('>=20.19');
      for (const conditions of Object.values(manifest.exports)) {
        if (typeof conditions === 'string') continue;
        expect(Object.keys(conditions), name).not.toContain('source');
      }
    }
  });
});

describe('the installed package', () => {
  it("runs the spec's example through the library", async () => {
    writeFileSync(
      join(consumer, 'bell.mjs'),
      [
        "import { Circuit, getBackend } from 'qcirc';",
        'const circuit = new Circuit(2).h(0).cx(0, 1).measureAll();',
        "const result = await getBackend('local_simulator').run(circuit, { shots: 1000 }).result();",
        'console.log(JSON.stringify(result.getCounts()));',
        // The adapter's peer is optional and not installed: its entry loads, and says what is missing.
        "const { toQuantumCircuit } = await import('qcirc/adapters/quantum-circuit');",
        'try { toQuantumCircuit(circuit); } catch (error) { console.log(error.code, error.message); }',
      ].join('\n'),
    );
    const { stdout } = await timed('library', () => run(process.execPath, ['bell.mjs'], consumer));
    const [countsLine, adapterLine] = stdout.trim().split('\n');
    const counts = JSON.parse(countsLine!) as Record<string, number>;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(1000);
    // The default noise (loss 0.5 % per cycle) leaves a few 01 and 10.
    expect((counts['00'] ?? 0) + (counts['11'] ?? 0)).toBeGreaterThan(950);
    expect(counts['00']).toBeGreaterThan(400);
    expect(counts['11']).toBeGreaterThan(400);
    expect(adapterLine).toMatch(/^CANNOT_EXPORT .*quantum-circuit is not installed/);
  });

  it('runs `npx qcirc run bell.qasm --shots 100`', async () => {
    writeFileSync(
      join(consumer, 'bell.qasm'),
      'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc = measure q;\n',
    );
    const { stdout } = await timed('cli', () =>
      run('npx', ['--no', 'qcirc', 'run', 'bell.qasm', '--shots', '100'], consumer),
    );
    expect(stdout).toMatch(/^bell\.qasm on local_simulator: 100 shots, seed \d+$/m);
    const rows = stdout.split('\n').filter((l) => /^[01]{2}\s+\d+\s+0\.\d{4}/.test(l));
    const counts: Record<string, number> = Object.fromEntries(
      rows.map((r) => r.split(/\s+/)).map(([k, v]) => [k, Number(v)]),
    );
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(100);
    expect((counts['00'] ?? 0) + (counts['11'] ?? 0)).toBeGreaterThan(90);
  });

  it('type-checks a TypeScript consumer against the installed declarations', async () => {
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2023',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ['check.ts'],
      }),
    );
    writeFileSync(
      join(consumer, 'check.ts'),
      [
        "import { Circuit, getBackend, type Result } from 'qcirc';",
        "import { fromQuantumCircuit, type QuantumCircuit } from 'qcirc/adapters/quantum-circuit';",
        'const circuit: Circuit = new Circuit(2).h(0).cx(0, 1).measureAll();',
        "const result: Result = await getBackend('local_simulator').run(circuit, { shots: 10 }).result();",
        'export const counts: Record<string, number> = result.getCounts();',
        'export const read = (qc: QuantumCircuit): Circuit => fromQuantumCircuit(qc);',
        // Fails to compile if the types were `any` (the directive would be unused).
        '// @ts-expect-error a qubit count is a number',
        "new Circuit('two');",
      ].join('\n'),
    );
    await timed('types', () => run(process.execPath, [TSC, '-p', 'tsconfig.json'], consumer));
  });
});
