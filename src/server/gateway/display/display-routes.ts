import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import {
  type Paired,
  type PairedDisplayList,
  type PairingCode,
  type Published,
  pairingBodySchema,
  pairingCodeBodySchema,
  screenBodySchema,
} from '@/contract/display';
import type { Database } from '../../db/database';
import { DISPLAY_COOKIE, type GatewayEnv, isHttps, type SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import type { SignInThrottle } from '../auth';
import { NotFoundError } from '../errors';
import { parseBody } from '../request-input';
import { type DisplayCaller, DisplayService, stateOf } from './display-service';
import { DisplayWakeups } from './display-wakeups';

export interface DisplayDeps {
  db: Database;
  throttle: Pick<SignInThrottle, 'reserve'>;
  clientAddressOf(c: Context): string;
}

/** A paired screen stays paired until it is revoked (browsers keep a cookie at most 400 days). */
const DISPLAY_COOKIE_SECONDS = 365 * 24 * 60 * 60;

const managers = { permission: 'sales-points:manage' } as const;
const sellers = { permission: 'sales:sell' } as const;

const idOf = (c: Context, name: string, what: string) => {
  const text = c.req.param(name) ?? '';
  if (!/^\d{1,15}$/.test(text)) throw new NotFoundError(`No such ${what}`);
  return Number(text);
};

/**
 * The buyer's screen (the rules: display-service.ts):
 *
 * - `POST /api/display/pair` (anyone, throttled): a device types a pairing code and becomes that sales point's
 *   screen (an httpOnly cookie for `/api/display/<id>` only);
 * - `GET /api/display/:salesPointId/screen` and `…/events` (that screen only): what it shows now, and the same
 *   live as Server-Sent Events;
 * - `POST /api/display/pairing-codes` (administrators, or the seller at that sales point): a code;
 * - `PUT /api/display/screen` (sellers): the sale on the screen of their shift's sales point;
 * - `GET /api/sales-points/:salesPointId/displays`, `DELETE …/displays/:displayId` (administrators): the paired
 *   screens, and revoking one.
 */
export function registerDisplayRoutes(routes: SecuredRoutes, deps: DisplayDeps, displays: DisplayService): void {
  const callerOf = (c: Context<GatewayEnv>): DisplayCaller => ({
    principal: c.get('principal'),
    audit: (tx, entry) => recordRequestAudit(tx, c, entry),
  });

  routes.declare('POST', '/display/pair', 'public', async (c) => {
    const { code } = await parseBody(c, pairingBodySchema);
    const paired = await displays.pair(code, {
      address: deps.clientAddressOf(c),
      userAgent: c.req.header('user-agent') ?? null,
    });
    setCookie(c, DISPLAY_COOKIE, paired.token, {
      path: `/api/display/${paired.salesPointId}`,
      httpOnly: true,
      sameSite: 'Strict',
      secure: isHttps(c),
      maxAge: DISPLAY_COOKIE_SECONDS,
    });
    return c.json({ salesPointId: paired.salesPointId, salesPointName: paired.salesPointName } satisfies Paired);
  });

  routes.declare('GET', '/display/:salesPointId/screen', 'display', async (c) => {
    const stored = await displays.read(c.get('display'));
    if (!stored) throw new NotFoundError('This screen is no longer paired');
    return c.json(stateOf(stored));
  });

  routes.declare('GET', '/display/:salesPointId/events', 'display', (c) => {
    const display = c.get('display');
    const wakeups = displays.wakeups;
    return streamSSE(c, async (stream) => {
      let closed = false;
      const aborted = new Promise<void>((resolve) =>
        stream.onAbort(() => {
          closed = true;
          resolve();
        }),
      );
      await displays.seen(display);
      let sent: string | null = null;
      while (!closed) {
        // Taken before the read: a change committed during it still wakes the loop.
        const woken = wakeups.next(display.salesPointId);
        const stored = await displays.read(display);
        if (!stored) {
          await stream.writeSSE({ event: 'ended', data: '{}' });
          return;
        }
        const state = stateOf(stored);
        const key = `${state.version}:${state.screen.phase}`;
        if (key !== sent) {
          await stream.writeSSE({ event: 'screen', data: JSON.stringify(state) });
          sent = key;
        } else {
          await stream.write(': still here\n\n');
        }
        // Wait for a change, for the screen to lapse to idle, or for the heartbeat.
        const untilLapse = stored.shownUntilMs === null ? Number.POSITIVE_INFINITY : stored.shownUntilMs - Date.now();
        await wait(Math.max(0, Math.min(wakeups.idleReadMs, untilLapse + 50)), woken, aborted);
      }
    });
  });

  routes.declare('POST', '/display/pairing-codes', { anyOf: ['sales-points:manage', 'sales:sell'] }, async (c) => {
    const { salesPointId } = await parseBody(c, pairingCodeBodySchema);
    return c.json((await displays.createCode(callerOf(c), salesPointId)) satisfies PairingCode, 201);
  });

  routes.declare('PUT', '/display/screen', sellers, async (c) => {
    const body = await parseBody(c, screenBodySchema);
    return c.json((await displays.publish(c.get('principal'), body)) satisfies Published);
  });

  routes.declare('GET', '/sales-points/:salesPointId/displays', managers, async (c) =>
    c.json({
      displays: await displays.list(c.get('principal'), idOf(c, 'salesPointId', 'sales point')),
    } satisfies PairedDisplayList),
  );

  routes.declare('DELETE', '/sales-points/:salesPointId/displays/:displayId', managers, async (c) => {
    await displays.revoke(callerOf(c), idOf(c, 'salesPointId', 'sales point'), idOf(c, 'displayId', 'screen'));
    return c.body(null, 204);
  });
}

/** Until the first of a timeout, a wake-up and the stream's end. */
function wait(ms: number, ...events: Promise<void>[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([timeout, ...events]).finally(() => clearTimeout(timer));
}

/** One per gateway app: its service with the process's wake-ups. */
export function createDisplayService(deps: Pick<DisplayDeps, 'db' | 'throttle'>): DisplayService {
  return new DisplayService({ ...deps, wakeups: new DisplayWakeups(deps.db) });
}
