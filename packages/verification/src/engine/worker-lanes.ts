/**
 * Running independent tasks on the service's worker pool: the stage's own worker runs them one
 * after another, and each task that could start while another runs takes an idle worker of the
 * pool if one is lent (StageContext.borrowWorker), giving it back when it ends. So a job alone on
 * the service uses every worker, and a job that waits gets the next one that is given back.
 */

/**
 * Runs `task(0)` ... `task(count - 1)`, answering their results in order. After a task throws,
 * no further one starts; the others still running are awaited, then the first error is thrown.
 */
export async function runOnWorkers<T>(
  count: number,
  task: (index: number) => Promise<T>,
  borrowWorker: () => (() => void) | null,
): Promise<T[]> {
  const results = new Array<T>(count);
  const active = new Set<Promise<void>>();
  let next = 0;
  let ownWorkerFree = true;
  let failure: { error: unknown } | null = null;
  const start = (giveBack: () => void) => {
    const index = next++;
    const running: Promise<void> = task(index)
      .then(
        (result) => {
          results[index] = result;
        },
        (error: unknown) => {
          failure ??= { error };
        },
      )
      .finally(() => {
        giveBack();
        active.delete(running);
      });
    active.add(running);
  };
  for (;;) {
    while (failure === null && next < count) {
      if (ownWorkerFree) {
        ownWorkerFree = false;
        start(() => {
          ownWorkerFree = true;
        });
        continue;
      }
      const giveBack = borrowWorker();
      if (giveBack === null) break;
      start(giveBack);
    }
    if (active.size === 0) break;
    await Promise.race(active);
  }
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}
