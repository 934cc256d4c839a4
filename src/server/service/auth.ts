import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Client, ServiceEnv } from './context';
import type { Queryable } from './db/database';
import { ForbiddenError, NotFoundError, UnauthorizedError } from './errors';

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
 * password (spec section 5). Returns null when the header is missing or unusable.
 */
export function apiKeyFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const basic = /^Basic\s+(.+)$/i.exec(value);
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon === -1 ? decoded : decoded.slice(0, colon);
    return user.length > 0 ? user : null;
  }
  return value.length > 0 ? value : null;
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
 */
export function requirePartnerKey(directory: ClientDirectory): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    const apiKey = apiKeyFromHeader(c.req.header('authorization'));
    if (!apiKey) throw new UnauthorizedError('Missing API key');
    const row = await directory.find(c.req.param('client_name') ?? '');
    if (!row) throw new NotFoundError('Client not found');
    const presented = hashApiKey(apiKey);
    const expected = Buffer.from(row.api_key_hash);
    if (presented.length === expected.length && timingSafeEqual(presented, expected)) {
      await next();
      return;
    }
    if (await directory.existsWithKeyHash(presented)) throw new ForbiddenError();
    throw new UnauthorizedError('Unknown API key');
  };
}
