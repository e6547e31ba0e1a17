import { describe, expect, it } from 'vitest';
import { atEnd, endScrollTop, rowWindow, scrollTopToReveal } from './virtual-list.js';

const rowHeight = 20;

describe('rowWindow', () => {
  it('renders the rows in view and the overscan either side, whatever the length', () => {
    const window = rowWindow({ count: 100_000, rowHeight, scrollTop: 1_000_010, height: 400, overscan: 10 });
    // Row 50,000 is cut at the top; 20 more rows fill 400 px, a 21st is cut at the bottom.
    expect(window).toEqual({ start: 49_990, end: 50_031, total: 2_000_000 });
    expect(window.end - window.start).toBeLessThan(50);
  });

  it('clamps the overscan at both ends of the list', () => {
    expect(rowWindow({ count: 1000, rowHeight, scrollTop: 0, height: 100, overscan: 8 })).toEqual({
      start: 0,
      end: 13,
      total: 20_000,
    });
    const last = rowWindow({ count: 1000, rowHeight, scrollTop: 19_900, height: 100, overscan: 8 });
    expect(last).toMatchObject({ start: 987, end: 1000 });
  });

  it('shows the last screenful when the scroll position is past a list that shrank', () => {
    expect(rowWindow({ count: 30, rowHeight, scrollTop: 50_000, height: 200, overscan: 0 })).toEqual({
      start: 20,
      end: 30,
      total: 600,
    });
  });

  it('renders every row of a list shorter than the viewport, and none of an empty one', () => {
    expect(rowWindow({ count: 3, rowHeight, scrollTop: 0, height: 500, overscan: 5 })).toMatchObject({
      start: 0,
      end: 3,
      total: 60,
    });
    expect(rowWindow({ count: 0, rowHeight, scrollTop: 120, height: 500, overscan: 5 })).toEqual({
      start: 0,
      end: 0,
      total: 0,
    });
  });
});

describe('following the end', () => {
  it('is at the end within one row of the bottom, and not above', () => {
    const end = endScrollTop(500, rowHeight, 400);
    expect(end).toBe(9600);
    expect(atEnd({ count: 500, rowHeight, scrollTop: end, height: 400 })).toBe(true);
    expect(atEnd({ count: 500, rowHeight, scrollTop: end - 19, height: 400 })).toBe(true);
    expect(atEnd({ count: 500, rowHeight, scrollTop: end - 21, height: 400 })).toBe(false);
    // A list that fits the viewport is always at its end.
    expect(atEnd({ count: 5, rowHeight, scrollTop: 0, height: 400 })).toBe(true);
  });
});

describe('scrollTopToReveal', () => {
  it('moves only as far as it takes to show the whole row', () => {
    expect(scrollTopToReveal(55, rowHeight, 1000, 200)).toBe(1000);
    expect(scrollTopToReveal(10, rowHeight, 1000, 200)).toBe(200);
    expect(scrollTopToReveal(70, rowHeight, 1000, 200)).toBe(1220);
    expect(scrollTopToReveal(59, rowHeight, 1000, 200)).toBe(1000);
    expect(scrollTopToReveal(60, rowHeight, 1000, 200)).toBe(1020);
  });
});
