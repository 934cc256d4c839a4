import { ApiError, apiErrorFromResponse } from './api-error';
import type { Parser } from './parser';
import { noteServerDate } from './server-clock';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<Output> {
  /** Parses the JSON body; parse leniently (src/web/lib/lenient.ts), a real service may differ in details. */
  schema: Parser<Output>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  /** Per attempt; a slow gateway must not leave a screen spinning forever. */
  timeoutMs?: number;
}

const GATEWAY_ROOT = '/api';

/** For an answer the app does not read (an empty 204, or one whose status is all that counts): any body passes. */
export const ignoredAnswer: Parser<unknown> = { safeParse: (data) => ({ success: true, data }) };

/**
 * The app's only door to the gateway. Paths starting with `/partner` or `/cart` are relative to the signed-in
 * client (`/api/v1/{clientName}`); paths starting with `/api/` (session calls, page URLs handed back by the
 * service) are used as they are. Cookies go along (same origin); the API key never passes through here.
 */
export class ApiClient {
  private clientName: string | null = null;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: ApiClientOptions = {}) {
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** Set by the session layer after sign-in (and cleared at sign-out). */
  setClientName(clientName: string | null): void {
    this.clientName = clientName;
  }

  getClientName(): string | null {
    return this.clientName;
  }

  /** The gateway URL of a client-relative path, e.g. `/partner/event` → `/api/v1/demo/partner/event`. */
  url(path: string, query?: Record<string, QueryValue>): string {
    let base: string;
    if (path.startsWith(`${GATEWAY_ROOT}/`)) {
      base = path;
    } else {
      if (!this.clientName) throw new ApiError({ kind: 'unauthorized', status: 401, message: 'Not signed in' });
      base = `${GATEWAY_ROOT}/v1/${encodeURIComponent(this.clientName)}${path}`;
    }
    if (!query) return base;
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const search = params.toString();
    if (!search) return base;
    return `${base}${base.includes('?') ? '&' : '?'}${search}`;
  }

  get<Output>(path: string, options: RequestOptions<Output>): Promise<Output> {
    return this.request('GET', path, options);
  }

  post<Output>(path: string, options: RequestOptions<Output>): Promise<Output> {
    return this.request('POST', path, options);
  }

  put<Output>(path: string, options: RequestOptions<Output>): Promise<Output> {
    return this.request('PUT', path, options);
  }

  delete<Output>(path: string, options: RequestOptions<Output>): Promise<Output> {
    return this.request('DELETE', path, options);
  }

  /** One attempt: retrying is the callers' policy (retry-policy.ts), never this client's. */
  async request<Output>(method: string, path: string, options: RequestOptions<Output>): Promise<Output> {
    const response = await this.send(method, this.url(path, options.query), options);
    noteServerDate(response.headers.get('date'));
    if (response.ok) return parseBody(response, options.schema);
    throw await apiErrorFromResponse(response);
  }

  private async send(method: string, url: string, options: RequestOptions<unknown>): Promise<Response> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      return await this.fetchImpl(url, { method, headers, body, signal, credentials: 'same-origin' });
    } catch (cause) {
      // The caller gave up: that is not a failure to report, pass the abort on as it is.
      if (options.signal?.aborted) throw options.signal.reason ?? cause;
      const timedOut = timeout.aborted;
      throw new ApiError({
        kind: 'network',
        message: timedOut ? 'The server did not answer in time.' : 'The server cannot be reached.',
        cause,
      });
    }
  }
}

async function parseBody<Output>(response: Response, schema: Parser<Output>): Promise<Output> {
  const text = await response.text();
  let json: unknown = null;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new ApiError({
        kind: 'unexpectedResponse',
        status: response.status,
        message: 'Unreadable response',
        cause,
      });
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError({
      kind: 'unexpectedResponse',
      status: response.status,
      message: 'The response did not have the expected shape.',
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** The app's client; tests build their own with a fake fetch. */
export const apiClient = new ApiClient();
