import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Handler, Hono, Next } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ForbiddenError, UnauthorizedError } from './errors';
import type { Permission } from './permissions';
import type { Principal } from './principal';
import { requestOrigin } from './same-origin';

export const SESSION_COOKIE = 'foyer_session';

/** The longest a session lasts, and so its cookie's Max-Age: auth's default, which a role may only shorten. */
export const SESSION_MAX_AGE_SECONDS = 24 * 60 * 60;

export interface SessionAhead {
  known: Principal | null;
  /** The session read after the call: its person (null: no longer valid), and whether it is still `known`'s. */
  current: Promise<{ principal: Principal | null; unchanged: boolean }>;
}

/**
 * What access asks of auth's session store (auth/session-store.ts). An interface of its own: auth's entry holds
 * routes built on this module, so importing it here would tie the two into a cycle.
 */
export interface SessionResolver {
  /** The person whose session the cookie holds; null when there is none (or it has ended). */
  resolve(cookieValue: string | undefined): Promise<Principal | null>;
  /** The person as this instance last found them at once, and the session as it is now. */
  resolveAhead(cookieValue: string | undefined): SessionAhead;
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
  /** Whether a person of a scoped role may call it (it answers within their scope). */
  withinScope: boolean;
}

/** Who may call a route that is not public: its access, and whether it answers within a scope. */
interface AccessRule {
  access: Exclude<Access, 'public'>;
  withinScope: boolean;
}

const OUTSIDE_SCOPE =
  "Your role sees only its own productions, and this covers all of the organisation's. Ask an administrator.";

/**
 * The gateway's routes, each declared with its access: `declare` registers the handler behind the check,
 * and records the route, so a test can prove that every route the app serves has an entry here.
 */
export class SecuredRoutes {
  readonly declared: DeclaredRoute[] = [];

  constructor(
    private readonly app: Hono<GatewayEnv>,
    private readonly sessions: SessionResolver,
  ) {}

  /**
   * `readAhead` (a GET without side effects, forwarded reads): on PostgreSQL the handler starts with the person
   * as this instance last found them while the session is read again, and its answer goes out only if the
   * session is still theirs in every respect that decides access — else it is dropped and the call decided
   * again on the session as it is now. A forwarded read then costs no more than the slower of the two.
 
   *
   * `withinScope`: the route answers a person whose role is limited to chosen productions (role-scopes/) with
   * nothing of other events. A route without it refuses such a person (beyond 'signed-in', which shows only
   * their own session and account): a new route is closed to promoters until someone makes it answer within
   * a scope.
   */
  declare(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    access: Access,
    handler: Handler<GatewayEnv>,
    options: { readAhead?: boolean; withinScope?: boolean } = {},
  ): void {
    this.declared.push({ method, path, access, withinScope: options.withinScope ?? false });
    if (access === 'public') {
      this.app.on(method, path, handler);
      return;
    }
    const rule = { access, withinScope: options.withinScope ?? false };
    if (options.readAhead && method === 'GET') this.app.on(method, path, readAhead(this.sessions, rule, handler));
    else this.app.on(method, path, requireAccess(this.sessions, rule), handler);
  }
}

/** The error refusing `principal` (null: no live session) for `rule`; null when they may go on. */
function refusalOf(c: Context<GatewayEnv>, principal: Principal | null, { access, withinScope }: AccessRule) {
  if (!principal) {
    if (getCookie(c, SESSION_COOKIE) !== undefined) clearSessionCookie(c);
    return new UnauthorizedError('Not signed in');
  }
  const allowed = permissionsOf(access);
  if (access !== 'signed-in' && !allowed.some((permission) => principal.permissions.includes(permission))) {
    return new ForbiddenError(refusal(allowed, principal));
  }
  if (access !== 'signed-in' && principal.scope && !withinScope) return new ForbiddenError(OUTSIDE_SCOPE);
  return null;
}

function requireAccess(sessions: SessionResolver, rule: AccessRule) {
  return async (c: Context<GatewayEnv>, next: () => Promise<void>) => {
    const principal = await sessions.resolve(getCookie(c, SESSION_COOKIE));
    const refused = refusalOf(c, principal, rule);
    if (refused) throw refused;
    c.set('principal', principal as Principal);
    await next();
  };
}

function readAhead(sessions: SessionResolver, rule: AccessRule, handler: Handler<GatewayEnv>) {
  return async (c: Context<GatewayEnv>, next: Next): Promise<Response> => {
    const { known, current } = sessions.resolveAhead(getCookie(c, SESSION_COOKIE));
    if (known && !refusalOf(c, known, rule)) {
      c.set('principal', known);
      // A thrown error is held like an answer: it stands only if the session is still theirs.
      const attempt = Promise.resolve(handler(c, next) as Promise<Response>).then(
        (answer) => ({ answer }),
        (error: unknown) => ({ error }),
      );
      const [outcome, now] = await Promise.all([attempt, current]);
      if (now.unchanged) {
        if ('error' in outcome) throw outcome.error;
        return outcome.answer;
      }
      if ('answer' in outcome) await outcome.answer.body?.cancel();
    }
    const { principal } = await current;
    const refused = refusalOf(c, principal, rule);
    if (refused) throw refused;
    c.set('principal', principal as Principal);
    return (await handler(c, next)) as Response;
  };
}

/** The 403 message: says what is missing, so a person knows whom to ask. */
export function refusal(permission: Permission | readonly Permission[], principal: Principal): string {
  if (principal.mustEnrolTotp) {
    return 'Your role requires two-step sign-in: set up a code app on your account page, or sign in with a passkey.';
  }
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
    maxAge: SESSION_MAX_AGE_SECONDS,
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
