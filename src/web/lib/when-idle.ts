/**
 * Runs `task` when the main thread has nothing else to do (within `timeoutMs` at the latest); returns a
 * cancel function, usable as an effect's cleanup. Browsers without requestIdleCallback (Safari) get a
 * short timer instead.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 50);
  return () => window.clearTimeout(timer);
}
