import { describe, expect, it } from 'vitest';
import { Together } from './together';

/** A run that waits until released, recording each batch it got. */
function gatedRuns() {
  const batches: { key: number; inputs: number[] }[] = [];
  let release: () => void = () => undefined;
  let gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const together = new Together<number, string>(async (key, inputs) => {
    batches.push({ key, inputs: [...inputs] });
    await gate;
    if (inputs.includes(13)) throw new Error('unlucky');
    return inputs.map((input) => `${key}:${input}`);
  }, 3);
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
});
