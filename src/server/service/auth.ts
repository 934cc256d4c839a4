import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { clientAddress, peerAddress } from '../client-address';
import type { Queryable } from '../db/database';
import type { Client, ServiceEnv } from './context';
import { ForbiddenError, NotFoundError, UnauthorizedError } from './errors';
import { countHit, type RateRule, refuseWhenSpent } from './rate-limits';

interface ClientRow {
  id: number;
  name: string;
  display_name: string;
  time_zone: string;
  currency: string;
  api_key_hash: Uint8Array;
}

/** API keys are stored as their SHA-256: keys are long random strings, so a fast hash is enough. */
export function hashApiKey(apiKey: string): Buffer {
  return createHash('sha256').update(apiKey, 'utf8').digest();
}

/**
 * Reads the key from `Authorization`: the raw key, or Basic with the key as user name and an empty
 * password (spec section 5). Returns null when the header is missing or unusable — Basic with a password
 * included: the password would otherwise be ignored, and `key:anything` accepted as if it were `key:`.
 */
export function apiKeyFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const basic = /^Basic\s+(.+)$/i.exec(value);
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon === -1 ? decoded : decoded.slice(0, colon);
    const password = colon === -1 ? '' : decoded.slice(colon + 1);
    return user.length > 0 && password.length === 0 ? user : null;
  }
  return value.length > 0 ? value : null;
}

/** Failed partner authentications per client address: `limit` per 10 minutes, then 429 until the window ends. */
export const partnerAuthFailures = (limit: number): RateRule => ({
  bucket: 'partner-auth-failure',
  limit,
  windowSeconds: 600,
});

const TOO_MANY_FAILURES = 'Too many failed authentications from this address. Try again later.';

/** Does `apiKey` (already read from the header) belong to the client of `row`? Constant-time comparison. */
export function keyMatches(row: { api_key_hash: Uint8Array }, apiKey: string): boolean {
  const presented = hashApiKey(apiKey);
  const expected = Buffer.from(row.api_key_hash);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/** Clients change only through seeding, so they are read once per name and kept. */
export class ClientDirectory {
  readonly #byName = new Map<string, ClientRow | null>();

  constructor(private readonly db: Queryable) {}

  async find(name: string): Promise<ClientRow | null> {
    // PostgreSQL text cannot hold NUL, and no client name is that long: such names are unknown, not errors.
    if (name.length === 0 || name.length > 64 || name.includes('\u0000')) return null;
    if (!this.#byName.has(name)) {
      const { rows } = await this.db.query<ClientRow>(
        'select id, name, display_name, time_zone, currency, api_key_hash from clients where name = $1',
        [name],
      );
      // Unknown names are not cached: a client may be created after start (tests, seeding).
      if (!rows[0]) return null;
      this.#byName.set(name, rows[0]);
    }
    return this.#byName.get(name) ?? null;
  }

  async existsWithKeyHash(hash: Buffer): Promise<boolean> {
    const { rows } = await this.db.query('select 1 from clients where api_key_hash = $1', [hash]);
    return rows.length > 0;
  }
}

function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    timeZone: row.time_zone,
    currency: row.currency,
  };
}

/** Resolves `{client_name}` of the path; an unknown client is a 404 like any unknown resource. */
export function resolveClient(directory: ClientDirectory): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    const name = c.req.param('client_name') ?? '';
    const row = await directory.find(name);
    if (!row) throw new NotFoundError('Client not found');
    c.set('client', toClient(row));
    await next();
  };
}

/**
 * Partner group: the key must belong to the client of the path. Missing or unknown key → 401; a valid key
 * of another client → 403. The stored hash is compared in constant time.
 *
 * Guessing is throttled per client address (in the database, so all processes count together): after
 * `partnerAuthFailureLimit` failed attempts in a 10-minute window every partner call from that address
 * gets 429 with `Retry-After` until the window ends — the right key too, or a guess would give itself
 * away by not being refused. Calls without a socket peer come in-process from the gateway, which has its
 * own sign-in throttle; they are not counted (no network request can arrive without a peer).
 */
export function requirePartnerKey(directory: ClientDirectory): MiddlewareHandler<ServiceEnv> {
  const suspects = new SuspectAddresses();
  return async (c, next) => {
    const deps = c.get('deps');
    const address = peerAddress(c) === null ? null : clientAddress(c, deps.trustProxy);
    const rule = partnerAuthFailures(deps.partnerAuthFailureLimit);
    const header = c.req.header('authorization');
    const apiKey = apiKeyFromHeader(header);
    const now = deps.now();
    // Only an address that failed here lately is looked up before its key is checked: partners that never
    // fail cost no query. (An address whose failures all went to other processes gets one unchecked attempt
    // here before its first failure marks it — a guesser gains at most one guess per process and window.)
    if (address !== null && (apiKey || header) && suspects.has(address, now)) {
      await refuseWhenSpent(deps.db, rule, address, now, TOO_MANY_FAILURES);
    }
    const failed = async (error: Error): Promise<never> => {
      if (address !== null) {
        suspects.add(address, now, rule.windowSeconds * 1000);
        await countHit(deps.db, rule, address, now, TOO_MANY_FAILURES);
      }
      throw error;
    };
    if (!apiKey) {
      if (header?.trim()) await failed(new UnauthorizedError('Unusable Authorization header'));
      throw new UnauthorizedError('Missing API key');
    }
    const row = await directory.find(c.req.param('client_name') ?? '');
    if (!row) throw new NotFoundError('Client not found');
    if (keyMatches(row, apiKey)) {
      await next();
      return;
    }
    if (await directory.existsWithKeyHash(hashApiKey(apiKey))) await failed(new ForbiddenError());
    await failed(new UnauthorizedError('Unknown API key'));
  };
}

/** Addresses with a failed authentication in this process within the throttle window (bounded). */
class SuspectAddresses {
  static readonly LIMIT = 100_000;
  readonly #until = new Map<string, number>();

  has(address: string, now: Date): boolean {
    const until = this.#until.get(address);
    if (until === undefined) return false;
    if (until > now.getTime()) return true;
    this.#until.delete(address);
    return false;
  }

  add(address: string, now: Date, forMs: number): void {
    if (this.#until.size >= SuspectAddresses.LIMIT) {
      for (const [other, until] of this.#until) if (until <= now.getTime()) this.#until.delete(other);
      // Still full (a flood of distinct addresses): forget the oldest; the database still counts them all.
      if (this.#until.size >= SuspectAddresses.LIMIT) this.#until.delete(this.#until.keys().next().value ?? '');
    }
    this.#until.delete(address);
    this.#until.set(address, now.getTime() + forMs);
  }
}
