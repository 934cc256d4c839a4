import { describe, expect, it } from 'vitest';
import { LINGER_MS, Together } from './together';

/** A run that waits until released, recording each batch it got. */
function gatedRuns() {
  const batches: { key: number; inputs: number[] }[] = [];
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const together = new Together<number, string>(
    async (key, inputs) => {
      batches.push({ key, inputs: [...inputs] });
      await gate;
      if (inputs.includes(13)) throw new Error('unlucky');
      return inputs.map((input) => `${key}:${input}`);
    },
    { most: 3 },
  );
  return {
    together,
    batches,
    open: () => {
      release();
      gate = Promise.resolve();
    },
  };
}

describe('Together', () => {
  it('runs a call on a quiet key at once, and those that come meanwhile together after it, each its own answer', async () => {
    const { together, batches, open } = gatedRuns();
    const first = together.call(1, 10);
    const waiting = [together.call(1, 11), together.call(1, 12)];
    const otherKey = together.call(2, 20);
    expect(batches).toEqual([
      { key: 1, inputs: [10] },
      { key: 2, inputs: [20] },
    ]);
    open();
    expect(await first).toBe('1:10');
    expect(await Promise.all(waiting)).toEqual(['1:11', '1:12']);
    expect(await otherKey).toBe('2:20');
    expect(batches).toEqual([
      { key: 1, inputs: [10] },
      { key: 2, inputs: [20] },
      { key: 1, inputs: [11, 12] },
    ]);
  });

  it('takes at most its batch size at once', async () => {
    const { together, batches, open } = gatedRuns();
    const calls = [1, 2, 3, 4, 5].map((input) => together.call(7, input));
    open();
    await Promise.all(calls);
    expect(batches.map((batch) => batch.inputs)).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('runs the inputs of a failed batch again alone, so only the failing call fails', async () => {
    const { together, batches, open } = gatedRuns();
    const first = together.call(1, 1);
    const good = together.call(1, 12);
    const bad = together.call(1, 13);
    open();
    await first;
    expect(await good).toBe('1:12');
    await expect(bad).rejects.toThrow('unlucky');
    expect(batches.map((batch) => batch.inputs)).toEqual([[1], [12, 13], [12], [13]]);
  });

  it('waits a moment on a busy key, so the calls of that moment go together; a key quiet for a while goes at once', async () => {
    const batches: number[][] = [];
    // A linger long beside the test's own wait (LINGER_MS is 8 ms): on a loaded machine a 4 ms wait could
    // outlast an 8 ms linger, and the test then failed with the linger working.
    const lingerMs = 25 * LINGER_MS;
    const together = new Together<number, number>(
      async (_key, inputs) => {
        batches.push([...inputs]);
        return inputs;
      },
      { lingerMs },
    );
    await together.call(1, 1);
    // Busy now: the next call waits the linger, and the calls that come meanwhile go with it.
    const second = together.call(1, 2);
    await new Promise((resolve) => setTimeout(resolve, LINGER_MS));
    expect(batches).toEqual([[1]]);
    const third = together.call(1, 3);
    expect(await Promise.all([second, third])).toEqual([2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
    // Another key has not been busy: its first call goes at once.
    const other = together.call(2, 20);
    expect(batches).toEqual([[1], [2, 3], [20]]);
    await other;
    // A while later the key is quiet again.
    await new Promise((resolve) => setTimeout(resolve, 80));
    const later = together.call(1, 4);
    expect(batches).toEqual([[1], [2, 3], [20], [4]]);
    await later;
  });

  it('with no linger, takes the calls that came in the same turn on a busy key, and waits for nothing more', async () => {
    const batches: number[][] = [];
    const together = new Together<number, number>(
      async (_key, inputs) => {
        batches.push([...inputs]);
        return inputs;
      },
      { lingerMs: 0 },
    );
    await together.call(1, 1);
    // Busy now: a burst made in one turn (a batch of checkouts answered at once) goes as one run.
    const burst = Promise.all([together.call(1, 2), together.call(1, 3), together.call(1, 4)]);
    expect(batches).toEqual([[1]]);
    // It waits for nothing more: the run has gone by the next timer of no delay, made after its own (timers of one
    // delay fire in the order they were made; a linger of LINGER_MS would still be waiting). No clock is read.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(await burst).toEqual([2, 3, 4]);
  });
});
