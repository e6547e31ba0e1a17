/**
 * One change at a time per key: work on a key waits for the work before it on the same key, then
 * sees what that left. The hypervisor keys a VM's actions by its name (as libvirt serialises jobs
 * on a domain); the verification platform keys the work on a project's file tree by its id.
 */
export type KeyedMutex = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export function createKeyedMutex(): KeyedMutex {
  const tails = new Map<string, Promise<unknown>>();
  return async (key, work) => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
