import { describe, expect, it } from 'vitest';
import { createKeyedMutex } from '../../src/concurrency/keyed-mutex.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createKeyedMutex', () => {
  it('runs work on one key one at a time, in order, even when one fails', async () => {
    const mutex = createKeyedMutex();
    const order: string[] = [];
    const first = mutex('a', async () => {
      order.push('first start');
      await tick();
      order.push('first end');
      throw new Error('first failed');
    });
    const second = mutex('a', async () => {
      order.push('second');
      return 2;
    });
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(order).toEqual(['first start', 'first end', 'second']);
  });

  it('lets work on different keys run side by side', async () => {
    const mutex = createKeyedMutex();
    const order: string[] = [];
    let release!: () => void;
    const blocked = mutex('a', () => new Promise<void>((resolve) => (release = resolve)));
    await mutex('b', async () => void order.push('b ran while a waited'));
    release();
    await blocked;
    expect(order).toEqual(['b ran while a waited']);
  });
});
