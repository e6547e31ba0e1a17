/**
 * The tools of a formal task run by hand, as a person following SymbiYosys 0.23's flow would type
 * them (its model scripts written out here, independently of the platform's), so that end-to-end
 * tests compare the platform's verdicts with the tools' own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ByHandTask {
  /** Directory holding the sources the script reads. */
  sourceDir: string;
  /** Lines reading the design, ending with `prep -top <top>` (and any extra commands). */
  script: string[];
  mode: 'bmc' | 'prove' | 'cover';
  multiclock?: boolean;
  depth: number;
  engine: 'z3' | 'yices' | 'abc pdr';
  /** Seconds before the tool is killed (default 120). */
  timeoutSeconds?: number;
}

export interface ByHandResult {
  /** yosys's exit code and its error line, when the model could not be written. */
  yosysError: string | null;
  /** Every line the solver tools printed. */
  output: string[];
  /** `Status:` of yosys-smtbmc's bounded check (or cover run), and of its induction. */
  bmc: string | null;
  induction: string | null;
  /** yosys-abc: `Property proved.` or the frame of `... was asserted in frame N.` */
  pdr: 'proved' | number | null;
  /** Assertions reported failing (`Assert failed in <scope>: <name>`), first report each. */
  failed: { scope: string; name: string }[];
  reached: { name: string; step: number }[];
  unreached: string[];
  timedOut: boolean;
}

/**
 * Runs a tool in a process group of its own, so that a time-out ends the solver it started too
 * (yosys-smtbmc runs z3 or yices as its child, which would hold the output pipe open).
 */
function run(command: string, args: string[], cwd: string, timeoutSeconds: number): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, timeoutSeconds * 1000);
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ lines: text.split('\n'), status, timedOut });
    });
  });
}

interface ToolRun {
  lines: string[];
  status: number | null;
  timedOut: boolean;
}

export async function runByHand(task: ByHandTask): Promise<ByHandResult> {
  const dir = mkdtempSync(join(tmpdir(), 'formal-by-hand-'));
  const limit = task.timeoutSeconds ?? 120;
  const clocks = task.multiclock === true ? ['clk2fflogic'] : ['async2sync', 'chformal -assume -early'];
  const kept = task.mode === 'cover' ? 'chformal -live -fair -remove' : 'chformal -live -fair -cover -remove';
  const model = [
    ...task.script,
    'hierarchy -smtcheck',
    `write_rtlil ${dir}/design.il`,
    'design -reset',
    `read_rtlil ${dir}/design.il`,
    'scc -select; simplemap; select -clear',
    'memory_nordff',
    ...clocks,
    'opt_clean',
    'formalff -setundef -clk2ff -ff2anyinit',
    kept,
    'opt_clean',
    'check',
    'setundef -undriven -anyseq',
    'opt -fast',
    'rename -witness',
    'opt_clean',
    `write_rtlil ${dir}/design_prep.il`,
    ...(task.engine === 'abc pdr'
      ? [
          'hierarchy -simcheck',
          'flatten',
          'setundef -undriven -anyseq',
          'setattr -unset keep',
          'delete -output',
          'opt -full',
          'techmap',
          'opt -fast',
          'memory_map -formal',
          'formalff -clk2ff -ff2anyinit',
          'simplemap',
          'dffunmap',
          'abc -g AND -fast',
          'opt_clean',
          `write_aiger -I -B -zinit -no-startoffset ${dir}/design.aig`,
        ]
      : ['hierarchy -smtcheck', 'dffunmap', `write_smt2 -wires ${dir}/design.smt2`]),
  ];
  writeFileSync(join(dir, 'model.ys'), model.join('\n') + '\n');
  const result: ByHandResult = {
    yosysError: null,
    output: [],
    bmc: null,
    induction: null,
    pdr: null,
    failed: [],
    reached: [],
    unreached: [],
    timedOut: false,
  };
  const yosys = await run('yosys', ['-q', '-s', join(dir, 'model.ys')], task.sourceDir, limit);
  if (yosys.status !== 0) {
    result.yosysError = yosys.lines.filter((line) => line.includes('ERROR')).at(-1) ?? `exit ${yosys.status}`;
    return result;
  }
  const read = (lines: string[]) => {
    result.output.push(...lines);
    for (const line of lines) {
      const failed = /Assert failed in (\S+): (\S+)(?: \(step \d+\))?$/.exec(line);
      if (failed !== null && !result.failed.some((f) => f.scope === failed[1] && f.name === failed[2])) {
        result.failed.push({ scope: failed[1]!, name: failed[2]! });
      }
      const reached = /Reached cover statement at (\S+) in step (\d+)\./.exec(line);
      if (reached !== null) result.reached.push({ name: reached[1]!, step: Number(reached[2]) });
      const unreached = /Unreached cover statement at (\S+)\./.exec(line);
      if (unreached !== null) result.unreached.push(unreached[1]!);
    }
    return /Status: (\w+)/.exec(lines.join('\n'))?.[1] ?? null;
  };
  if (task.engine === 'abc pdr') {
    const abc = await run('yosys-abc', ['-c', `read_aiger ${dir}/design.aig; fold; strash; pdr`], dir, limit);
    result.output.push(...abc.lines);
    result.timedOut = abc.timedOut;
    if (abc.lines.some((line) => line.startsWith('Property proved.'))) result.pdr = 'proved';
    for (const line of abc.lines) {
      const frame = /was asserted in frame (\d+)\./.exec(line);
      if (frame !== null) result.pdr = Number(frame[1]);
    }
    return result;
  }
  const smtbmc = async (extra: string[]) => {
    const args = ['-s', task.engine, ...extra, '-t', String(task.depth), join(dir, 'design.smt2')];
    const ran = await run('yosys-smtbmc', args, dir, limit);
    result.timedOut ||= ran.timedOut;
    return ran.lines;
  };
  if (task.mode === 'cover') {
    result.bmc = read(await smtbmc(['--presat', '-c']));
    return result;
  }
  result.bmc = read(await smtbmc(['--presat', '--keep-going']));
  if (task.mode === 'prove' && !result.timedOut) result.induction = read(await smtbmc(['-i']));
  return result;
}
