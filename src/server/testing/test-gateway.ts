import type { Context, Hono } from 'hono';
import pino, { type Logger } from 'pino';
import { createRootApp } from '../app';
import type { Database } from '../db/database';
import { SESSION_COOKIE } from '../gateway/access';
import { hashPassword, type ThrottleLimits } from '../gateway/auth';
import type { SegmentMembers } from '../gateway/customer-jobs';
import type { GatewayDeps } from '../gateway/gateway-deps';
import type { ServiceConnection } from '../gateway/service-connection';
import { openGateway } from '../gateway/start-gateway';
import { connectWithPeople, DEMO_ORGANISATIONS, DEMO_PASSWORD } from '../gateway/store';
import type { ServiceRuntime } from '../runtime';
import { createEmptyDatabase } from './test-service';

/** The origin test requests come from (the gateway sees it as its own through the Host header). */
export const TEST_ORIGIN = 'http://foyer.test';

/** A master key for tests (FOYER_MASTER_KEY), so no file is generated. */
export const TEST_MASTER_KEY = 'test-master-key-of-at-least-32-characters!';

export { DEMO_PASSWORD };

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

  signIn(email: string, password = DEMO_PASSWORD, init: TestBrowserRequest = {}): Promise<Response> {
    return this.request('/api/session', { method: 'POST', json: { email, password }, ...init });
  }

  /** Every recorded response (status line, headers, body) as one string. */
  transcript(): string {
    return this.responses
      .map((r) => `${r.method} ${r.path} ${r.status}\n${r.headers.map(([n, v]) => `${n}: ${v}`).join('\n')}\n${r.body}`)
      .join('\n\n');
  }
}

export interface TestOrganisation {
  clientName: string;
  apiKey: string;
  /** People with the demo password, by preset role key. */
  people: readonly { email: string; name: string; role: string }[];
}

export interface TestGatewayOptions {
  runtime?: ServiceRuntime | null;
  service: ServiceConnection;
  /** The gateway's store; default the runtime's database, else a fresh in-memory PGlite. */
  db?: Database;
  /** Connect the demo clients with their demo accounts (default: when there is a runtime). */
  seedDemo?: boolean;
  /** Further organisations to connect (e.g. to a stub service). */
  organisations?: readonly TestOrganisation[];
  throttle?: ThrottleLimits;
  staticRoot?: string | null;
  log?: Logger;
  masterKey?: string;
  /** TRUST_PROXY for this gateway (default: trust, as tests pose as a proxy with X-Forwarded-* headers). */
  trustProxy?: boolean | number;
  /** EXPORT_DIR: with it the gateway has scheduled exports (its scheduler is not started: tests tick it). */
  exportDir?: string;
  /** The segments' members for tagging a segment and auto tags. */
  segments?: SegmentMembers;
  /**
   * Where client addresses come from: the `x-test-address` header (default, for in-process requests), or — for
   * a gateway served on a real socket — the peer and X-Forwarded-For as TRUST_PROXY reads them, as in production.
   */
  addresses?: 'test-header' | 'trust-proxy';
}

export const quietLog = pino({ level: 'silent' });

export interface TestGateway {
  app: Hono;
  deps: GatewayDeps;
  db: Database;
  close(): Promise<void>;
}

/** The root app as `npm start` builds it, with injectable parts; addresses come from `x-test-address`. */
export async function createTestGateway(options: TestGatewayOptions): Promise<TestGateway> {
  const log = options.log ?? quietLog;
  const ownDb = options.db || options.runtime ? null : await createEmptyDatabase();
  const db = options.db ?? options.runtime?.db ?? (ownDb as Database);
  const { deps } = await openGateway(
    { DATA_DIR: '', FOYER_MASTER_KEY: options.masterKey ?? TEST_MASTER_KEY, EXPORT_DIR: options.exportDir },
    {
      db,
      service: options.service,
      log,
      seedDemo: options.seedDemo ?? Boolean(options.runtime),
      throttle: options.throttle ?? { perAddress: 1000, perAccount: 1000, windowSeconds: 60 },
      ...(options.addresses === 'trust-proxy'
        ? {}
        : { clientAddress: (c: Context) => c.req.header('x-test-address') ?? 'test-address' }),
      trustProxy: options.trustProxy ?? true,
      ...(options.segments ? { segments: options.segments } : {}),
    },
  );
  for (const organisation of options.organisations ?? []) await connectTestOrganisation(deps, organisation);
  const app = createRootApp({
    runtime: options.runtime ?? null,
    log,
    staticRoot: options.staticRoot ?? null,
    gateway: deps,
  });
  return { app, deps, db, close: async () => ownDb?.close() };
}

/** Connects an organisation with people of the given preset roles, all with the demo password. */
export async function connectTestOrganisation(deps: GatewayDeps, organisation: TestOrganisation): Promise<void> {
  await connectWithPeople(deps.db, deps.organisations, [organisation], await hashPassword(DEMO_PASSWORD));
}

/** The demo organisation's people, one per preset role (store/demo-accounts.ts). */
export const DEMO_PEOPLE = DEMO_ORGANISATIONS[0].people;

/** The demo person of a preset role. */
export function demoPerson(role: string): { email: string; name: string; role: string } {
  const person = DEMO_PEOPLE.find((candidate) => candidate.role === role);
  if (!person) throw new Error(`no demo person with role ${role}`);
  return person;
}

/**
 * A session cookie for an account, made without a password check (argon2 costs ~100 ms a sign-in): for tests
 * that are not about signing in.
 */
export async function sessionCookieFor(gateway: Pick<TestGateway, 'deps'>, email: string): Promise<string> {
  const { rows } = await gateway.deps.db.query<{ id: string }>(
    'select id from gateway.accounts where lower(email) = lower($1)',
    [email],
  );
  if (!rows[0]) throw new Error(`no account ${email}`);
  const value = await gateway.deps.sessions.create({ accountId: Number(rows[0].id), method: 'password' });
  return `${SESSION_COOKIE}=${value}`;
}

/** A TestBrowser already signed in as `email` (through sessionCookieFor). */
export async function signedInBrowser(gateway: TestGateway, email: string): Promise<TestBrowser> {
  const browser = new TestBrowser(gateway.app);
  browser.cookie = await sessionCookieFor(gateway, email);
  return browser;
}
