import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRowWindow } from './use-row-window';

/** A scroll box as the browser lays it out: `height` tall, scrolled to `top`. */
function scrollBox(height: number, top = 0): HTMLElement {
  const box = document.createElement('section');
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: height });
  box.scrollTop = top;
  return box;
}

describe('useRowWindow', () => {
  it('draws the rows in view and the overscan below them, from the first paint', () => {
    const ref = { current: scrollBox(560) };
    const { result } = renderHook(() => useRowWindow(ref, { count: 100, rowHeight: 36, overscan: 8 }));
    // 560 px show 15.6 rows: 16, one more for a row cut at the top, then 8 more.
    expect(result.current).toEqual({ start: 0, end: 25 });
  });

  it('follows the scroll, overscan on both sides, and stops at the last row', () => {
    const box = scrollBox(560);
    const { result } = renderHook(() => useRowWindow({ current: box }, { count: 100, rowHeight: 36, overscan: 8 }));
    act(() => {
      box.scrollTop = 50 * 36;
      box.dispatchEvent(new Event('scroll'));
    });
    expect(result.current).toEqual({ start: 42, end: 75 });
    act(() => {
      box.scrollTop = 100 * 36;
      box.dispatchEvent(new Event('scroll'));
    });
    expect(result.current).toEqual({ start: 92, end: 100 });
  });

  it('draws every row of a page shorter than the box', () => {
    const ref = { current: scrollBox(560) };
    const { result } = renderHook(() => useRowWindow(ref, { count: 7, rowHeight: 36, overscan: 8 }));
    expect(result.current).toEqual({ start: 0, end: 7 });
  });
});
