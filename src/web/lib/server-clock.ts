/**
 * The gateway's clock, read from the `Date` header of its answers. Holds lapse by the service's clock
 * (the cart's `timeOut`); a desk computer whose clock is minutes off would otherwise count down to a
 * lapse that has not happened, or past one that has.
 *
 * `Date` has whole seconds and arrives after some latency, so a difference under SKEW_THRESHOLD_MS is
 * taken as that rounding, not as a wrong clock: a correct clock is then left exactly as it is.
 */
const SKEW_THRESHOLD_MS = 2_000;

let offsetMs = 0;

/** Notes the `Date` header of an answer received at `receivedAt` (this computer's clock). */
export function noteServerDate(header: string | null, receivedAt: number = Date.now()): void {
  if (!header) return;
  const serverSecond = Date.parse(header);
  if (Number.isNaN(serverSecond)) return;
  // The header's second began up to a second before the server answered: take its middle.
  const offset = serverSecond + 500 - receivedAt;
  offsetMs = Math.abs(offset) < SKEW_THRESHOLD_MS ? 0 : offset;
}

/** Now, by the gateway's clock as far as it is known (milliseconds since the epoch). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
