/** The real `qcirc` binary (compiled `dist/`), as a user runs it. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bellQasm } from '../support/bell.js';
import { REGISTERS_PLAIN, REGISTERS_QISKIT, registersJson } from '../support/registers.js';

const BIN = fileURLToPath(new URL('../../bin/qcirc.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'qcirc-cli-'));

function qcirc(args: readonly string[], input?: string) {
  const out = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    ...(input === undefined ? {} : { input }),
  });
  return { status: out.status, stdout: out.stdout, stderr: out.stderr };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('qcirc run', () => {
  it('prints counts sorted by frequency with bars, the erasure summary and estimates', () => {
    const { status, stdout } = qcirc(['run', 'example:bell', '--shots', '1000', '--seed', '3']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^example:bell on local_simulator: 1000 shots, seed 3$/m);
    const rows = stdout.split('\n').filter((l) => /^[01]{2}\s+\d+\s+0\.\d{4}\s+█/.test(l));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const counts = rows.map((r) => Number(r.split(/\s+/)[1]));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(stdout).toMatch(/erasures: \d+ heralds in \d+ of 1000 shots/);
    expect(stdout).toMatch(/qubits 2, classical bits 2, depth \d+ cycles/);
  });

  it('with --loss 0 and --json prints one object with only 00 and 11', () => {
    const { status, stdout } = qcirc([
      'run',
      file('bell.qasm', bellQasm),
      '-s',
      '1000',
      '--loss',
      '0',
      '--json',
    ]);
    expect(status).toBe(0);
    const result = JSON.parse(stdout) as {
      counts: Record<string, number>;
      shots: number;
      erasures: { total: number };
    };
    expect(Object.keys(result.counts).sort()).toEqual(['00', '11']);
    expect(result.counts['00']! + result.counts['11']!).toBe(1000);
    expect(result.erasures.total).toBe(0);
  });

  it('reads - as standard input, and the same seed repeats the run', () => {
    const a = qcirc(['run', '-', '--seed', '11', '--json'], bellQasm);
    const b = qcirc(['run', '-', '--seed', '11', '--json'], bellQasm);
    expect(a.status).toBe(0);
    expect(JSON.parse(a.stdout).counts).toEqual(JSON.parse(b.stdout).counts);
    expect(JSON.parse(a.stdout).source).toBe('<stdin>');
  });

  it('binds input declarations with --input', () => {
    const source = file(
      'input.qasm',
      'OPENQASM 3.0;\ninclude "stdgates.inc";\ninput float theta;\nqubit q;\nbit c;\nrx(theta) q;\nc = measure q;\n',
    );
    const { status, stdout } = qcirc([
      'run',
      source,
      '--input',
      'theta=3.141592653589793',
      '--loss',
      '0',
      '--json',
    ]);
    expect(status).toBe(0);
    expect(JSON.parse(stdout).counts).toEqual({ '1': 1024 });
  });

  it('takes a flag for every noise parameter, each checked', () => {
    const run = (...flags: string[]) => qcirc(['run', 'example:bell', '--seed', '1', '--json', ...flags]);
    const noise = (...flags: string[]) => (JSON.parse(run(...flags).stdout) as { noise: unknown }).noise;
    expect(noise('--loss', '0.02', '--pauli', '0.01', '--erasure-fraction', '0.5')).toEqual({
      loss: 0.02,
      pauli: 0.01,
      erasure_fraction: 0.5,
    });
    for (const [flags, message] of [
      [
        ['--erasure-fraction', '0'],
        /--erasure-fraction <eta>' argument '0' is invalid\. expected a fraction above 0/,
      ],
      [['--loss', '0.6', '--pauli', '0.6'], /INVALID_RUN_OPTIONS: noise loss \+ pauli must not exceed 1/],
    ] as const) {
      const refused = run(...flags);
      expect(refused.status, flags.join(' ')).not.toBe(0);
      expect(refused.stderr).toMatch(message);
    }
  });

  it('--json keys counts by register as Qiskit does, beside the plain bit strings', () => {
    const circuit = file('registers.json', JSON.stringify(registersJson));
    const { status, stdout } = qcirc(['run', circuit, '--shots', '10', '--loss', '0', '--json']);
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({
      counts: { [REGISTERS_PLAIN]: 10 },
      counts_by_register: { [REGISTERS_QISKIT]: 10 },
    });
  });

  it('shows an OpenQASM error with its position, the line and a caret, and exits with 2', () => {
    const source = file('broken.qasm', 'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nh q[5];\n');
    const { status, stderr } = qcirc(['run', source]);
    expect(status).toBe(2);
    expect(stderr).toContain(`qcirc: INVALID_QASM: ${source}:4:`);
    expect(stderr).toMatch(/4 \| h q\[5\];\n {2}\| +\^/);
  });

  it('refuses a missing file and bad option values with a non-zero exit', () => {
    const missing = qcirc(['run', join(dir, 'nope.qasm')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/SOURCE_UNREADABLE: cannot read .*nope\.qasm: no such file/);
    const shots = qcirc(['run', 'example:bell', '--shots', 'many']);
    expect(shots.status).not.toBe(0);
    expect(shots.stderr).toMatch(/--shots.*expected an integer/);
    const tooMany = qcirc(['run', 'example:bell', '--shots', '2000000']);
    expect(tooMany.status).toBe(2);
    expect(tooMany.stderr).toMatch(/INVALID_RUN_OPTIONS: shots must be an integer from 1 to 1000000/);
    const backend = qcirc(['run', 'example:bell', '--backend', 'neutral_atom_qpu']);
    expect(backend.status).toBe(2);
    expect(backend.stderr).toMatch(/BACKEND_UNAVAILABLE/);
  });

  it('refuses a circuit over the memory budget with the error the REST API gives', () => {
    const wide = file(
      'wide.json',
      JSON.stringify({ qubits: 22, clbits: 1, operations: [{ op: 'measure', qubits: [0], clbits: [0] }] }),
    );
    // 2^22 amplitudes are 64 MiB of state alone.
    const refused = qcirc(['run', wide, '--max-memory', '64M', '--loss', '0']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(
      /^qcirc: CIRCUIT_TOO_LARGE: 22 qubits need [\d.]+ MiB of memory .*; the simulator's memory budget is 64 MiB, which fits at most \d+ qubits\n$/,
    );
    const fromEnv = spawnSync(process.execPath, [BIN, 'run', wide, '--loss', '0'], {
      encoding: 'utf8',
      env: { ...process.env, QCIRC_MAX_MEMORY: '64M' },
    });
    expect(fromEnv.status).toBe(2);
    expect(fromEnv.stderr).toContain('CIRCUIT_TOO_LARGE');
    const fits = qcirc(['run', 'example:bell', '--max-memory', '64M', '--json']);
    expect(fits.status).toBe(0);
    expect(JSON.parse(fits.stdout)).toHaveProperty('counts');
    const bad = qcirc(['run', 'example:bell', '--max-memory', 'much']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("INVALID_CONFIG: invalid configuration: --max-memory 'much' is not a size");
  });

  // A minute: the run takes seconds alone and several times that on a loaded machine.
  it('draws a progress bar for a run over a second when asked to', { timeout: 60_000 }, () => {
    // An ideal 21-qubit run of 40 layers: seconds of passes over a 32 MiB state.
    const lines = [
      'OPENQASM 3.0;',
      'include "stdgates.inc";',
      'qubit[21] q;',
      'bit[21] c;',
      'for int layer in [0:39] {',
    ];
    lines.push(
      '  for int i in [0:18] { rx(0.1 * layer + i) q[i]; cx q[i], q[i + 1]; }',
      '}',
      'c = measure q;',
    );
    const source = file('long.qasm', lines.join('\n'));
    const { status, stderr } = qcirc(['run', source, '-s', '10', '--loss', '0', '--seed', '1', '--progress']);
    expect(status).toBe(0);
    expect(stderr).toMatch(/\r█*[▏▎▍▌▋▊▉]?░* +\d+%/);
    expect(stderr.endsWith('\r\x1b[K')).toBe(true);
  });
});

describe('qcirc examples', () => {
  it('lists the starter examples with one-line descriptions', () => {
    const { status, stdout } = qcirc(['examples']);
    expect(status).toBe(0);
    for (const name of [
      'bell',
      'ghz',
      'qft',
      'grover',
      'teleport',
      'bernstein-vazirani',
      'deutsch-jozsa',
      'phase-estimation',
    ]) {
      expect(stdout).toMatch(new RegExp(`^${name} +\\S.{10,}$`, 'm'));
    }
  });
  it('prints one example as OpenQASM 3', () => {
    const { status, stdout } = qcirc(['examples', 'grover']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^OPENQASM 3\.0;/);
    expect(stdout).toContain('gate oracle');
  });
  it('names the known examples when asked for an unknown one', () => {
    const { status, stderr } = qcirc(['examples', 'shor']);
    expect(status).toBe(2);
    expect(stderr).toMatch(/EXAMPLE_NOT_FOUND: no example named 'shor' \(examples: bell, ghz/);
  });
});

describe('qcirc convert, estimate and draw', () => {
  it('converts to OpenQASM 2.0, JSON and back to OpenQASM 3 with the same counts', () => {
    const qasm2 = qcirc(['convert', 'example:ghz', '--to', 'qasm2']);
    expect(qasm2.status).toBe(0);
    expect(qasm2.stdout).toMatch(/^OPENQASM 2\.0;\ninclude "qelib1\.inc";/);
    const json = qcirc(['convert', '-', '--to', 'json'], qasm2.stdout);
    expect(json.status).toBe(0);
    const circuit = JSON.parse(json.stdout) as { qubits: number };
    expect(circuit.qubits).toBe(5);
    const out = join(dir, 'ghz.json');
    writeFileSync(out, json.stdout);
    const qasm3 = join(dir, 'ghz3.qasm');
    expect(qcirc(['convert', out, '--to', 'qasm3', '-o', qasm3]).status).toBe(0);
    expect(readFileSync(qasm3, 'utf8')).toMatch(/^OPENQASM 3\.0;/);
    const counts = JSON.parse(qcirc(['run', qasm3, '--loss', '0', '--json']).stdout).counts as Record<
      string,
      number
    >;
    expect(Object.keys(counts).sort()).toEqual(['00000', '11111']);
  });

  it('says which operation OpenQASM 2.0 cannot express', () => {
    const source = file('phase.qasm', 'OPENQASM 3.0;\nqubit q;\ngphase(0.5);\n');
    const { status, stderr } = qcirc(['convert', source, '--to', 'qasm2']);
    expect(status).toBe(2);
    expect(stderr).toMatch(/CANNOT_EXPORT: cannot write .*gphase/);
  });

  it('estimates without running', () => {
    const { status, stdout } = qcirc(['estimate', 'example:qft']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/qubits 4, classical bits 4, depth \d+ cycles/);
    expect(stdout).toMatch(/estimated time/);
    expect(stdout).toMatch(/state memory 256 B, run memory [\d.]+ KiB \(states, threads, shots\)/);
    // The record of POST /estimates; the noise flags are run's.
    const json = JSON.parse(
      qcirc(['estimate', 'example:qft', '--json', '--loss', '0', '--pauli', '0']).stdout,
    ) as { backend: string; shots: number; estimates: Record<string, number> };
    expect(json).toMatchObject({ backend: 'local_simulator', shots: 1024, estimates: { qubits: 4 } });
    expect(json.estimates.memory_bytes).toBeGreaterThan(256);
    expect(json.estimates.expected_erasures_per_shot).toBe(0);
  });

  it('draws a circuit as text', () => {
    const { status, stdout } = qcirc(['draw', 'example:bell']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/q\[0\]|q_0/);
    expect(stdout).toContain('H');
  });
});
