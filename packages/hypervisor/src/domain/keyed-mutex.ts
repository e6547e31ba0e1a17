/**
 * One action at a time per VM: an action (API request or guest event) waits for the one before
 * it on the same key, then sees the state that one left. This is how libvirt serialises jobs on
 * a domain, and it is what makes the loser of two concurrent starts get VM_ALREADY_RUNNING.
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
