import { describe, expect, it } from 'vitest';
import { whileAnsweringPeople } from '../../testing/answering-people';
import { type SyncPace, syncPace } from './sync-pace';

/** How long `giveWay` paused after a step that took `stepMs`. */
async function pauseAfter(pace: SyncPace, stepMs: number): Promise<number> {
  const started = performance.now();
  await pace.giveWay(started - stepMs);
  return performance.now() - started;
}

describe("a sync's pace on a server", () => {
  const pace = syncPace({ kind: 'postgres' });

  it('takes two connections and never pauses while nobody is being answered', async () => {
    expect(pace.sideBySide()).toBe(true);
    expect(pace.besideDesk()).toBe(false);
    expect(await pauseAfter(pace, 200)).toBeLessThan(50);
  });

  it('beside a busy desk takes one connection and a quarter of the time: a pause three times the step', async () => {
    await whileAnsweringPeople(async () => {
      expect(pace.sideBySide()).toBe(false);
      expect(pace.besideDesk()).toBe(true);
      const paused = await pauseAfter(pace, 40);
      expect(paused).toBeGreaterThanOrEqual(115);
      expect(paused).toBeLessThan(400);
    });
  });

  it('ends a pause at once when the sync stops', async () => {
    const stopping = new AbortController();
    const stoppable = syncPace({ kind: 'postgres' }, { signal: stopping.signal });
    await whileAnsweringPeople(async () => {
      const started = performance.now();
      const pause = stoppable.giveWay(started - 1_000_000);
      setTimeout(() => stopping.abort(new Error('the mirror is stopping')), 20);
      await expect(pause).rejects.toMatchObject({ name: 'AbortError' });
      expect(performance.now() - started).toBeLessThan(1000);
    });
  });

  it('pauses three seconds at most after a long step', async () => {
    await whileAnsweringPeople(async () => {
      const paused = await pauseAfter(pace, 1_000_000);
      expect(paused).toBeGreaterThanOrEqual(2990);
      expect(paused).toBeLessThan(5000);
    });
  });
});

describe("a sync's pace on the embedded database", () => {
  it('never pauses and never takes two connections: that database gives way statement by statement', async () => {
    const pace = syncPace({ kind: 'pglite' });
    expect(pace.sideBySide()).toBe(false);
    await whileAnsweringPeople(async () => {
      expect(pace.besideDesk()).toBe(false);
      expect(await pauseAfter(pace, 200)).toBeLessThan(50);
    });
  });
});
