import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Handler, Hono, Next } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ForbiddenError, UnauthorizedError } from './errors';
import type { Permission } from './permissions';
import type { DisplayPrincipal, Principal } from './principal';
import { requestOrigin } from './same-origin';

export const SESSION_COOKIE = 'foyer_session';

/** A paired buyer's screen's cookie, scoped to its sales point's display routes (`/api/display/<id>`). */
export const DISPLAY_COOKIE = 'foyer_display';

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

/** What access asks of the display concern: the paired screen whose cookie a request brings. */
export interface DisplayResolver {
  resolve(cookieValue: string | undefined): Promise<DisplayPrincipal | null>;
}

/**
 * A check of every signed-in request beyond its permissions (address-rules/: the networks a role may be used
 * from). An interface of its own, injected, so this module depends on no concern.
 */
export interface RequestGate {
  /** Whether the person may use the gateway from where request `c` comes. */
  admits(c: Context, principal: Principal): boolean;
  /** The refusal of a request `admits` turned away, counted and recorded. */
  refusalOf(c: Context<GatewayEnv>, principal: Principal): Promise<Error>;
}

export type GatewayEnv = { Variables: { principal: Principal; display: DisplayPrincipal; clientOrigin: string } };

/**
 * Who may call a route of the gateway's own: anyone (sign-in, one-time links), anyone signed in (their
 * own session and account), the holders of one permission, or a paired buyer's screen of the sales point the
 * path names (`'display'`: no person; a person's session is no way in, and a screen's cookie opens nothing
 * else). Forwarded calls have their own table (permissions/route-permissions.ts).
 */
export type Access = 'public' | 'signed-in' | 'display' | { permission: Permission } | { anyOf: readonly Permission[] };

/** The permissions any one of which lets a person through `access` (none for 'public', 'signed-in', 'display'). */
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
  access: Exclude<Access, 'public' | 'display'>;
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
    private readonly gate: RequestGate,
    private readonly displays: DisplayResolver,
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
    if (access === 'display') {
      this.app.on(method, path, requireDisplay(this.displays), handler);
      return;
    }
    const rule = { access, withinScope: options.withinScope ?? false };
    if (options.readAhead && method === 'GET')
      this.app.on(method, path, readAhead(this.sessions, this.gate, rule, handler));
    else this.app.on(method, path, requireAccess(this.sessions, this.gate, rule), handler);
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

export const NOT_PAIRED = 'This screen is not paired: type the code from the sales point';

/** A paired screen, of the sales point the path names (a person's session counts for nothing here). */
function requireDisplay(displays: DisplayResolver) {
  return async (c: Context<GatewayEnv>, next: () => Promise<void>) => {
    const display = await displays.resolve(getCookie(c, DISPLAY_COOKIE));
    if (!display) throw new UnauthorizedError(NOT_PAIRED);
    if (String(display.salesPointId) !== c.req.param('salesPointId')) {
      throw new ForbiddenError('This screen is paired with another sales point.');
    }
    c.set('display', display);
    await next();
  };
}

/** Lets the person of a live session through `rule` from where `c` comes, or throws the refusal. */
async function admit(c: Context<GatewayEnv>, gate: RequestGate, principal: Principal | null, rule: AccessRule) {
  const refused = refusalOf(c, principal, rule);
  if (refused) throw refused;
  const person = principal as Principal;
  if (!gate.admits(c, person)) throw await gate.refusalOf(c, person);
  c.set('principal', person);
}

function requireAccess(sessions: SessionResolver, gate: RequestGate, rule: AccessRule) {
  return async (c: Context<GatewayEnv>, next: () => Promise<void>) => {
    await admit(c, gate, await sessions.resolve(getCookie(c, SESSION_COOKIE)), rule);
    await next();
  };
}

function readAhead(sessions: SessionResolver, gate: RequestGate, rule: AccessRule, handler: Handler<GatewayEnv>) {
  return async (c: Context<GatewayEnv>, next: Next): Promise<Response> => {
    const { known, current } = sessions.resolveAhead(getCookie(c, SESSION_COOKIE));
    if (known && !refusalOf(c, known, rule) && gate.admits(c, known)) {
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
    await admit(c, gate, (await current).principal, rule);
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
