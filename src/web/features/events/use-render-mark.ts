import { useEffect, useRef } from 'react';

/**
 * Marks `name` once the page has painted with all its data (`ready`), and measures `name` from the moment
 * its main data was there for this page (its arrival at `dataUpdatedAt`, or the page's mount when the
 * data came first, e.g. prefetched while the code loaded) to that paint: data the page waits for after
 * the main data counts in the measure. The bench reads the measure.
 */
export function useRenderMark(name: string, dataUpdatedAt: number, ready: boolean): void {
  const mountedAt = useRef(performance.now());
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const dataAt = dataUpdatedAt - performance.timeOrigin;
    const start = Math.max(mountedAt.current, Math.min(dataAt, performance.now()));
    // After the next frame: the browser has laid out and painted what React committed.
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark(name);
        performance.measure(name, { start, end: performance.now() });
      }, 0),
    );
  }, [name, dataUpdatedAt, ready]);
}
