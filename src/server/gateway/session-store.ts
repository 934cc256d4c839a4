import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface Session {
  readonly clientName: string;
  /** Non-enumerable: a session object that ends up in a log line or JSON never carries the key. */
  readonly apiKey: string;
  readonly createdAt: number;
  lastSeenAt: number;
}

export interface SessionStoreOptions {
  secret: string;
  /** A session unused for this long ends (default 8 h). */
  idleTimeoutMs?: number;
  /** A session ends this long after sign-in, however busy (default 24 h). */
  absoluteTimeoutMs?: number;
  /** Upper bound on live sessions; the least recently used one makes room (default 10,000). */
  maxSessions?: number;
  now?: () => number;
}

const HOUR = 3_600_000;

/**
 * Server-side sessions in memory. The cookie holds `<id>.<hmac>`: the id is 256 random bits (unguessable),
 * the HMAC lets a forged or tampered value be refused without a lookup. The API key lives only here.
 *
 * Memory, not a file or database: the store holds API keys, and keeping them off disk means a stolen
 * DATA_DIR or backup never contains them. The price is that a restart signs everyone out.
 */
export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  readonly #secret: string;
  readonly #idleMs: number;
  readonly #absoluteMs: number;
  readonly #max: number;
  readonly #now: () => number;

  constructor(options: SessionStoreOptions) {
    this.#secret = options.secret;
    this.#idleMs = options.idleTimeoutMs ?? 8 * HOUR;
    this.#absoluteMs = options.absoluteTimeoutMs ?? 24 * HOUR;
    this.#max = options.maxSessions ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#sessions.size;
  }

  /** Longest a cookie can be useful; the cookie's Max-Age. */
  get absoluteTimeoutSeconds(): number {
    return Math.floor(this.#absoluteMs / 1000);
  }

  /** Starts a session and returns the cookie value that names it. */
  create(clientName: string, apiKey: string): string {
    const now = this.#now();
    if (this.#sessions.size >= this.#max) this.#makeRoom(now);
    const id = randomBytes(32).toString('base64url');
    const session = { clientName, createdAt: now, lastSeenAt: now } as Session;
    Object.defineProperty(session, 'apiKey', { value: apiKey, enumerable: false });
    this.#sessions.set(id, session);
    return `${id}.${this.#sign(id)}`;
  }

  /** The live session named by a cookie value, refreshed as used; null when forged, unknown or expired. */
  resolve(cookieValue: string | undefined): Session | null {
    const id = this.#verify(cookieValue);
    if (!id) return null;
    const session = this.#sessions.get(id);
    if (!session) return null;
    const now = this.#now();
    if (this.#expired(session, now)) {
      this.#sessions.delete(id);
      return null;
    }
    session.lastSeenAt = now;
    // Re-inserting keeps the map in least-recently-used order for #makeRoom.
    this.#sessions.delete(id);
    this.#sessions.set(id, session);
    return session;
  }

  destroy(cookieValue: string | undefined): void {
    const id = this.#verify(cookieValue);
    if (id) this.#sessions.delete(id);
  }

  #expired(session: Session, now: number): boolean {
    return now - session.lastSeenAt >= this.#idleMs || now - session.createdAt >= this.#absoluteMs;
  }

  #makeRoom(now: number): void {
    for (const [id, session] of this.#sessions) {
      if (this.#expired(session, now)) this.#sessions.delete(id);
    }
    while (this.#sessions.size >= this.#max) {
      const oldest = this.#sessions.keys().next();
      if (oldest.done) break;
      this.#sessions.delete(oldest.value);
    }
  }

  #sign(id: string): string {
    return createHmac('sha256', this.#secret).update(id).digest('base64url');
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
