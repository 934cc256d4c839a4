import { afterEach, describe, expect, it, vi } from 'vitest';
import { RepeatingWork } from './repeating-work';

/** A round that waits until released, counting how many ran and how many ran at once. */
function gatedRounds() {
  const state = { rounds: 0, running: 0, mostAtOnce: 0, release: () => {} };
  const round = async () => {
    state.rounds += 1;
    state.running += 1;
    state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
    await new Promise<void>((resolve) => {
      state.release = resolve;
    });
    state.running -= 1;
    return 1;
  };
  return { state, round };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('RepeatingWork', () => {
  it('asked again during a round runs one more round after it, never two at once', async () => {
    const { state, round } = gatedRounds();
    const work = new RepeatingWork({ intervalMs: 60_000, round, onError: () => {} });
    const first = work.run();
    work.poke();
    work.poke();
    const second = work.run();
    expect(state.rounds).toBe(1);
    state.release();
    await vi.waitFor(() => expect(state.rounds).toBe(2));
    state.release();
    // Three asks during the first round make one round more, and both callers get the total.
    expect(await first).toBe(2);
    expect(await second).toBe(2);
    expect(state.mostAtOnce).toBe(1);
  });

  it('runs at start and then every interval until stopped; stop waits for the round under way', async () => {
    vi.useFakeTimers();
    const { state, round } = gatedRounds();
    const work = new RepeatingWork({ intervalMs: 1000, round, onError: () => {} });
    work.start();
    expect(work.started).toBe(true);
    expect(state.rounds).toBe(1);
    state.release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.rounds).toBe(2);
    let stopped = false;
    const stopping = work.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    state.release();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.rounds).toBe(2);
    expect(work.started).toBe(false);
  });

  it('tells a failed round that no one awaited to onError, and runs again next time', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const work = new RepeatingWork({
      intervalMs: 60_000,
      round: async () => {
        calls += 1;
        if (calls === 1) throw new Error('the database went away');
        return 3;
      },
      onError: (error) => errors.push(error),
    });
    work.poke();
    await work.idle();
    expect(errors).toEqual([new Error('the database went away')]);
    expect(await work.run()).toBe(3);
  });
});
