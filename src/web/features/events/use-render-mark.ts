import { useEffect, useRef } from 'react';

/**
 * Marks `name` once the page has painted with all its data (`ready`), and measures `name` from the moment
 * that data was there for this page (`dataArrivedAt`, the arrival of the last of it, or the page's mount
 * when the data came first, e.g. prefetched while the code loaded) to that paint. The bench reads the
 * measure.
 */
export function useRenderMark(name: string, dataArrivedAt: number, ready: boolean): void {
  const mountedAt = useRef(performance.now());
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current) return;
    done.current = true;
    const dataAt = dataArrivedAt - performance.timeOrigin;
    const start = Math.max(mountedAt.current, Math.min(dataAt, performance.now()));
    // After the next frame: the browser has laid out and painted what React committed.
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark(name);
        performance.measure(name, { start, end: performance.now() });
      }, 0),
    );
  }, [name, dataArrivedAt, ready]);
}
