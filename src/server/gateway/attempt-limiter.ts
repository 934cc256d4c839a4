export interface AttemptLimiterOptions {
  /** Attempts allowed per key and window. */
  limit: number;
  windowMs: number;
  /** Upper bound on tracked keys, so a flood of addresses cannot grow memory without end. */
  maxKeys?: number;
  now?: () => number;
}

export type AttemptDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Fixed-window attempt counter per key (the client address for sign-in). Every attempt counts, successful
 * or not: a success must not reset the count, or one valid key of their own would let someone keep
 * guessing other organisations' keys.
 */
export class AttemptLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: AttemptLimiterOptions) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
    this.#maxKeys = options.maxKeys ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  get trackedKeys(): number {
    return this.#windows.size;
  }

  /** Records an attempt for the key, or refuses it with the seconds until the window ends. */
  attempt(key: string): AttemptDecision {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (window && now - window.startedAt >= this.#windowMs) {
      this.#windows.delete(key);
      window = undefined;
    }
    if (!window) {
      if (this.#windows.size >= this.#maxKeys) this.#makeRoom(now);
      window = { startedAt: now, count: 0 };
      this.#windows.set(key, window);
    }
    if (window.count >= this.#limit) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + this.#windowMs - now) / 1000)),
      };
    }
    window.count += 1;
    return { allowed: true };
  }

  #makeRoom(now: number): void {
    for (const [key, window] of this.#windows) {
      if (now - window.startedAt >= this.#windowMs) this.#windows.delete(key);
    }
    // Insertion order is window start order: the oldest window is the first one.
    while (this.#windows.size >= this.#maxKeys) {
      const oldest = this.#windows.keys().next();
      if (oldest.done) break;
      this.#windows.delete(oldest.value);
    }
  }
}
