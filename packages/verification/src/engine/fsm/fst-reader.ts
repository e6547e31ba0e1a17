/** An FST trace (binary), read through the fst-dump helper (its output is described in native/fst-dump.c). */
import { runAnalysisTool } from './tool-run.js';
import { withoutRange, type TraceReader, type TraceScope, type ValueChange } from './trace.js';

const TIMEOUT_MS = 120_000;

export class FstReader implements TraceReader {
  constructor(
    private readonly path: string,
    private readonly helper: { executable: string; cwd: string; signal: AbortSignal },
  ) {}

  async scopes(): Promise<TraceScope[]> {
    const scopes: TraceScope[] = [];
    const open: TraceScope[] = [];
    for (const line of await this.dump(['hierarchy', this.path])) {
      const [kind, ...fields] = line.split('\t');
      if (kind === 'S') {
        const [name = '', component = ''] = fields;
        const scope: TraceScope = {
          path: [...(open.at(-1)?.path ?? []), name],
          component: component || null,
          variables: [],
        };
        scopes.push(scope);
        open.push(scope);
      } else if (kind === 'U') {
        open.pop();
      } else if (kind === 'V') {
        const [handle = '', width = '', name = ''] = fields;
        open.at(-1)?.variables.push({ name: withoutRange(name), width: Number(width), id: handle });
      }
    }
    return scopes;
  }

  async changes(ids: readonly string[]): Promise<Map<string, ValueChange[]>> {
    const changes = new Map<string, ValueChange[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return changes;
    for (const line of await this.dump(['changes', this.path, ...ids])) {
      const [kind, time = '', handle = '', value = ''] = line.split('\t');
      if (kind === 'C') changes.get(handle)?.push({ time: Number(time), value: value.toLowerCase() });
    }
    return changes;
  }

  private dump(args: string[]): Promise<string[]> {
    return runAnalysisTool({
      command: this.helper.executable,
      args,
      cwd: this.helper.cwd,
      signal: this.helper.signal,
      timeoutMs: TIMEOUT_MS,
      purpose: 'fst-dump, reading the trace,',
    });
  }
}
