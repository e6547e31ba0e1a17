/**
 * Starting a worker thread on a package's own module, from the compiled `dist/` or from the
 * TypeScript sources (the quantum simulator's and the hypervisor's PQC workers use it). Compiled,
 * a worker is a plain `new Worker(url)`. From sources (vitest, benchmarks) Node cannot load `.ts`
 * and a Worker's `execArgv: ['--import', 'tsx']` does not take on Node 20, so the worker is a
 * small eval script that registers tsx's loader and then imports the module;
 * `--conditions=@lab/source` makes workspace packages resolve to their sources there too, as they do
 * in the tests.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the module `name` (a path without extension, relative to `base`, e.g. `'./job-worker'`)
 * in a worker thread; `base` is the caller's `import.meta.url`.
 */
export function spawnWorker(name: string, base: string, options: WorkerOptions = {}): Worker {
  if (!base.endsWith('.ts')) return new Worker(new URL(`${name}.js`, base), options);
  const tsx = import.meta.resolve('tsx/esm/api');
  const module = new URL(`${name}.ts`, base).href;
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(module)}); });`;
  return new Worker(code, {
    ...options,
    eval: true,
    execArgv: [...(options.execArgv ?? []), '--conditions=@lab/source'],
  });
}
