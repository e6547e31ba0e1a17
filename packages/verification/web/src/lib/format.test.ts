import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatTime } from './format.js';

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [12_340, '12.3 s'],
    [245_000, '4 min 05 s'],
    [7_380_000, '2 h 03 min'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%d ms is %s', (ms, text) => expect(formatDuration(ms)).toBe(text));
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [100 * 1024 * 1024, '100 MB'],
    [-5, '—'],
  ])('%d bytes is %s', (n, text) => expect(formatBytes(n)).toBe(text));
});

describe('formatTime', () => {
  it('writes a timestamp and a dash for none or nonsense', () => {
    expect(formatTime('2026-11-24T12:05:40.563Z')).toMatch(/2026/);
    expect(formatTime(null)).toBe('—');
    expect(formatTime(undefined)).toBe('—');
    expect(formatTime('yesterday')).toBe('—');
  });
});
