/**
 * Reads the VCD trace of a crypto campaign once, as a stream, and samples it at every rising edge
 * of the design's clock: the values just before the edge (what the registers held during the
 * cycle that ends), the number of bits that differ from the previous edge's sample over every
 * signal dumped (the Hamming-distance power model), and the handshake ports' levels.
 *
 * Value changes at the edge's own time stamp come after the edge (a register's new value), so a
 * time stamp's changes are held back until the next one shows whether the clock rose in it. The
 * end of the trace counts as a last edge.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { extendVcdValue } from '../fsm/vcd-reader.js';
import { withoutRange } from '../fsm/trace.js';

export interface EdgeTrace {
  /** Per rising edge: differing bits against the previous edge's sample (0 at the first edge). */
  power: number[];
  /** Per watched signal (by name in the dut scope): the edges at which it was sampled high. */
  highAt: Map<string, number[]>;
}

export interface EdgeSamplerRequest {
  /** The design's scope, `harness_top.dut` as dotted names. */
  scope: string;
  clock: string;
  /** One-bit ports of the design scope whose high edges are wanted (start and done). */
  watch: readonly string[];
}

export class TraceSignalError extends Error {}

function hamming(a: string, b: string): number {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  let count = 0;
  for (let i = 0; i < a.length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) count++;
  return count;
}

interface Header {
  widths: Map<string, number>;
  /** Signal name in the design scope to VCD identifier. */
  named: Map<string, string>;
}

/** Applies the header's declarations one statement at a time. */
class HeaderReader {
  readonly widths = new Map<string, number>();
  readonly named = new Map<string, string>();
  private readonly path: string[] = [];
  private statement: string[] = [];

  constructor(private readonly scope: string) {}

  /** Takes one token; answers true once `$enddefinitions` has ended. */
  accept(token: string): boolean {
    if (token !== '$end') {
      this.statement.push(token);
      return false;
    }
    const [keyword, ...args] = this.statement;
    this.statement = [];
    if (keyword === '$scope') this.path.push(args[1] ?? '');
    else if (keyword === '$upscope') this.path.pop();
    else if (keyword === '$var') {
      const [, width = '1', id = '', ...reference] = args;
      this.widths.set(id, Number(width));
      if (this.path.join('.') === this.scope) this.named.set(withoutRange(reference.join(' ')), id);
    }
    return keyword === '$enddefinitions';
  }

  header(): Header {
    return { widths: this.widths, named: this.named };
  }
}

export async function sampleEdges(path: string, request: EdgeSamplerRequest): Promise<EdgeTrace> {
  const input = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  const headerReader = new HeaderReader(request.scope);
  let header: Header | null = null;
  let clockId = '';
  const watched = new Map<string, string>();

  const current = new Map<string, string>();
  const sampled = new Map<string, string>();
  // Changed since the last sample, in earlier time stamps; and in the current time stamp, with the
  // value each had before it.
  let dirty = new Set<string>();
  let stamp = new Map<string, string | undefined>();
  const power: number[] = [];
  const highAt = new Map<string, number[]>(request.watch.map((name) => [name, []]));

  const before = (id: string) => (stamp.has(id) ? stamp.get(id) : current.get(id));
  const sample = (valueOf: (id: string) => string | undefined) => {
    let bits = 0;
    for (const id of dirty) {
      const value = valueOf(id) ?? '';
      bits += hamming(sampled.get(id) ?? value, value);
      sampled.set(id, value);
    }
    const edge = power.length;
    power.push(bits);
    for (const [name, id] of watched) if (valueOf(id) === '1') highAt.get(name)!.push(edge);
  };
  const endStamp = () => {
    const clockBefore = before(clockId);
    if (stamp.has(clockId) && clockBefore === '0' && current.get(clockId) === '1') {
      sample(before);
      dirty = new Set(stamp.keys());
    } else {
      for (const id of stamp.keys()) dirty.add(id);
    }
    stamp = new Map();
  };
  const change = (id: string, value: string) => {
    if (!stamp.has(id)) stamp.set(id, current.get(id));
    current.set(id, extendVcdValue(value.toLowerCase(), header?.widths.get(id) ?? value.length));
  };

  try {
    for await (const line of lines) {
      if (header === null) {
        for (const token of line.split(/\s+/)) {
          if (token === '' || !headerReader.accept(token)) continue;
          header = headerReader.header();
          const find = (name: string) => {
            const id = header!.named.get(name);
            if (id === undefined) {
              throw new TraceSignalError(`the trace has no signal ${request.scope}.${name}`);
            }
            return id;
          };
          clockId = find(request.clock);
          for (const name of request.watch) watched.set(name, find(name));
          break;
        }
        continue;
      }
      const first = line.charAt(0);
      if (first === '#') endStamp();
      else if (first === 'b' || first === 'B') {
        const space = line.indexOf(' ');
        change(line.slice(space + 1).trim(), line.slice(1, space));
      } else if ('01xXzZ'.includes(first) && line.length > 1) change(line.slice(1).trim(), first);
      // $dumpvars, $end, real and string values carry nothing the power model counts.
    }
    if (header !== null) {
      endStamp();
      // The harness ends the simulation as soon as it has seen the last done, before the edge that
      // would sample it: the end of the trace counts as one more edge.
      if (power.length > 0) sample((id) => current.get(id));
    }
  } finally {
    input.destroy();
  }
  if (header === null) throw new TraceSignalError('the trace has no header');
  return { power, highAt };
}
