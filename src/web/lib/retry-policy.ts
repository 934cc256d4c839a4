import { isApiError } from './api-error';
import { sleep } from './sleep';

/**
 * The app's one retry policy. Only reads are repeated on their own (a repeated write could act twice: two
 * orders, two tag changes — the person decides), and only when the failure was transient (network, 5xx,
 * 429): a 4xx answer will not change. React Query applies it to every query (query-client.ts); reads outside
 * React Query go through `retryRead` (the page walker, a bulk action's reads). The API client itself never
 * repeats a request: retries stacked in two layers once multiplied into a 20-second wait for an outage. The one
 * write sent again on its own is a checkout without an answer, which the service answers with the same order
 * (box-office/use-sale-cart.ts).
 */

/** Retries of a read after its first attempt: four attempts in all, over about 3.5 s of backoff. */
export const READ_RETRIES = 3;

/** A longer `Retry-After` than this is not waited out on the person's behalf: the error says how long. */
export const LONGEST_AUTOMATIC_WAIT_SECONDS = 30;

/**
 * Whether a read that just failed with `error` is tried again; `failureCount` counts the failures before
 * this one (0 after the first attempt), as React Query passes it.
 */
export function shouldRetryRead(failureCount: number, error: unknown, retries = READ_RETRIES): boolean {
  if (failureCount >= retries) return false;
  if (isApiError(error)) {
    if ((error.retryAfterSeconds ?? 0) > LONGEST_AUTOMATIC_WAIT_SECONDS) return false;
    return error.isTransient;
  }
  // A render-time bug or an unknown failure: one more try costs little.
  return failureCount < 1;
}

/** Exponential backoff with jitter: 0.5 s, 1 s, 2 s … capped, so retrying callers do not move in lockstep. */
export function backoffMs(attempt: number, baseMs = 500, capMs = 15_000): number {
  const exponential = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.round(exponential / 2 + Math.random() * (exponential / 2));
}

/** How long a read waits before its next try: what the server asked for (`Retry-After`), else the backoff. */
export function readRetryDelayMs(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterSeconds !== undefined) return error.retryAfterSeconds * 1000;
  return backoffMs(failureCount);
}

export interface RetryReadOptions {
  signal?: AbortSignal;
  /** Attempts in all, the first one included; default 1 + READ_RETRIES. */
  attempts?: number;
  /** Test seam for the waits. */
  wait?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

/** Runs a read outside React Query under the same policy. An abort ends it at once with the abort's reason. */
export async function retryRead<T>(read: () => Promise<T>, options: RetryReadOptions = {}): Promise<T> {
  const { signal, attempts = 1 + READ_RETRIES, wait = sleep } = options;
  for (let failureCount = 0; ; failureCount++) {
    try {
      return await read();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (!shouldRetryRead(failureCount, error, attempts - 1)) throw error;
      await wait(readRetryDelayMs(failureCount, error), signal);
    }
  }
}
