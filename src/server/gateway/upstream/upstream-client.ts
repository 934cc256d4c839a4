import { UpstreamUnavailableError } from '../errors';
import type { Principal } from '../principal';
import { answerText, type ServiceConnection, ServiceUnreachableError } from '../service-connection';

/**
 * The one way the gateway calls the Ticketing Service: an organisation's client, which opens its key, sets
 * the Authorization header (no other module does: src/build/upstream-authorization.test.ts), retries what is
 * worth retrying, pages through exports, and turns every failure into one typed error,
 * `UpstreamUnavailableError` (answered 502, 503 with `Retry-After`, or 504 by the gateway's `onError`).
 *
 * The retry policy, one for every call that retries: a network failure, a timeout, a body cut off mid-way
 * or a 5xx waits 1, 2, 4 … × the budget's first wait (with jitter); a 429, or a 503 with `Retry-After`,
 * waits what `Retry-After` says; every wait at most the budget's longest. Anything else (401, 403, 404,
 * 422 …) is the service's answer, not a fault: never retried. Budgets differ by who waits (a sync in the
 * background, a person at a page), not the policy.
 */

export interface RetryPolicy {
  /** Attempts per call, the first included. */
  attempts: number;
  /** The first backoff wait; it doubles per attempt. */
  baseDelayMs: number;
  /** The longest wait, whether backoff or `Retry-After`. */
  maxDelayMs: number;
}

/** Work in the background (the mirror's sync, an export's pages): a minute of patience. */
export const BACKGROUND_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 1000, maxDelayMs: 60_000 };
/** A person waiting for a page: one quick retry at most. */
export const INTERACTIVE_RETRY: RetryPolicy = { attempts: 2, baseDelayMs: 200, maxDelayMs: 1000 };
/** No retry: a read on the forwarder's path, which makes none. */
export const SINGLE_ATTEMPT: RetryPolicy = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 };

/** Opens an organisation's sealed API key (connection/organisations.ts). */
export interface KeyOpener {
  openKey(sealed: Uint8Array, clientName: string): string;
}

export interface UpstreamOptions {
  /** The budget of `read`s that do not name their own; default INTERACTIVE_RETRY. */
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

/** The pagination envelope of spec 2.14, as far as the gateway reads it. */
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

interface ReadOptions {
  body?: unknown;
  /** What a 404 gives: null (a thing the service does not know), or a failure (default). */
  missing?: 'null' | 'fail';
  retry?: RetryPolicy;
}

const KEY_REFUSED_MESSAGE =
  "The Ticketing Service refused the organisation's API key. An administrator must replace it.";
const UNREACHABLE_MESSAGE = 'The Ticketing Service cannot be reached. Try again later.';
const TIMED_OUT_MESSAGE = 'The Ticketing Service did not answer in time.';
const BUSY_MESSAGE = 'The Ticketing Service is busy. Try again shortly.';

/** What the embedded service builds its absolute URLs from when no request gives an origin (background work). */
const BACKGROUND_ORIGIN = 'http://foyer-background.internal';

export class UpstreamClient {
  readonly calls: UpstreamCalls = { requests: 0, retries: 0 };
  readonly #base: string;

  private constructor(
    private readonly service: ServiceConnection,
    readonly organisationId: number,
    readonly clientName: string,
    /** Opened per call and kept nowhere else. */
    private readonly key: () => string,
    /** The origin the browser used (the embedded service builds its absolute URLs from it). */
    private readonly origin: string,
    private readonly options: UpstreamOptions,
  ) {
    this.#base = `/v1/${encodeURIComponent(clientName)}`;
  }

  /** A signed-in person's organisation, for a request of theirs. */
  static forPerson(
    deps: { service: ServiceConnection; organisations: KeyOpener },
    principal: Principal,
    origin: string,
    options: UpstreamOptions = {},
  ): UpstreamClient {
    return UpstreamClient.forOrganisation(
      deps,
      { organisationId: principal.organisationId, clientName: principal.clientName, sealedKey: principal.sealedApiKey },
      origin,
      options,
    );
  }

  /** An organisation as stored (work on its behalf without a person: the mirror, scheduled exports). */
  static forOrganisation(
    deps: { service: ServiceConnection; organisations: KeyOpener },
    organisation: { organisationId: number; clientName: string; sealedKey: Uint8Array },
    origin: string = BACKGROUND_ORIGIN,
    options: UpstreamOptions = {},
  ): UpstreamClient {
    const { clientName, sealedKey } = organisation;
    return new UpstreamClient(
      deps.service,
      organisation.organisationId,
      clientName,
      () => deps.organisations.openKey(sealedKey, clientName),
      origin,
      options,
    );
  }

  /** A key not stored yet, to be proved before it is (a new connection, a key replacement). */
  static forNewKey(service: ServiceConnection, clientName: string, apiKey: string, origin: string): UpstreamClient {
    return new UpstreamClient(service, 0, clientName, () => apiKey, origin, {});
  }

  /**
   * One call below `/v1/{client_name}`, its answer as it is, whatever its status (the forwarder passes it on).
   * Never retried. `UpstreamUnavailableError` when the service cannot be reached, does not answer in time,
   * or refuses the organisation's key (401/403: the person can do nothing until an administrator connects
   * the new key).
   */
  async send(method: string, pathAndQuery: string, init: { headers?: Headers; body?: BodyInit } = {}) {
    const headers = init.headers ?? new Headers();
    headers.set('authorization', this.key());
    this.calls.requests++;
    const what = `${method} ${pathOnly(pathAndQuery)}`;
    let answer: Response;
    try {
      answer = await this.service.fetch(
        `${this.#base}${pathAndQuery}`,
        { method, headers, ...(init.body === undefined ? {} : { body: init.body }) },
        this.origin,
      );
    } catch (error) {
      if (error instanceof ServiceUnreachableError) throw unreachable(error, what);
      throw error;
    }
    if (answer.status === 401 || answer.status === 403) {
      await answer.body?.cancel();
      throw new UpstreamUnavailableError(502, KEY_REFUSED_MESSAGE, answer.status, `${what} answered ${answer.status}`);
    }
    return answer;
  }

  /**
   * The JSON answer of a call, retried by the policy; null for a 404 when `missing` is 'null'. A PUT sets
   * values, so repeating it is as harmless as repeating a read.
   */
  async read(method: 'GET' | 'POST' | 'PUT', pathAndQuery: string, options: ReadOptions = {}): Promise<unknown> {
    return (await this.#call(method, pathAndQuery, options))?.json ?? null;
  }

  /** One page of a POST export (`/partner/export/...`), `changedSince` in the body as the spec has it. */
  async exportPage<T>(path: string, page: number, changedSince: Date | null, retry?: RetryPolicy) {
    const body = changedSince ? { changedSince: isoSeconds(changedSince) } : undefined;
    const answer = await this.#call('POST', `${path}?page=${page}`, { body, ...(retry ? { retry } : {}) });
    return pageOf<T>(answer?.json, answer?.serverNow ?? new Date());
  }

  /**
   * Every page of a POST export in order, `pagesAhead` of them read while the one before is used: enough to
   * hide each page's latency, few enough to stay polite (and to hold no more than that in memory).
   */
  async *exportPages<T>(
    path: string,
    changedSince: Date | null,
    options: { pagesAhead?: number; retry?: RetryPolicy } = {},
  ): AsyncGenerator<UpstreamPage<T>> {
    const pagesAhead = options.pagesAhead ?? 3;
    const first = await this.exportPage<T>(path, 1, changedSince, options.retry);
    yield first;
    const ahead: Array<Promise<UpstreamPage<T>>> = [];
    let next = 2;
    const fill = () => {
      for (; ahead.length < pagesAhead && next <= first.lastPage; next++) {
        const page = this.exportPage<T>(path, next, changedSince, options.retry);
        // Awaited in turn below; a failure meanwhile is not an unhandled rejection.
        page.catch(() => undefined);
        ahead.push(page);
      }
    };
    fill();
    for (let page = ahead.shift(); page; page = ahead.shift()) {
      const answered = await page;
      fill();
      yield answered;
    }
  }

  async #call(method: string, pathAndQuery: string, options: ReadOptions) {
    const retry = options.retry ?? this.options.retry ?? INTERACTIVE_RETRY;
    const sleep = this.options.sleep ?? abortableSleep(this.options.signal);
    const what = `${method} ${pathOnly(pathAndQuery)}`;
    let failure: UpstreamUnavailableError | null = null;
    for (let attempt = 1; attempt <= retry.attempts; attempt++) {
      this.options.signal?.throwIfAborted();
      if (attempt > 1) this.calls.retries++;
      let wait: number;
      try {
        const headers = new Headers({ accept: 'application/json' });
        if (options.body !== undefined) headers.set('content-type', 'application/json');
        const body = options.body === undefined ? undefined : JSON.stringify(options.body);
        const answer = await this.send(method, pathAndQuery, { headers, ...(body === undefined ? {} : { body }) });
        if (answer.ok) {
          const text = await answerText(this.service, answer);
          return { json: JSON.parse(text) as unknown, serverNow: serverClock(answer.headers.get('date')) };
        }
        await answer.body?.cancel();
        if (answer.status === 404 && options.missing === 'null') return null;
        const retryAfter = retryAfterMs(answer.headers.get('retry-after'));
        const busy = answer.status === 429 || (answer.status === 503 && retryAfter !== null);
        if (!busy && answer.status < 500) {
          throw new UpstreamUnavailableError(
            502,
            `The Ticketing Service answered ${answer.status}. Try again later.`,
            answer.status,
            `${what} answered ${answer.status}`,
          );
        }
        wait = busy ? (retryAfter ?? backoff(retry, attempt)) : backoff(retry, attempt);
        failure = busy
          ? new UpstreamUnavailableError(503, BUSY_MESSAGE, answer.status, `${what} answered ${answer.status}`, {
              retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)),
            })
          : new UpstreamUnavailableError(
              502,
              `The Ticketing Service answered ${answer.status}. Try again later.`,
              answer.status,
              `${what} answered ${answer.status}`,
            );
      } catch (error) {
        if (error instanceof SyntaxError) {
          // A body cut off mid-way: worth another try.
          failure = new UpstreamUnavailableError(502, UNREACHABLE_MESSAGE, null, `${what}: ${error.message}`);
        } else if (error instanceof UpstreamUnavailableError && error.upstreamStatus === null) {
          failure = error;
        } else {
          throw error;
        }
        wait = backoff(retry, attempt);
      }
      if (attempt < retry.attempts) await sleep(Math.min(wait, retry.maxDelayMs));
    }
    throw (failure as UpstreamUnavailableError).after(retry.attempts);
  }
}

function unreachable(error: ServiceUnreachableError, what: string): UpstreamUnavailableError {
  return error.timedOut
    ? new UpstreamUnavailableError(504, TIMED_OUT_MESSAGE, null, `${what}: ${error.message}`)
    : new UpstreamUnavailableError(502, UNREACHABLE_MESSAGE, null, `${what}: ${error.message}`);
}

const pathOnly = (pathAndQuery: string) => pathAndQuery.split('?')[0] ?? '';

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
