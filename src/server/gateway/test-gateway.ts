import type { Hono } from 'hono';
import pino, { type Logger } from 'pino';
import { createRootApp } from '../app';
import type { ServiceRuntime } from '../runtime';
import { AttemptLimiter } from './attempt-limiter';
import type { ServiceConnection } from './service-connection';
import { SessionStore } from './session-store';

/** The origin test requests come from (the gateway sees it as its own through the Host header). */
export const TEST_ORIGIN = 'http://foyer.test';

export interface RecordedResponse {
  method: string;
  path: string;
  status: number;
  headers: [string, string][];
  body: string;
}

export interface TestBrowserRequest extends Omit<RequestInit, 'body'> {
  json?: unknown;
  body?: string;
  /** The Origin header; defaults to the gateway's own origin, null sends none. */
  origin?: string | null;
  /** The client address sign-in attempts are counted by. */
  address?: string;
}

/**
 * A browser in miniature against the whole root app: keeps the session cookie (as a browser would),
 * sends Origin on its requests, and records every response so tests can search them for secrets.
 */
export class TestBrowser {
  cookie: string | undefined;
  readonly responses: RecordedResponse[] = [];

  constructor(private readonly app: Hono) {}

  async request(path: string, init: TestBrowserRequest = {}): Promise<Response> {
    const { json, origin, address, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set('host', new URL(TEST_ORIGIN).host);
    const sentOrigin = origin === undefined ? TEST_ORIGIN : origin;
    if (sentOrigin !== null) headers.set('origin', sentOrigin);
    if (address) headers.set('x-test-address', address);
    if (this.cookie && !headers.has('cookie')) headers.set('cookie', this.cookie);
    let body = rest.body;
    if (json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(json);
    }
    const response = await this.app.request(`${TEST_ORIGIN}${path}`, { ...rest, headers, body });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name !== 'foyer_session') continue;
      this.cookie = value && !/max-age=0/i.test(setCookie) ? `${name}=${value}` : undefined;
    }
    const text = await response.clone().text();
    this.responses.push({
      method: rest.method ?? 'GET',
      path,
      status: response.status,
      headers: [...response.headers.entries()],
      body: text,
    });
    return response;
  }

  signIn(clientName: string, apiKey: string, init: TestBrowserRequest = {}): Promise<Response> {
    return this.request('/api/session', { method: 'POST', json: { clientName, apiKey }, ...init });
  }

  /** Every recorded response (status line, headers, body) as one string. */
  transcript(): string {
    return this.responses
      .map((r) => `${r.method} ${r.path} ${r.status}\n${r.headers.map(([n, v]) => `${n}: ${v}`).join('\n')}\n${r.body}`)
      .join('\n\n');
  }
}

export interface TestGatewayOptions {
  runtime?: ServiceRuntime | null;
  service: ServiceConnection;
  sessions?: SessionStore;
  signInLimiter?: AttemptLimiter;
  staticRoot?: string | null;
  log?: Logger;
}

export const quietLog = pino({ level: 'silent' });

/** The root app as `npm start` builds it, with injectable parts; addresses come from `x-test-address`. */
export function createTestGateway(options: TestGatewayOptions): { app: Hono; sessions: SessionStore } {
  const sessions = options.sessions ?? new SessionStore({ secret: 'test-secret-of-at-least-32-characters!!' });
  const log = options.log ?? quietLog;
  const app = createRootApp({
    runtime: options.runtime ?? null,
    log,
    staticRoot: options.staticRoot ?? null,
    gateway: {
      service: options.service,
      sessions,
      log,
      signInLimiter: options.signInLimiter ?? new AttemptLimiter({ limit: 1000, windowMs: 60_000 }),
      clientAddress: (c) => c.req.header('x-test-address') ?? 'test-address',
    },
  });
  return { app, sessions };
}
