import { type RefObject, useEffect, useState } from 'react';

/**
 * Which rows of a scroll box of fixed-height rows are in view (plus `overscan` on either side): the first
 * and one past the last index, from the box's scroll offset and height. Arithmetic on one number instead
 * of a virtualiser's table of row positions, which is rebuilt (50,000 objects) whenever the number of rows
 * changes — on every filter change of the analysis.
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  { count, rowHeight, overscan }: { count: number; rowHeight: number; overscan: number },
): { start: number; end: number } {
  const [view, setView] = useState({ top: 0, height: 0 });
  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const measure = () => setView({ top: box.scrollTop, height: box.clientHeight });
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => {
      box.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [scrollRef]);
  const first = Math.floor(view.top / rowHeight);
  const inView = Math.ceil(view.height / rowHeight) + 1;
  const start = Math.max(0, Math.min(count, first) - overscan);
  const end = Math.min(count, first + inView + overscan);
  return { start, end };
}
