import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  type PairedDisplay,
  type PairingCode,
  type Published,
  type Screen,
  type ScreenBody,
  type ScreenState,
} from '@/contract/display';
import type { Database, Queryable } from '../../db/database';
import { type RequestAuditEntry, recordAudit } from '../audit';
import type { SignInThrottle } from '../auth';
import { ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../errors';
import type { DisplayPrincipal, Principal } from '../principal';
import { openShiftAt } from '../shifts';
import {
  deleteOldPairingCodes,
  findDisplaySession,
  insertDisplaySession,
  insertPairingCode,
  listDisplaySessions,
  readScreen,
  revokeDisplaySession,
  type StoredScreen,
  storeScreen,
  touchDisplaySession,
  usePairingCode,
} from './display-store';
import type { DisplayWakeups } from './display-wakeups';

/** A pairing code lives this long: typed on the device right after it is made. */
export const PAIRING_CODE_LIFE_SECONDS = 10 * 60;

/**
 * How long a screen stays up without a change before it shows idle: a cart as long as its seats could be held
 * (the service's default 900 s, with room), an online payment as long as the buyer may take, a thank-you as
 * long as it takes to read.
 */
const SHOWN_SECONDS: Record<ScreenBody['phase'], number> = { idle: 0, cart: 20 * 60, payment: 20 * 60, thanks: 90 };

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The person asking (a route's request), with the audit entry of their request. */
export interface DisplayCaller {
  principal: Principal;
  audit(tx: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

export interface DisplayServiceDeps {
  db: Database;
  /** Counts wrong codes per address, as wrong passwords are (auth's throttle, under a key of its own). */
  throttle: Pick<SignInThrottle, 'reserve'>;
  wakeups: DisplayWakeups;
}

const IDLE: Screen = { phase: 'idle', totalCents: 0 };

/** What a screen shows: the stored one while it is up, else idle. */
export const stateOf = (stored: StoredScreen): ScreenState => ({
  salesPointName: stored.salesPointName,
  version: stored.version,
  screen: stored.screen ?? IDLE,
});

/** The total the buyer reads, added up here from the lines (and the payment's fee), never taken as sent. */
function withTotal(body: ScreenBody): Screen {
  if (body.phase === 'idle') return IDLE;
  const lines = body.lines.reduce((sum, line) => sum + line.amountCents, 0);
  const totalCents = lines + ('feeCents' in body ? (body.feeCents ?? 0) : 0);
  // The change the screen shows is the cash less this total: never negative.
  if (body.phase === 'thanks' && body.receivedCents !== undefined && body.receivedCents < totalCents) {
    throw ValidationError.field('receivedCents', 'The cash received is less than the total.');
  }
  return { ...body, totalCents };
}

function newCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i += 1)
    code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  return code;
}

/**
 * The buyer's screens (issue 31 item 5): pairing a device with a sales point by a code, the seller's sale
 * published to the sales point's screen, and what a paired screen reads.
 */
export class DisplayService {
  constructor(private readonly deps: DisplayServiceDeps) {}

  /** The wake-ups a screen's stream waits on. */
  get wakeups(): DisplayWakeups {
    return this.deps.wakeups;
  }

  /**
   * A code for a screen at `salesPointId`: an administrator (sales-points:manage) makes one for any sales point,
   * a seller for the sales point of their open shift. Shown once; stored as its hash.
   */
  async createCode(caller: DisplayCaller, salesPointId: number): Promise<PairingCode> {
    const { principal } = caller;
    if (!principal.permissions.includes('sales-points:manage')) {
      const shift = await openShiftAt(this.deps.db, principal.accountId);
      if (shift?.salesPointId !== salesPointId) {
        throw new ForbiddenError('Pair a screen at the sales point of your open shift, or ask an administrator.');
      }
    }
    const code = newCode();
    const made = await this.deps.db.transaction(async (tx) => {
      await deleteOldPairingCodes(tx, salesPointId);
      const inserted = await insertPairingCode(tx, {
        organisationId: principal.organisationId,
        salesPointId,
        codeHash: sha256(code),
        createdBy: principal.accountId,
        lifeSeconds: PAIRING_CODE_LIFE_SECONDS,
      });
      if (inserted)
        await caller.audit(tx, { action: 'display', status: 201, details: { change: 'code', salesPointId } });
      return inserted;
    });
    if (!made) throw new NotFoundError('No such sales point, or it is disabled');
    return { code, expiresAt: made.expiresAt, salesPointId };
  }

  /**
   * Pairs the device that typed `code`: a display session of the code's sales point, whose token (the cookie's)
   * is returned once. A wrong code counts against the device's address; the right one, once, before it expires.
   */
  async pair(
    code: string,
    device: { address: string; userAgent: string | null },
  ): Promise<{ token: string; salesPointId: number; salesPointName: string }> {
    const attempt = await this.deps.throttle.reserve({ address: `display-pairing:${device.address}` });
    if (!attempt.reserved) {
      throw new TooManyRequestsError('Too many wrong codes. Try again later.', attempt.retryAfter);
    }
    const token = randomBytes(32).toString('base64url');
    const paired = await this.deps.db.transaction(async (tx) => {
      const used = await usePairingCode(tx, sha256(code));
      if (!used) return null;
      const displayId = await insertDisplaySession(tx, {
        organisationId: used.organisationId,
        salesPointId: used.salesPointId,
        tokenHash: sha256(token),
        pairedBy: used.createdBy,
        userAgent: device.userAgent?.slice(0, 300) ?? null,
        address: device.address,
      });
      await recordAudit(tx, {
        organisationId: used.organisationId,
        action: 'display',
        method: 'POST',
        path: '/api/display/pair',
        status: 200,
        details: { change: 'paired', salesPointId: used.salesPointId, displayId, address: device.address },
      });
      return used;
    });
    if (!paired) {
      throw ValidationError.field('code', 'This code is unknown, used or expired: ask the sales point for a new one.');
    }
    // The right code is no failure.
    await attempt.release();
    return { token, salesPointId: paired.salesPointId, salesPointName: paired.salesPointName };
  }

  /** The live display session of a cookie's token; null for none (unknown, revoked). */
  async resolve(token: string | undefined): Promise<DisplayPrincipal | null> {
    if (!token || token.length > 100) return null;
    const session = await findDisplaySession(this.deps.db, sha256(token));
    return session
      ? { displayId: session.id, organisationId: session.organisationId, salesPointId: session.salesPointId }
      : null;
  }

  list(principal: Principal, salesPointId: number): Promise<PairedDisplay[]> {
    return listDisplaySessions(this.deps.db, principal.organisationId, salesPointId);
  }

  /** Ends a screen's pairing: its stream ends at once (the trigger's notice wakes it), its cookie is refused. */
  async revoke(caller: DisplayCaller, salesPointId: number, displayId: number): Promise<void> {
    const revoked = await this.deps.db.transaction(async (tx) => {
      const done = await revokeDisplaySession(tx, caller.principal.organisationId, salesPointId, displayId);
      if (done) {
        await caller.audit(tx, {
          action: 'display',
          status: 204,
          details: { change: 'revoked', salesPointId, displayId },
        });
      }
      return done;
    });
    if (!revoked) throw new NotFoundError('No such screen at this sales point');
    this.deps.wakeups.changed(salesPointId);
  }

  /**
   * The seller's sale, shown on the screen of their shift's sales point. A seller whose shift is at no sales
   * point (or who has none open) has no screen: nothing is stored, and the answer says so.
   */
  async publish(principal: Principal, body: ScreenBody): Promise<Published> {
    const shift = await openShiftAt(this.deps.db, principal.accountId);
    if (shift?.salesPointId == null) return { version: null };
    const version = await storeScreen(
      this.deps.db,
      principal.organisationId,
      shift.salesPointId,
      withTotal(body),
      SHOWN_SECONDS[body.phase],
    );
    this.deps.wakeups.changed(shift.salesPointId);
    return { version };
  }

  /**
   * The sales point's shift has closed: its screens show the welcome at once, not the last sale until that
   * lapses (a stored screen changes, so streams on every instance are woken).
   */
  async clear(organisationId: number, salesPointId: number): Promise<void> {
    await storeScreen(this.deps.db, organisationId, salesPointId, IDLE, SHOWN_SECONDS.idle);
    this.deps.wakeups.changed(salesPointId);
  }

  /** What the display's screen shows now; null once its session is revoked. */
  read(display: DisplayPrincipal): Promise<StoredScreen | null> {
    return readScreen(this.deps.db, display.displayId);
  }

  /** A stream started: the settings list when the screen was last seen. */
  seen(display: DisplayPrincipal): Promise<void> {
    return touchDisplaySession(this.deps.db, display.displayId);
  }
}
