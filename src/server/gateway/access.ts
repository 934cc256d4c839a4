import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Handler, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { TrustProxy } from '../client-address';
import type { Database } from '../service/db/database';
import type { Principal, SessionStore } from './auth/sessions';
import { SessionStore as Sessions } from './auth/sessions';
import type { SignInThrottle } from './auth/sign-in-throttle';
import type { KeyVault } from './connection/key-vault';
import type { Organisations } from './connection/organisations';
import type { ExportScheduler } from './exports/export-scheduler';
import type { MirrorSync } from './mirror/mirror-sync';
import type { Permission } from './permissions/permissions';
import type { ReportRollupKeeper } from './reports/report-rollups';
import { requestOrigin } from './same-origin';
import type { ServiceConnection } from './service-connection';

export const SESSION_COOKIE = 'foyer_session';

/** Everything the gateway's routes work with. */
export interface GatewayDeps {
  /** The gateway's own store (schema `gateway`). */
  db: Database;
  vault: KeyVault;
  service: ServiceConnection;
  sessions: SessionStore;
  throttle: SignInThrottle;
  organisations: Organisations;
  /** The organisations' mirror of the service (mirror/): its sync, status and write-through. */
  mirror: MirrorSync;
  log: Logger;
  /** The address sign-in failures are counted by; default the TCP peer of the request. */
  clientAddress?: (c: Context) => string;
  /** TRUST_PROXY: whether X-Forwarded-Proto/-Host tell the origin the browser used (see client-address.ts). */
  trustProxy?: TrustProxy;
  /** Scheduled exports into EXPORT_DIR; absent when the gateway has no folder for them. */
  exportScheduler?: ExportScheduler;
  /** Keeps the reports' daily rollups of the mirror built (reports/report-rollups.ts). */
  reportRollups: ReportRollupKeeper;
}

export type GatewayEnv = { Variables: { principal: Principal; clientOrigin: string } };

/**
 * Who may call a route of the gateway's own: anyone (sign-in, one-time links), anyone signed in (their
 * own session and account), or the holders of one permission. Forwarded calls have their own table
 * (permissions/route-permissions.ts).
 */
export type Access = 'public' | 'signed-in' | { permission: Permission } | { anyOf: readonly Permission[] };

/** The permissions any one of which lets a person through `access` (empty for 'public' and 'signed-in'). */
export function permissionsOf(access: Access): readonly Permission[] {
  if (typeof access === 'string') return [];
  return 'permission' in access ? [access.permission] : access.anyOf;
}

export interface DeclaredRoute {
  method: string;
  path: string;
  access: Access;
}

/**
 * The gateway's routes, each declared with its access: `declare` registers the handler behind the check,
 * and records the route, so a test can prove that every route the app serves has an entry here.
 */
export class SecuredRoutes {
  readonly declared: DeclaredRoute[] = [];

  constructor(
    private readonly app: Hono<GatewayEnv>,
    private readonly sessions: SessionStore,
  ) {}

  declare(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    access: Access,
    handler: Handler<GatewayEnv>,
  ): void {
    this.declared.push({ method, path, access });
    const guard = access === 'public' ? null : requireAccess(this.sessions, access);
    if (guard) this.app.on(method, path, guard, handler);
    else this.app.on(method, path, handler);
  }
}

function requireAccess(sessions: SessionStore, access: Exclude<Access, 'public'>) {
  return async (c: Context<GatewayEnv>, next: () => Promise<void>) => {
    const principal = await sessions.resolve(getCookie(c, SESSION_COOKIE));
    if (!principal) {
      if (getCookie(c, SESSION_COOKIE) !== undefined) clearSessionCookie(c);
      return c.json({ message: 'Not signed in' }, 401);
    }
    const allowed = permissionsOf(access);
    if (access !== 'signed-in' && !allowed.some((permission) => principal.permissions.includes(permission))) {
      return c.json({ message: refusal(allowed, principal) }, 403);
    }
    c.set('principal', principal);
    await next();
  };
}

/** The 403 message: says what is missing, so a person knows whom to ask. */
export function refusal(permission: Permission | readonly Permission[], principal: Principal): string {
  if (principal.mustEnrolTotp) return 'Your role requires two-step sign-in: set it up on your account page first.';
  const names = typeof permission === 'string' ? [permission] : permission;
  return `Your role (${principal.role.name}) does not allow this (needs ${names.join(' or ')}). Ask an administrator.`;
}

export const isHttps = (c: Context) => requestOrigin(c).startsWith('https:');

export function setSessionCookie(c: Context, value: string): void {
  setCookie(c, SESSION_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c),
    maxAge: Sessions.maxAgeSeconds,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Strict', secure: isHttps(c) });
}

export function peerAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (an in-process request): all such callers share one bucket.
    return 'unknown';
  }
}

/** Parses a JSON body with a zod schema: the value, or the 400/422 answer to return (DESIGN's error rules). */
export async function readBody<T extends z.ZodType>(
  c: Context,
  schema: T,
): Promise<{ ok: true; data: z.infer<T> } | { ok: false; response: Response }> {
  let input: unknown;
  try {
    input = await c.req.json();
  } catch {
    return { ok: false, response: c.json({ message: 'Malformed JSON in request body' }, 400) };
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
  return { ok: false, response: c.json({ message: 'The given data was invalid.', errors }, 422) };
}

/** A 422 for one field, in the same shape as a validation failure. */
export function fieldError(c: Context, field: string, message: string): Response {
  return c.json({ message, errors: { [field]: [message] } }, 422);
}

export type { Database };
