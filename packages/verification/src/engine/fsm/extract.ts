/**
 * Finding the design's state machines with Yosys, as its `synth` script does before `fsm`:
 * `proc`, then `opt -nodffe -nosdff` (fsm_detect recognises neither enable nor synchronous-reset
 * flip-flops), then `fsm_detect; fsm_extract; fsm_info`. The codes stay the design's own: no
 * `fsm_recode` runs, so they are the values the state register takes in a simulation.
 *
 * Yosys finds a state register when it is driven only by constants and itself through
 * multiplexers. It leaves out one that drives a module port (`Register is connected to module
 * port`), since recoding it would change the port, and Yosys 0.23's fsm_extract fails an
 * assertion on one forced in; nothing here recodes, so `delete -output` first makes the output
 * ports internal wires, and a state register that is an output port is found like any other.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { definesHeader, isScriptWord } from '../formal/yosys-script.js';
import { FsmCoverageUnavailable } from './errors.js';
import { mergeModuleCopies, parseFsmInfo, type ExtractedFsm } from './fsm-info.js';
import { runAnalysisTool } from './tool-run.js';

export interface DesignSources {
  /** The directory the paths below are relative to. */
  sourceDir: string;
  sources: readonly string[];
  includeDirs: readonly string[];
  defines: Readonly<Record<string, string>>;
  /** The design's top module. */
  top: string;
}

const YOSYS_TIMEOUT_MS = 120_000;
const SCRIPT_FILE = 'fsm-detect.ys';
const DEFINES_FILE = 'fsm-defines.vh';

export async function extractStateMachines(
  design: DesignSources,
  run: { yosys: string; workDir: string; signal: AbortSignal },
): Promise<ExtractedFsm[]> {
  const header = join(run.workDir, DEFINES_FILE);
  const hasDefines = Object.keys(design.defines).length > 0;
  const reads = [...(hasDefines ? [header] : []), ...design.sources];
  const unreadable = [...reads, ...design.includeDirs, design.top].find((word) => !isScriptWord(word));
  if (unreadable !== undefined) {
    throw new FsmCoverageUnavailable(
      `'${unreadable}' cannot be given to yosys: names with spaces, quotes, ';' or '#'`,
    );
  }
  if (hasDefines) await writeFile(header, definesHeader(design.defines));
  const script = join(run.workDir, SCRIPT_FILE);
  await writeFile(
    script,
    [
      ['read_verilog', '-sv', ...design.includeDirs.map((dir) => `-I${dir}`), ...reads].join(' '),
      `hierarchy -top ${design.top}`,
      'proc',
      'opt -nodffe -nosdff',
      'delete -output o:*',
      'fsm_detect',
      'fsm_extract',
      'fsm_info',
      '',
    ].join('\n'),
  );
  // From the source directory, so that the project's relative paths and `include lines resolve.
  const output = await runAnalysisTool({
    command: run.yosys,
    args: ['-s', script],
    cwd: design.sourceDir,
    signal: run.signal,
    timeoutMs: YOSYS_TIMEOUT_MS,
    purpose: 'yosys, looking for state machines,',
  });
  return mergeModuleCopies(parseFsmInfo(output));
}
