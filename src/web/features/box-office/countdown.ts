/**
 * The cart's hold countdown (spec 3.2, DESIGN.md decision 8): held seats lapse at the cart's `timeOut`.
 * Pure, so the phases are tested without timers; the component ticks it once a second.
 */

/** Two minutes before the lapse the panel warns, so there is time to check out or add again. */
export const WARNING_BEFORE_MS = 2 * 60_000;

export type CountdownPhase = 'running' | 'warning' | 'lapsed';

export interface Countdown {
  phase: CountdownPhase;
  /** Whole seconds left, rounded up (0 once lapsed), so "0:00" is shown only when it really has lapsed. */
  secondsLeft: number;
}

export function countdownAt(timeOut: string | Date, now: number): Countdown {
  const end = typeof timeOut === 'string' ? Date.parse(timeOut) : timeOut.getTime();
  if (Number.isNaN(end)) return { phase: 'lapsed', secondsLeft: 0 };
  const left = end - now;
  if (left <= 0) return { phase: 'lapsed', secondsLeft: 0 };
  return { phase: left <= WARNING_BEFORE_MS ? 'warning' : 'running', secondsLeft: Math.ceil(left / 1000) };
}

/** `m:ss` (or `h:mm:ss` for long timeouts). */
export function formatSecondsLeft(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const secs = String(safe % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}
