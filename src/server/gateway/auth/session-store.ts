import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Database, type Queryable, readUntilNextWrite } from '../../db/database';
import { SESSION_MAX_AGE_SECONDS, type SessionAhead, type SessionResolver } from '../access';
import type { Permission } from '../permissions';
import type { Principal, SignInMethod } from '../principal';
import { findSessionPerson, type SessionPersonRow, sessionLimitsOf } from './account-store';
import { satisfiesTwoStep } from './second-factor';
import { type CachedSession, SessionCache } from './session-cache';

/** The defaults when a role sets no limits of its own. */
export const DEFAULT_IDLE_MINUTES = 8 * 60;
export const DEFAULT_ABSOLUTE_MINUTES = SESSION_MAX_AGE_SECONDS / 60;
/** A session's last use is written at most this often: a read forwarded every second costs no write. */
const TOUCH_AFTER_SECONDS = 60;

export interface NewSession {
  accountId: number;
  method: SignInMethod;
  userAgent?: string | undefined;
  address?: string | undefined;
}

const hashId = (id: string) => createHash('sha256').update(id).digest();

/** A cookie's session: its id's SHA-256 (the row's key) and that in hex (the session's reference). */
interface SessionName {
  idHash: Buffer;
  ref: string;
}

/** How many cookies this instance remembers having verified (a few hundred bytes each). */
const VERIFIED_COOKIES = 5_000;

/** What access depends on: who, in which organisation, allowed what, with which key. */
function fingerprintOf(principal: Principal): string {
  return JSON.stringify([
    principal.accountId,
    principal.organisationId,
    principal.clientName,
    principal.role.id,
    principal.role.networks,
    principal.permissions,
    principal.scope,
    principal.mustEnrolTotp,
    Buffer.from(principal.sealedApiKey).toString('base64'),
  ]);
}

function entryOf(row: SessionPersonRow, ref: string, now: number): CachedSession {
  // A passkey sign-in (user verification required) satisfies the role's two-step requirement (second-factor.ts).
  const mustEnrolTotp = !satisfiesTwoStep(row.require_totp, row.totp_enabled, row.method);
  const principal = {
    sessionRef: ref,
    accountId: Number(row.account_id),
    email: row.email,
    displayName: row.display_name,
    organisationId: Number(row.organisation_id),
    clientName: row.client_name,
    role: {
      id: Number(row.role_id),
      key: row.role_key,
      name: row.role_name,
      requireTotp: row.require_totp,
      networks: row.networks as readonly string[],
    },
    permissions: mustEnrolTotp ? [] : (row.permissions as Permission[]),
    scope:
      row.scope_production_ids && row.scope_event_ids
        ? { productionIds: row.scope_production_ids.map(Number), eventIds: row.scope_event_ids.map(Number) }
        : null,
    totpEnabled: row.totp_enabled,
    mustEnrolTotp,
    signInMethod: row.method,
  } as Principal;
  Object.defineProperty(principal, 'sealedApiKey', { value: row.api_key_sealed, enumerable: false });
  return {
    principal,
    fingerprint: fingerprintOf(principal),
    lastSeenMs: new Date(row.last_seen_at).getTime(),
    idleExpiresMs: new Date(row.idle_expires_at).getTime(),
    absoluteExpiresMs: new Date(row.absolute_expires_at).getTime(),
    idleMinutes: row.idle_minutes,
    readMs: now,
  };
}

/**
 * Sessions in the gateway's database, so any instance serves any request and a sign-out, a disabled account
 * or a changed role takes effect on the next request everywhere. The cookie holds `<id>.<hmac>`: the id is
 * 256 random bits, the HMAC lets a forged value be refused without a query, and the database keeps only the
 * SHA-256 of the id (a copy of the table signs nobody in).
 */
export class SessionStore implements SessionResolver {
  readonly #db: Database;
  readonly #signingKey: Buffer;
  /** PostgreSQL only: the sessions this instance read, kept fresh by notifications (session-cache.ts). */
  readonly #cache: SessionCache | null;
  /** Sessions whose last use is being written: requests meanwhile do not write it again. */
  readonly #touching = new Set<string>();
  /**
   * Cookies this instance found signed, and what they name: every request of a session presents the same one,
   * and its HMAC and hash were a tenth of the gateway's own work on a call (issue 32's profile). Only a value
   * that verified is kept, so a forged one is always checked; whether the session is live is never kept here.
   */
  readonly #verified = new Map<string, SessionName>();

  constructor(db: Database, signingKey: Buffer | string) {
    this.#db = db;
    this.#signingKey = typeof signingKey === 'string' ? Buffer.from(signingKey) : signingKey;
    this.#cache = db.listen ? new SessionCache(db.listen.bind(db)) : null;
  }

  /** Starts a session; returns the cookie value. The role's limits (or the defaults) apply. */
  async create(session: NewSession): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    const limits = await sessionLimitsOf(this.#db, session.accountId);
    if (limits) {
      await this.#db.query(
        `insert into gateway.sessions (id_hash, account_id, method, user_agent, address, idle_expires_at, absolute_expires_at)
         values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6), now() + make_interval(mins => $7))`,
        [
          hashId(id),
          session.accountId,
          session.method,
          session.userAgent?.slice(0, 300) ?? null,
          session.address ?? null,
          limits.idleMinutes ?? DEFAULT_IDLE_MINUTES,
          limits.absoluteMinutes ?? DEFAULT_ABSOLUTE_MINUTES,
        ],
      );
    }
    return `${id}.${this.#sign(id)}`;
  }

  /**
   * The live session named by a cookie and its person, or null: forged, unknown, ended, idle or past its
   * absolute limit, or the account is disabled. As of the call: a sign-out, a disabled account or a changed
   * role committed on any instance before it counts. One indexed query — or, on PostgreSQL, a session this
   * instance read before and heard no change of since (one shared round trip to make sure), and on the
   * embedded database one read until the next write (see readUntilNextWrite). The last use is written at
   * most once a minute (idle limits are in minutes).
   */
  async resolve(cookieValue: string | undefined): Promise<Principal | null> {
    const named = this.#name(cookieValue);
    if (!named) return null;
    const { idHash, ref } = named;
    const kept = this.#kept(ref);
    if (kept && (await this.#cache?.holds(ref, kept))) return this.#use(idHash, ref, kept);
    return this.#read(idHash, ref);
  }

  /**
   * For a call without side effects (a forwarded read): the person as this instance last found them for
   * this cookie, to start the work with, and the session as of now, checked meanwhile. The work's answer may
   * go out only when `current` is still `known` in everything that decides what the person may do
   * (`unchanged`). `known` is null where this instance keeps no sessions (the embedded database) and for a
   * session it has not read yet.
   */
  resolveAhead(cookieValue: string | undefined): SessionAhead {
    const named = this.#name(cookieValue);
    if (!named) return { known: null, current: Promise.resolve({ principal: null, unchanged: false }) };
    const { idHash, ref } = named;
    const kept = this.#kept(ref);
    if (!kept || !this.#cache) {
      return { known: null, current: this.#read(idHash, ref).then((principal) => ({ principal, unchanged: false })) };
    }
    const current = this.#cache.holds(ref, kept).then(async (holds) => {
      if (holds) return { principal: await this.#use(idHash, ref, kept), unchanged: true };
      const principal = await this.#read(idHash, ref);
      return { principal, unchanged: principal !== null && fingerprintOf(principal) === kept.fingerprint };
    });
    return { known: kept.principal, current };
  }

  /** The kept entry of a session, unless its limits passed by the time it was read (then it is read again). */
  #kept(ref: string): CachedSession | undefined {
    const entry = this.#cache?.get(ref);
    const now = Date.now();
    return entry && entry.idleExpiresMs > now && entry.absoluteExpiresMs > now ? entry : undefined;
  }

  async #read(idHash: Buffer, ref: string): Promise<Principal | null> {
    const generation = this.#cache?.generation ?? 0;
    // On the embedded database (one process, see readUntilNextWrite) the row is read again only after a
    // write — a sign-out, a disabled account, a changed role, any sale — so a forwarded read costs no query.
    const row = await readUntilNextWrite(this.#db, `gateway-session:${ref}`, () =>
      findSessionPerson(this.#db, idHash, DEFAULT_IDLE_MINUTES),
    );
    const now = Date.now();
    const entry = row?.live ? entryOf(row, ref, now) : undefined;
    if (!entry || entry.idleExpiresMs <= now || entry.absoluteExpiresMs <= now) {
      this.#cache?.delete(ref);
      return null;
    }
    this.#cache?.keep(ref, entry, generation);
    return this.#use(idHash, ref, entry);
  }

  async #use(idHash: Buffer, ref: string, entry: CachedSession): Promise<Principal> {
    if (Date.now() - entry.lastSeenMs > TOUCH_AFTER_SECONDS * 1000 && !this.#touching.has(ref)) {
      // One request writes it (the others meanwhile go on), and only when no other instance just did.
      this.#touching.add(ref);
      try {
        await this.#db.query(
          `update gateway.sessions
              set last_seen_at = now(), idle_expires_at = least(absolute_expires_at, now() + make_interval(mins => $2))
            where id_hash = $1 and last_seen_at < now() - make_interval(secs => $3)`,
          [idHash, entry.idleMinutes, TOUCH_AFTER_SECONDS],
        );
        this.#cache?.delete(ref);
      } finally {
        this.#touching.delete(ref);
      }
    }
    return entry.principal;
  }

  /** Ends the session named by a cookie (sign-out). */
  async end(cookieValue: string | undefined): Promise<void> {
    const named = this.#name(cookieValue);
    if (!named) return;
    await this.#db.query('update gateway.sessions set ended_at = now() where id_hash = $1 and ended_at is null', [
      named.idHash,
    ]);
  }

  /** Ends one of the person's own sessions by its reference; false when there is no such live session. */
  async endOwn(accountId: number, sessionRef: string): Promise<boolean> {
    if (!/^[0-9a-f]{64}$/.test(sessionRef)) return false;
    const { rowCount } = await this.#db.query(
      'update gateway.sessions set ended_at = now() where id_hash = $1 and account_id = $2 and ended_at is null',
      [Buffer.from(sessionRef, 'hex'), accountId],
    );
    return rowCount > 0;
  }

  /** Ends every session of an account (disabled, password reset), but the one named `exceptRef`. */
  async endAll(accountId: number, exceptRef?: string): Promise<number> {
    const { rowCount } = await this.#db.query(
      `update gateway.sessions set ended_at = now()
        where account_id = $1 and ended_at is null and ($2::bytea is null or id_hash <> $2)`,
      [accountId, exceptRef ? Buffer.from(exceptRef, 'hex') : null],
    );
    return rowCount;
  }

  /** The person's live sessions, newest use first. */
  async listOwn(accountId: number): Promise<SessionSummary[]> {
    const { rows } = await this.#db.query<{
      ref: string;
      created_at: Date;
      last_seen_at: Date;
      method: SignInMethod;
      user_agent: string | null;
      address: string | null;
    }>(
      `select encode(id_hash, 'hex') as ref, created_at, last_seen_at, method, user_agent, address
         from gateway.sessions
        where account_id = $1 and ended_at is null and idle_expires_at > now() and absolute_expires_at > now()
        order by last_seen_at desc`,
      [accountId],
    );
    return rows.map((row) => ({
      ref: row.ref,
      createdAt: new Date(row.created_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
      method: row.method,
      userAgent: row.user_agent,
      address: row.address,
    }));
  }

  #sign(id: string): string {
    return createHmac('sha256', this.#signingKey).update(id).digest('base64url');
  }

  /** What a signed cookie names, or null when it is not one of ours. */
  #name(cookieValue: string | undefined): SessionName | null {
    if (!cookieValue) return null;
    const known = this.#verified.get(cookieValue);
    if (known) return known;
    const id = this.#verify(cookieValue);
    if (!id) return null;
    const idHash = hashId(id);
    const named = { idHash, ref: idHash.toString('hex') };
    // The oldest goes first: a Map keeps its keys in the order they came.
    if (this.#verified.size >= VERIFIED_COOKIES) this.#verified.delete(this.#verified.keys().next().value as string);
    this.#verified.set(cookieValue, named);
    return named;
  }

  #verify(cookieValue: string | undefined): string | null {
    if (!cookieValue || cookieValue.length > 200) return null;
    const dot = cookieValue.indexOf('.');
    if (dot <= 0) return null;
    const id = cookieValue.slice(0, dot);
    const presented = Buffer.from(cookieValue.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.#sign(id), 'base64url');
    return presented.length === expected.length && timingSafeEqual(presented, expected) ? id : null;
  }
}

/**
 * Ends the live sessions of an organisation's people that were not started through `method`, but those of
 * accounts whose role is `sparedRoleKey`: in the caller's transaction (single sign-on made required). How
 * many it ended. Every instance hears of it as of a sign-out (the sessions' trigger).
 */
export async function endSessionsNotThrough(
  tx: Queryable,
  organisationId: number,
  method: SignInMethod,
  sparedRoleKey: string,
): Promise<number> {
  const { rowCount } = await tx.query(
    `update gateway.sessions s set ended_at = now()
      where s.ended_at is null and s.method <> $2
        and s.account_id in (select a.id from gateway.accounts a join gateway.roles r on r.id = a.role_id
                              where a.organisation_id = $1 and r.key <> $3)`,
    [organisationId, method, sparedRoleKey],
  );
  return rowCount;
}

export interface SessionSummary {
  ref: string;
  createdAt: string;
  lastSeenAt: string;
  method: SignInMethod;
  userAgent: string | null;
  address: string | null;
}
