/** runOnWorkers: tasks on the stage's own worker and on the workers it may borrow, results in order. */
import { describe, expect, it } from 'vitest';
import { runOnWorkers } from '../../src/engine/worker-lanes.js';

/** A pool of `idle` workers to lend, counting what is out at once. */
function pool(idle: number) {
  const state = { out: 0, most: 0, borrowed: 0 };
  const borrow = () => {
    if (state.out >= idle) return null;
    state.out += 1;
    state.borrowed += 1;
    state.most = Math.max(state.most, state.out);
    return () => {
      state.out -= 1;
    };
  };
  return { state, borrow };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runOnWorkers', () => {
  it('runs one task at a time when nothing is lent, in order', async () => {
    const order: number[] = [];
    let running = 0;
    const results = await runOnWorkers(
      4,
      async (index) => {
        running += 1;
        expect(running).toBe(1);
        order.push(index);
        await tick(2);
        running -= 1;
        return index * 10;
      },
      () => null,
    );
    expect(results).toEqual([0, 10, 20, 30]);
    expect(order).toEqual([0, 1, 2, 3]);
  });

  it('runs beside its own worker on every worker lent, and gives each back', async () => {
    const { state, borrow } = pool(2);
    let running = 0;
    let most = 0;
    const results = await runOnWorkers(
      9,
      async (index) => {
        running += 1;
        most = Math.max(most, running);
        await tick(5);
        running -= 1;
        return `r${index}`;
      },
      borrow,
    );
    expect(results).toEqual(Array.from({ length: 9 }, (_, index) => `r${index}`));
    expect(most).toBe(3);
    expect(state.most).toBe(2);
    expect(state.out).toBe(0);
  });

  it('starts nothing after a failure, waits for the tasks running, then throws the first error', async () => {
    const { state, borrow } = pool(1);
    const started: number[] = [];
    let finished = 0;
    const run = runOnWorkers(
      6,
      async (index) => {
        started.push(index);
        if (index === 1) throw new Error('cancelled');
        await tick(10);
        finished += 1;
        return index;
      },
      borrow,
    );
    await expect(run).rejects.toThrow('cancelled');
    expect(started).toEqual([0, 1]);
    expect(finished).toBe(1);
    expect(state.out).toBe(0);
  });

  it('answers nothing for no tasks', async () => {
    expect(
      await runOnWorkers(
        0,
        async () => 1,
        () => null,
      ),
    ).toEqual([]);
  });
});
