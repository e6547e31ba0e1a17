import { describe, expect, it } from 'vitest';
import { closestMatch, editDistance, suggestAmong } from '../../src/domain/suggest.js';

describe('suggestions', () => {
  it.each([
    ['', '', 0],
    ['kitten', 'sitting', 3],
    ['depth', 'dept', 1],
    ['', 'abc', 3],
  ])('editDistance(%j, %j) = %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it('picks the closest candidate, ignoring case, ties to the earlier', () => {
    expect(closestMatch('formal.dept', ['formal.top', 'formal.depth'])).toBe('formal.depth');
    expect(closestMatch('NAME', ['status', 'name'])).toBe('name');
    expect(closestMatch('ab', ['ax', 'ay'])).toBe('ax');
  });

  it('suggests nothing when even the closest is far off', () => {
    expect(closestMatch('zzzz', ['name', 'status'])).toBeUndefined();
    expect(closestMatch('x', [])).toBeUndefined();
    expect(suggestAmong('zzzz', ['name', 'status'])).toBe('one of name, status');
    expect(suggestAmong('stat', ['name', 'status'])).toBe('status');
  });
});
