/**
 * A VCD trace (IEEE 1364 §18, text), read as a stream of whitespace-separated tokens: the header's
 * `$scope`, `$upscope` and `$var` declarations up to `$enddefinitions`, then the value changes
 * (`#time`, `0!`, `b1010 !`). Real and string values are skipped; a vector shorter than its
 * variable is extended as the standard says (with 0, or with its own leading x or z).
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { withoutRange, type TraceReader, type TraceScope, type ValueChange } from './trace.js';

async function* tokens(path: string): AsyncGenerator<string> {
  const input = createReadStream(path, { encoding: 'utf8' });
  try {
    for await (const line of createInterface({ input, crlfDelay: Infinity })) {
      for (const token of line.split(/\s+/)) if (token !== '') yield token;
    }
  } finally {
    input.destroy();
  }
}

/** A VCD vector value extended to its variable's width, as IEEE 1364 §18.2.3.8 says. */
export function extendVcdValue(value: string, width: number): string {
  if (value.length >= width) return value.slice(-width);
  const fill = value.startsWith('1') ? '0' : value.charAt(0);
  return fill.repeat(width - value.length) + value;
}

export class VcdReader implements TraceReader {
  constructor(private readonly path: string) {}

  async scopes(): Promise<TraceScope[]> {
    return (await this.read(null)).scopes;
  }

  async changes(ids: readonly string[]): Promise<Map<string, ValueChange[]>> {
    return (await this.read(new Set(ids))).changes;
  }

  /** The header, and the value changes of `ids` (none are read when `ids` is null). */
  private async read(ids: ReadonlySet<string> | null) {
    const scopes: TraceScope[] = [];
    const changes = new Map<string, ValueChange[]>([...(ids ?? [])].map((id) => [id, []]));
    const widths = new Map<string, number>();
    const open: TraceScope[] = [];
    let inHeader = true;
    let statement: string[] = [];
    let time = 0;
    let skippingComment = false;
    // A vector or real value waits for the identifier that follows it.
    let pending: { value: string; isBits: boolean } | null = null;
    const record = (id: string, value: string) => {
      const list = changes.get(id);
      if (list !== undefined)
        list.push({ time, value: extendVcdValue(value.toLowerCase(), widths.get(id) ?? value.length) });
    };

    for await (const token of tokens(this.path)) {
      if (inHeader) {
        if (token !== '$end') {
          statement.push(token);
          continue;
        }
        const [keyword, ...args] = statement;
        statement = [];
        if (keyword === '$scope') {
          const scope: TraceScope = {
            path: [...(open.at(-1)?.path ?? []), args[1] ?? ''],
            component: null,
            variables: [],
          };
          scopes.push(scope);
          open.push(scope);
        } else if (keyword === '$upscope') {
          open.pop();
        } else if (keyword === '$var') {
          const [, width = '1', id = '', ...reference] = args;
          widths.set(id, Number(width));
          open.at(-1)?.variables.push({ name: withoutRange(reference.join(' ')), width: Number(width), id });
        } else if (keyword === '$enddefinitions') {
          if (ids === null) break;
          inHeader = false;
        }
        continue;
      }
      if (skippingComment) {
        skippingComment = token !== '$end';
      } else if (pending !== null) {
        if (pending.isBits) record(token, pending.value);
        pending = null;
      } else if (token.startsWith('#')) {
        time = Number(token.slice(1));
      } else if (/^[bB]/.test(token)) {
        pending = { value: token.slice(1), isBits: true };
      } else if (/^[rRsS]/.test(token)) {
        pending = { value: token.slice(1), isBits: false };
      } else if (token === '$comment') {
        skippingComment = true;
      } else if (/^[01xXzZ]/.test(token)) {
        record(token.slice(1), token.charAt(0));
      }
      // Other keywords ($dumpvars, $dumpall, $dumpon, $dumpoff, $end) only group value changes.
    }
    return { scopes, changes };
  }
}
