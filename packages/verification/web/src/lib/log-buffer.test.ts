import { describe, expect, it } from 'vitest';
import { createLogBuffer, frameBatcher, splitMatches, type LogEntry, type LogLevel } from './log-buffer.js';

const line = (stage: string, level: LogLevel, message: string): LogEntry => ({
  timestamp: '2026-11-27T08:00:00.000Z',
  stage,
  level,
  message,
});

describe('createLogBuffer', () => {
  it('keeps every line and shows the ones the level and stage filters let through', () => {
    const buffer = createLogBuffer();
    buffer.append([
      line('platform', 'INFO', 'job started'),
      line('lint', 'WARNING', '%Warning-WIDTH: counter.sv:12'),
      line('lint', 'ERROR', '%Error: counter.sv:14'),
      line('simulation', 'INFO', 'TEST wraps PASS'),
    ]);
    expect(buffer.shown).toEqual([0, 1, 2, 3]);
    expect(buffer.stages).toEqual(['platform', 'lint', 'simulation']);

    buffer.setFilter({ levels: new Set(['WARNING', 'ERROR']), stage: null });
    expect(buffer.shown).toEqual([1, 2]);
    buffer.setFilter({ levels: new Set(['INFO', 'ERROR']), stage: 'lint' });
    expect(buffer.shown).toEqual([2]);

    // New lines are filtered as they come.
    buffer.append([line('lint', 'INFO', 'stage lint failed'), line('formal', 'ERROR', 'assert failed')]);
    expect(buffer.lines).toHaveLength(6);
    expect(buffer.shown).toEqual([2, 4]);
    expect(buffer.stages).toEqual(['platform', 'lint', 'simulation', 'formal']);
  });

  it('finds the query in the shown lines, case-insensitively, as lines arrive and filters change', () => {
    const buffer = createLogBuffer();
    buffer.append([
      line('simulation', 'INFO', 'TEST a PASS'),
      line('simulation', 'ERROR', 'TEST b FAIL'),
      line('formal', 'INFO', 'pass: 5 properties'),
    ]);
    buffer.setQuery('Pass');
    expect(buffer.matches).toEqual([0, 2]);
    buffer.append([line('simulation', 'INFO', 'all passed')]);
    expect(buffer.matches).toEqual([0, 2, 3]);
    // Matches are positions among the shown lines.
    buffer.setFilter({ levels: new Set(['INFO']), stage: 'simulation' });
    expect(buffer.shown).toEqual([0, 3]);
    expect(buffer.matches).toEqual([0, 1]);
    buffer.setQuery('');
    expect(buffer.matches).toEqual([]);
  });

  it('appends a batch to a 100,000-line log without refiltering the whole log', () => {
    const buffer = createLogBuffer({ levels: new Set(['ERROR']), stage: null });
    buffer.setQuery('fail');
    const batch = Array.from({ length: 1000 }, (_, i) =>
      line('simulation', i % 10 === 0 ? 'ERROR' : 'INFO', `TEST t${i} ${i % 20 === 0 ? 'FAIL' : 'PASS'}`),
    );
    for (let i = 0; i < 100; i++) buffer.append(batch);
    expect(buffer.lines).toHaveLength(100_000);
    expect(buffer.shown).toHaveLength(10_000);
    expect(buffer.matches).toHaveLength(5_000);
    const started = performance.now();
    buffer.append(batch);
    expect(performance.now() - started).toBeLessThan(50);
    expect(buffer.shown.at(-1)).toBe(100_990);
  });
});

describe('splitMatches', () => {
  it('cuts a line into the runs that match and those between', () => {
    expect(splitMatches('TEST a PASS, test b pass', 'pass')).toEqual([
      { text: 'TEST a ', match: false },
      { text: 'PASS', match: true },
      { text: ', test b ', match: false },
      { text: 'pass', match: true },
    ]);
    expect(splitMatches('abc', '')).toEqual([{ text: 'abc', match: false }]);
    expect(splitMatches('abc', 'x')).toEqual([{ text: 'abc', match: false }]);
    expect(splitMatches('', 'x')).toEqual([{ text: '', match: false }]);
  });
});

describe('frameBatcher', () => {
  function harness(minIntervalMs: number) {
    let clock = 0;
    const frames: (() => void)[] = [];
    const timers: { at: number; callback: () => void }[] = [];
    const flushed: number[][] = [];
    const batcher = frameBatcher<number>((items) => flushed.push(items), {
      minIntervalMs,
      frame: (callback) => frames.push(callback),
      delay: (callback, ms) => timers.push({ at: clock + ms, callback }),
      now: () => clock,
    });
    const advance = (ms: number) => {
      clock += ms;
      for (const timer of timers.filter((t) => t.at <= clock)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.callback();
      }
    };
    const nextFrame = () => frames.shift()!();
    return { batcher, frames, timers, flushed, advance, nextFrame };
  }

  it('hands everything pushed before a frame over in one flush', () => {
    const { batcher, frames, flushed, nextFrame } = harness(0);
    batcher.push(1);
    batcher.push(2);
    batcher.push(3);
    expect(frames).toHaveLength(1);
    expect(flushed).toEqual([]);
    nextFrame();
    expect(flushed).toEqual([[1, 2, 3]]);
    batcher.push(4);
    batcher.push(5);
    expect(frames).toHaveLength(1);
    nextFrame();
    expect(flushed).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('waits out the least interval after a flush, and not after a quiet spell', () => {
    const { batcher, frames, timers, flushed, advance, nextFrame } = harness(50);
    batcher.push(1);
    nextFrame();
    advance(10);
    batcher.push(2);
    batcher.push(3);
    // 10 ms after the last flush: the frame is asked for 40 ms later.
    expect(frames).toHaveLength(0);
    expect(timers.map((t) => t.at)).toEqual([50]);
    advance(39);
    expect(frames).toHaveLength(0);
    advance(1);
    nextFrame();
    expect(flushed).toEqual([[1], [2, 3]]);
    advance(200);
    batcher.push(4);
    expect(frames).toHaveLength(1);
  });
});
