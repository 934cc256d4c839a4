import type { Database } from '../../db/database';
import type { Listening } from '../../db/notification-listener';

/** The channel migration 023's triggers notify on, with the sales point's id. */
export const DISPLAY_CHANNEL = 'foyer_gateway_displays';

/** A stream with nothing to send still reads its screen this often (a comment keeps proxies from closing it). */
export const HEARTBEAT_MS = 15_000;
/** While the listening connection is down, notices are missed: streams read their screen this often instead. */
export const POLL_WHILE_DEAF_MS = 1_000;

/**
 * Wakes the streams of a sales point when its screen may have changed. The screen itself lives in the database
 * (display_screens, with a version): a wake-up only says "read it again", so a missed or doubled one costs a
 * read, never a wrong screen. On PostgreSQL every instance LISTENs (one connection group per process, opened
 * with the first stream, closed with the database) and hears the triggers' notices of changes made anywhere; a change made here also wakes
 * this process at once. The embedded database has one process and no listener: the change's own wake-up is all
 * there is, and all that is needed.
 */
export class DisplayWakeups {
  readonly #db: Database;
  /** The next wake-up of each sales point with a stream waiting: resolved and replaced on each. */
  readonly #next = new Map<number, { promise: Promise<void>; wake: () => void }>();
  #listening: Listening | null = null;
  /** Whether notices are heard (the embedded database needs none). */
  #hearing: boolean;

  constructor(db: Database) {
    this.#db = db;
    this.#hearing = db.listen === undefined;
  }

  /**
   * The next wake-up of a sales point's streams. Taken before reading the screen: a change committed while the
   * read is under way still wakes the stream afterwards.
   */
  next(salesPointId: number): Promise<void> {
    this.#listen();
    let pending = this.#next.get(salesPointId);
    if (!pending) {
      let wake = () => {};
      const promise = new Promise<void>((resolve) => {
        wake = resolve;
      });
      pending = { promise, wake };
      this.#next.set(salesPointId, pending);
    }
    return pending.promise;
  }

  /** A change of the sales point's screen committed in this process. */
  changed(salesPointId: number): void {
    this.#wake(salesPointId);
  }

  /** How long a stream waits for a wake-up before it reads its screen anyway. */
  get idleReadMs(): number {
    return this.#hearing ? HEARTBEAT_MS : POLL_WHILE_DEAF_MS;
  }

  #wake(salesPointId: number): void {
    const pending = this.#next.get(salesPointId);
    if (!pending) return;
    this.#next.delete(salesPointId);
    pending.wake();
  }

  #listen(): void {
    if (this.#listening || !this.#db.listen) return;
    this.#listening = this.#db.listen(DISPLAY_CHANNEL, {
      notification: (payload) => {
        const salesPointId = Number(payload);
        if (Number.isSafeInteger(salesPointId)) this.#wake(salesPointId);
      },
      connection: (up) => {
        this.#hearing = up;
        // Back (or lost): whatever was missed meanwhile is read again by every stream.
        for (const salesPointId of [...this.#next.keys()]) this.#wake(salesPointId);
      },
    });
  }
}
