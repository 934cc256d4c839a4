import { answerText, type ServiceConnection, ServiceUnreachableError } from '../service-connection';

/**
 * The mirror's calls to the Ticketing Service, with the organisation's key: one page of an export (or any
 * partner GET), retried the way a polite client of a third party retries. A 429 or 503 waits what its
 * `Retry-After` says; a network failure, a timeout or a 5xx waits 1, 2, 4, 8 … s (with jitter). A page
 * that keeps failing fails the run; the next run resumes at the stored watermark.
 */

/** What the embedded service builds its absolute URLs from: the mirror never follows them. */
const MIRROR_ORIGIN = 'http://foyer-mirror.internal';

export interface RetryPolicy {
  /** Attempts per call, the first included. */
  attempts: number;
  /** The first backoff wait; it doubles per attempt. */
  baseDelayMs: number;
  /** The longest wait, whether backoff or `Retry-After`. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 1000, maxDelayMs: 60_000 };

/** A call the service answered with a status retrying will not change (401, 403, 404, 422 …). */
export class UpstreamRefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The pagination envelope of spec 2.14, as far as the mirror reads it. */
export interface UpstreamPage<T> {
  data: T[];
  currentPage: number;
  lastPage: number;
  total: number;
  /** The service's clock when it answered (its `Date` header), else this machine's. */
  serverNow: Date;
}

export interface UpstreamCalls {
  /** Calls made, retries included (what the service sees). */
  requests: number;
  /** Of which retries after a 429/503 or a failure. */
  retries: number;
}

export class UpstreamClient {
  readonly calls: UpstreamCalls = { requests: 0, retries: 0 };

  constructor(
    private readonly service: ServiceConnection,
    private readonly clientName: string,
    private readonly apiKey: string,
    private readonly options: {
      retry?: RetryPolicy;
      sleep?: (ms: number) => Promise<void>;
      signal?: AbortSignal;
    } = {},
  ) {}

  /** One page of a POST export (`/partner/export/...`), `changedSince` in the body as the spec has it. */
  async exportPage<T>(path: string, page: number, changedSince: Date | null): Promise<UpstreamPage<T>> {
    const body = changedSince ? JSON.stringify({ changedSince: isoSeconds(changedSince) }) : undefined;
    const { json, serverNow } = await this.call(`${path}?page=${page}`, 'POST', body);
    return pageOf<T>(json, serverNow);
  }

  /** A partner GET (a customer, a page of `GET /partner/order`). */
  async get(pathAndQuery: string): Promise<{ json: unknown; serverNow: Date }> {
    return this.call(pathAndQuery, 'GET');
  }

  private async call(pathAndQuery: string, method: string, body?: string): Promise<{ json: unknown; serverNow: Date }> {
    const retry = this.options.retry ?? DEFAULT_RETRY;
    const sleep = this.options.sleep ?? abortableSleep(this.options.signal);
    const url = `/v1/${encodeURIComponent(this.clientName)}${pathAndQuery}`;
    let lastProblem = '';
    for (let attempt = 1; attempt <= retry.attempts; attempt++) {
      this.options.signal?.throwIfAborted();
      if (attempt > 1) this.calls.retries++;
      this.calls.requests++;
      let wait: number;
      try {
        const headers: Record<string, string> = { authorization: this.apiKey, accept: 'application/json' };
        if (body) headers['content-type'] = 'application/json';
        const answer = await this.service.fetch(url, { method, headers, body }, MIRROR_ORIGIN);
        if (answer.ok) {
          const text = await answerText(this.service, answer);
          return { json: JSON.parse(text) as unknown, serverNow: serverClock(answer.headers.get('date')) };
        }
        await answer.body?.cancel();
        lastProblem = `${method} ${pathAndQuery.split('?')[0]} answered ${answer.status}`;
        const retryAfter = retryAfterMs(answer.headers.get('retry-after'));
        if (answer.status === 429 || (answer.status === 503 && retryAfter !== null)) {
          wait = retryAfter ?? backoff(retry, attempt);
        } else if (answer.status >= 500) {
          wait = backoff(retry, attempt);
        } else if (answer.status === 401 || answer.status === 403) {
          throw new UpstreamRefusedError(
            answer.status,
            "The Ticketing Service refused the organisation's API key. An administrator must replace it.",
          );
        } else {
          throw new UpstreamRefusedError(answer.status, lastProblem);
        }
      } catch (error) {
        if (!(error instanceof ServiceUnreachableError) && !(error instanceof SyntaxError)) throw error;
        // Unreachable, timed out, or a body cut off mid-way: worth another try.
        lastProblem = `${method} ${pathAndQuery.split('?')[0]}: ${error.message}`;
        wait = backoff(retry, attempt);
      }
      if (attempt < retry.attempts) await sleep(Math.min(wait, retry.maxDelayMs));
    }
    throw new Error(`${lastProblem} (after ${retry.attempts} attempts)`);
  }
}

function pageOf<T>(json: unknown, serverNow: Date): UpstreamPage<T> {
  const envelope = (json ?? {}) as Record<string, unknown>;
  if (!Array.isArray(envelope.data)) throw new Error('the export answered without a data array');
  const int = (value: unknown, fallback: number) => {
    const n = Number(value);
    return Number.isFinite(n) ? n : fallback;
  };
  const currentPage = int(envelope.current_page, 1);
  return {
    data: envelope.data as T[],
    currentPage,
    lastPage: int(envelope.last_page, currentPage),
    total: int(envelope.total, envelope.data.length),
    serverNow,
  };
}

/** `2026-11-26T14:03:07Z`: the second, as every service parses it (no fraction). */
export const isoSeconds = (instant: Date) => `${instant.toISOString().slice(0, 19)}Z`;

function serverClock(dateHeader: string | null): Date {
  const parsed = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  return new Date(Number.isFinite(parsed) ? parsed : Date.now());
}

/** `Retry-After` as seconds or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

function backoff(retry: RetryPolicy, attempt: number): number {
  const exponential = retry.baseDelayMs * 2 ** (attempt - 1);
  // Up to a quarter more, so instances that failed together do not retry together.
  return Math.min(retry.maxDelayMs, exponential * (1 + Math.random() / 4));
}

function abortableSleep(signal: AbortSignal | undefined) {
  return (ms: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
}
