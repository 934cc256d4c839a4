import { describe, expect, it } from 'vitest';
import { countdownAt, formatSecondsLeft } from './countdown';

describe('countdownAt', () => {
  const timeOut = '2026-11-23T12:15:00+01:00';
  const end = Date.parse(timeOut);

  it('runs until two minutes before the timeOut, then warns, then lapses', () => {
    expect(countdownAt(timeOut, end - 15 * 60_000)).toEqual({ phase: 'running', secondsLeft: 900 });
    expect(countdownAt(timeOut, end - 120_001)).toEqual({ phase: 'running', secondsLeft: 121 });
    expect(countdownAt(timeOut, end - 120_000)).toEqual({ phase: 'warning', secondsLeft: 120 });
    expect(countdownAt(timeOut, end - 1)).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(countdownAt(timeOut, end)).toEqual({ phase: 'lapsed', secondsLeft: 0 });
    expect(countdownAt(timeOut, end + 60_000)).toEqual({ phase: 'lapsed', secondsLeft: 0 });
  });

  it('reads the offset of the timestamp and accepts a Date', () => {
    expect(countdownAt(new Date(end), end - 30_500).secondsLeft).toBe(31);
    expect(countdownAt('2026-11-23T11:15:00Z', end - 60_000).phase).toBe('warning');
  });

  it('treats an unreadable timeOut as lapsed rather than counting forever', () => {
    expect(countdownAt('soon', 0)).toEqual({ phase: 'lapsed', secondsLeft: 0 });
  });
});

describe('formatSecondsLeft', () => {
  it('shows minutes and seconds, hours when needed', () => {
    expect(formatSecondsLeft(0)).toBe('0:00');
    expect(formatSecondsLeft(59)).toBe('0:59');
    expect(formatSecondsLeft(900)).toBe('15:00');
    expect(formatSecondsLeft(3_725)).toBe('1:02:05');
    expect(formatSecondsLeft(-3)).toBe('0:00');
  });
});
