/**
 * Conformance (contract point 4): the operations a test called through the library and whose
 * result it checked, as RPC method names (docs/hypervisor-grpc.md's mapping) plus the feature
 * ids, all over `rest`. `record(client)` wraps a client so that every method named after an RPC
 * (`getVm` for GetVm) counts once its promise resolved or its stream yielded; the tests check
 * each result, and `cover()` counts a feature (or an operation whose checked result is a refusal).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const GRPC_DOC = fileURLToPath(new URL('../../../../../../docs/hypervisor-grpc.md', import.meta.url));
export const CHECKED_IN = fileURLToPath(new URL('../../../conformance/typescript.json', import.meta.url));

/** Every RPC of the mapping tables: `| \`GET /vms\` | \`hypervisor.v1.VmService/ListVms\` ...`. */
export function rpcMethods(doc = readFileSync(GRPC_DOC, 'utf8')): string[] {
  const names = [...doc.matchAll(/^\|\s*`[A-Z]+ \/[^`]*`\s*\|\s*`hypervisor\.v1\.\w+\/(\w+)`/gm)].map(
    (m) => m[1]!,
  );
  return [...new Set(names)].sort();
}

export const FEATURES = [
  'feature:events-resume',
  'feature:migrate-progress',
  'feature:operation-progress',
  'feature:unix-socket',
  'feature:tls-pinned',
  'feature:tls-wrong-pin',
  'feature:typed-errors',
  'feature:auth-unauthenticated',
  'feature:auth-forbidden',
  'feature:timeout',
  'feature:cancel',
] as const;

export type Conformance = { language: 'typescript'; covered: { rest: string[] } };

export const methodOf = (rpc: string): string => rpc[0]!.toLowerCase() + rpc.slice(1);

export class Coverage {
  readonly #rpcs: ReadonlyMap<string, string>;
  readonly covered = new Set<string>();

  constructor(rpcs: readonly string[] = rpcMethods()) {
    this.#rpcs = new Map(rpcs.map((rpc) => [methodOf(rpc), rpc]));
  }

  cover(operation: string): void {
    this.covered.add(operation);
  }

  /** `client`, counting each RPC method whose promise resolved (or whose stream yielded). */
  record<C extends object>(client: C): C {
    return new Proxy(client, {
      get: (target, key, receiver) => {
        const value: unknown = Reflect.get(target, key, receiver);
        const rpc = typeof key === 'string' ? this.#rpcs.get(key) : undefined;
        if (rpc === undefined || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (result instanceof Promise) {
            return result.then((answer: unknown) => {
              this.cover(rpc);
              return answer;
            });
          }
          return this.#countYields(rpc, result as AsyncGenerator<unknown>);
        };
      },
    });
  }

  async *#countYields<V>(rpc: string, stream: AsyncGenerator<V>): AsyncGenerator<V> {
    for await (const value of stream) {
      this.cover(rpc);
      yield value;
    }
  }

  result(): Conformance {
    return { language: 'typescript', covered: { rest: [...this.covered].sort() } };
  }

  /** Writes the result where the harness's caller asked (`HV_CONFORMANCE_OUT`), when it did. */
  writeOut(path = process.env.HV_CONFORMANCE_OUT): void {
    if (path !== undefined && path !== '') writeFileSync(path, `${JSON.stringify(this.result(), null, 2)}\n`);
  }
}

export function checkedIn(): Conformance {
  return JSON.parse(readFileSync(CHECKED_IN, 'utf8')) as Conformance;
}
