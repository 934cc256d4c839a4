import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter';

describe('AttemptLimiter', () => {
  it('allows the limit per key and window, then says how long to wait', () => {
    let now = 0;
    const limiter = new AttemptLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    expect([1, 2, 3].map(() => limiter.attempt('a').allowed)).toEqual([true, true, true]);
    now = 15_500;
    expect(limiter.attempt('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(limiter.attempt('b').allowed).toBe(true);
    now = 60_000;
    expect(limiter.attempt('a').allowed).toBe(true);
  });

  it('keeps a bounded number of keys, dropping finished windows first, then the oldest', () => {
    let now = 0;
    const limiter = new AttemptLimiter({ limit: 1, windowMs: 1000, maxKeys: 100, now: () => now });
    for (let i = 0; i < 1000; i++) limiter.attempt(`10.0.${Math.floor(i / 256)}.${i % 256}`);
    expect(limiter.trackedKeys).toBeLessThanOrEqual(100);
    now = 2000;
    limiter.attempt('fresh');
    expect(limiter.trackedKeys).toBeLessThanOrEqual(100);
    // A key still in its window stays limited while there is room.
    expect(limiter.attempt('fresh')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});
