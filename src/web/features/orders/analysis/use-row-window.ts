import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Which rows of a scroll box of fixed-height rows are in view (plus `overscan` on either side): the first
 * and one past the last index, from the box's scroll offset and height. Arithmetic on one number, no
 * virtualiser's table of row positions.
 */
export function useRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  { count, rowHeight, overscan }: { count: number; rowHeight: number; overscan: number },
): { start: number; end: number } {
  const [view, setView] = useState({ top: 0, height: 0 });
  // Measured before the first paint, so that it shows the rows in view and not only the first.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const measure = () => {
      const [top, height] = [box.scrollTop, box.clientHeight];
      setView((view) => (view.top === top && view.height === height ? view : { top, height }));
    };
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
