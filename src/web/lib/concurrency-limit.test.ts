import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createConcurrencyLimit', () => {
  it('never runs more than the limit at once, and runs every task in order', async () => {
    const run = createConcurrencyLimit(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const tasks = [0, 1, 2, 3, 4].map((index) =>
      run(async () => {
        started.push(index);
        active++;
        peak = Math.max(peak, active);
        await tick();
        active--;
        return index * 10;
      }),
    );
    expect(await Promise.all(tasks)).toEqual([0, 10, 20, 30, 40]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees the slot of a failed task', async () => {
    const run = createConcurrencyLimit(1);
    await expect(run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await run(async () => 'next')).toBe('next');
  });

  it('refuses a limit below one', () => {
    expect(() => createConcurrencyLimit(0)).toThrow(RangeError);
  });
});
