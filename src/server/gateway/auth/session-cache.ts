import type { Database } from '../../db/database';
import type { Listening } from '../../db/notification-listener';
import type { Principal } from '../principal';

/** The channel the triggers of migration 009 notify on, with `s:<session hash>`, `a:`, `r:` or `o:<id>`. */
export const SESSION_CHANNEL = 'foyer_gateway_sessions';

/** A safety net: an entry is read again after this long even when no notification said it changed. */
const TTL_MS = 30_000;
/** Beyond this many sessions the oldest entries are forgotten. */
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  principal: Principal;
  /** What access depends on (see `fingerprintOf`): a session read again with the same one allows the same. */
  fingerprint: string;
  lastSeenMs: number;
  idleExpiresMs: number;
  absoluteExpiresMs: number;
  idleMinutes: number;
  /** When it was read (Date.now()). */
  readMs: number;
}

/**
 * The sessions this instance read from PostgreSQL, kept while nothing about them changes. A trigger on
 * sessions, accounts, roles and organisations notifies every change (migration 009); a dedicated connection
 * listens, and each notice drops what it names. An entry is used only after `sync` (one shared round trip on
 * that connection) has made sure that every notice committed before the request came in: a sign-out, a
 * disabled account or a changed role on any instance counts at once, as if the row had been read. While the
 * listening connection is down nothing is kept, and every request reads the database.
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();
  readonly #listening: Listening;
  #up = false;
  /** Moves on every notice and connection change: a read begun before one may be out of date. */
  #generation = 0;

  constructor(listen: NonNullable<Database['listen']>) {
    this.#listening = listen(SESSION_CHANNEL, {
      notification: (payload) => this.#drop(payload),
      connection: (up) => {
        this.#up = up;
        this.#generation += 1;
        this.#entries.clear();
      },
    });
  }

  /** The entry of a session, when it is kept and not older than the safety net allows. */
  get(ref: string): CachedSession | undefined {
    const entry = this.#entries.get(ref);
    if (entry && Date.now() - entry.readMs > TTL_MS) {
      this.#entries.delete(ref);
      return undefined;
    }
    return entry;
  }

  /** Take before reading a session, pass to `keep` after. */
  get generation(): number {
    return this.#generation;
  }

  /** Keeps what a read begun under `generation` found, unless a notice (or the connection) moved meanwhile. */
  keep(ref: string, entry: CachedSession, generation: number): void {
    if (!this.#up || generation !== this.#generation) return;
    if (this.#entries.size >= MAX_ENTRIES && !this.#entries.has(ref)) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
    this.#entries.set(ref, entry);
  }

  delete(ref: string): void {
    this.#entries.delete(ref);
  }

  /**
   * Whether `entry` is still what the database says, as of now: after every notice committed before this
   * call has arrived, it is still kept. False also when that cannot be known (the connection is down).
   */
  async holds(ref: string, entry: CachedSession): Promise<boolean> {
    return (await this.#listening.sync()) && this.#entries.get(ref) === entry;
  }

  #drop(payload: string): void {
    this.#generation += 1;
    const [kind, key] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 's:') {
      this.#entries.delete(key);
      return;
    }
    const id = Number(key);
    const names = (principal: Principal) =>
      kind === 'a:'
        ? principal.accountId === id
        : kind === 'r:'
          ? principal.role.id === id
          : kind === 'o:'
            ? principal.organisationId === id
            : true;
    for (const [ref, entry] of this.#entries) if (names(entry.principal)) this.#entries.delete(ref);
  }
}
