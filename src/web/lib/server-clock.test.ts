import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerDate, serverNow } from './server-clock';

describe('serverNow', () => {
  afterEach(() => {
    noteServerDate(new Date().toUTCString());
    vi.useRealTimers();
  });

  it("follows the gateway's Date header when this computer's clock is off", () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T08:00:00.000Z') });
    // The gateway's clock is 14 minutes behind this one.
    noteServerDate('Thu, 26 Nov 2026 07:46:00 GMT');
    expect(serverNow()).toBe(Date.parse('2026-11-26T07:46:00.500Z'));
    vi.advanceTimersByTime(60_000);
    expect(serverNow()).toBe(Date.parse('2026-11-26T07:47:00.500Z'));
  });

  it('leaves a clock alone that differs only by the header\u2019s rounding and latency', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T08:00:00.900Z') });
    noteServerDate('Thu, 26 Nov 2026 08:00:00 GMT');
    expect(serverNow()).toBe(Date.now());
    noteServerDate('Thu, 26 Nov 2026 07:59:59 GMT');
    expect(serverNow()).toBe(Date.now());
  });

  it('ignores a missing or unreadable header', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T08:00:00.000Z') });
    noteServerDate('Thu, 26 Nov 2026 07:00:00 GMT');
    const skewed = serverNow();
    noteServerDate(null);
    noteServerDate('yesterday');
    expect(serverNow()).toBe(skewed);
  });
});
