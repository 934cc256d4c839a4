import type { Client } from 'pg';

export interface ListenHandlers {
  /** A notification on the channel, from any process sharing the database (this one included). */
  notification(payload: string): void;
  /**
   * The listening connection came up (true) or went down (false). While it is down notifications are
   * missed, so whatever they keep fresh must not be trusted until it is up again.
   */
  connection(up: boolean): void;
}

export interface Listening {
  /**
   * Resolves true once every notification of a transaction that committed before the call has been handed
   * to `notification`; false when that cannot be said (the connection is down or did not answer in time).
   */
  sync(): Promise<boolean>;
  close(): Promise<void>;
}

/** A round trip that does not answer within this is taken as a lost connection. */
const SYNC_TIMEOUT_MS = 2000;
/** The wait before connecting again after a failure. */
const RECONNECT_MS = 1000;

/**
 * LISTEN on a PostgreSQL connection of its own (a pooled one goes back to the pool between queries), opened
 * again whenever it is lost.
 *
 * `sync` is a round trip on that connection (an empty query). PostgreSQL signals every listening backend
 * while a transaction that notified commits, before its client hears of the commit, and a backend hands
 * its client the notifications it was signalled about before it answers a query. So when the answer to a
 * round trip sent after a commit arrives, the commit's notifications came before it on the same socket.
 * Calls to `sync` share round trips: one is in flight at a time, and those who asked while it was already
 * under way wait for the next one (theirs must be sent after they asked).
 */
export class NotificationListener implements Listening {
  readonly #open: () => Client;
  readonly #channel: string;
  readonly #handlers: ListenHandlers;
  #client: Client | null = null;
  #closed = false;
  #inFlight: Promise<boolean> | null = null;
  #next: Promise<boolean> | null = null;

  constructor(open: () => Client, channel: string, handlers: ListenHandlers) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
    this.#open = open;
    this.#channel = channel;
    this.#handlers = handlers;
    void this.#connect();
  }

  /** Connected and listening. */
  get ready(): boolean {
    return this.#client !== null;
  }

  /** A round trip is under way: a `sync` now waits for it and then one more. */
  get busy(): boolean {
    return this.#inFlight !== null;
  }

  sync(): Promise<boolean> {
    if (!this.#client) return Promise.resolve(false);
    if (!this.#inFlight) return this.#roundTrip();
    this.#next ??= this.#inFlight.then(() => this.#roundTrip());
    return this.#next;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  #roundTrip(): Promise<boolean> {
    this.#next = null;
    const client = this.#client;
    if (!client) return Promise.resolve(false);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => {
        this.#lost(client);
        resolve(false);
      }, SYNC_TIMEOUT_MS);
    });
    const answered = client.query('').then(
      () => this.#client === client,
      () => false,
    );
    const trip = Promise.race([answered, timedOut]).finally(() => {
      clearTimeout(timer);
      if (this.#inFlight === trip) this.#inFlight = null;
    });
    this.#inFlight = trip;
    return trip;
  }

  async #connect(): Promise<void> {
    while (!this.#closed) {
      const client = this.#open();
      client.on('notification', (message) => {
        if (this.#client === client) this.#handlers.notification(message.payload ?? '');
      });
      client.on('error', () => this.#lost(client));
      client.on('end', () => this.#lost(client));
      try {
        await client.connect();
        await client.query(`listen ${this.#channel}`);
        if (this.#closed) {
          await client.end();
          return;
        }
        this.#client = client;
        this.#handlers.connection(true);
        return;
      } catch {
        await client.end().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS).unref());
      }
    }
  }

  #lost(client: Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    this.#handlers.connection(false);
    client.end().catch(() => undefined);
    if (!this.#closed) setTimeout(() => void this.#connect(), RECONNECT_MS).unref();
  }
}

/**
 * Several listening connections on one channel, each handing every notification to the same handlers (they
 * must not mind a notice twice). A `sync` on any one of them proves that every notice committed before it has
 * arrived, so it takes one without a round trip under way: callers start a round trip of their own at once
 * instead of queueing behind one in flight and then the next — on a busy machine, where a backend waits its
 * turn for a core, that queue doubled the wait.
 *
 * Up only while every member is. A member that joins late proves nothing about notices committed before its
 * LISTEN (only the others heard those, and may not have handed them over yet), so whoever keeps things by the
 * notices must start over when it joins; reporting up only once all are up makes that one start, not one per
 * member as they connect one by one after a start (each a cleared cache, and a read a test saw as a miss).
 */
export class ListeningGroup implements Listening {
  readonly #members: NotificationListener[];
  #next = 0;
  /** The sync the callers of this turn of the event loop share; sent once the turn's input is taken in. */
  #gathering: Promise<boolean> | null = null;

  constructor(size: number, member: (handlers: ListenHandlers) => NotificationListener, handlers: ListenHandlers) {
    let up = 0;
    let reported = false;
    this.#members = Array.from({ length: size }, () => {
      let memberUp = false;
      return member({
        notification: handlers.notification,
        connection: (isUp) => {
          if (isUp !== memberUp) up += isUp ? 1 : -1;
          memberUp = isUp;
          const allUp = up === size;
          if (allUp === reported) return;
          reported = allUp;
          handlers.connection(allUp);
        },
      });
    });
  }

  /**
   * The round trip goes out when the event loop has taken in what arrived (setImmediate), shared by every
   * caller until then: each called before it was sent, so it proves what they need — and a busy gateway's
   * requests of one turn (twenty desks' calls) pay one round trip, not one each (on a shared two-core machine
   * a round trip's socket write and read were most of the gateway's busy time in a sale, issue 32).
   */
  sync(): Promise<boolean> {
    this.#gathering ??= new Promise((resolve) => {
      setImmediate(() => {
        this.#gathering = null;
        resolve(this.#syncNow());
      });
    });
    return this.#gathering;
  }

  #syncNow(): Promise<boolean> {
    const ready = this.#members.filter((member) => member.ready);
    if (ready.length === 0) return Promise.resolve(false);
    const idle = ready.find((member) => !member.busy);
    if (idle) return idle.sync();
    this.#next = (this.#next + 1) % ready.length;
    return (ready[this.#next] as NotificationListener).sync();
  }

  async close(): Promise<void> {
    await Promise.all(this.#members.map((member) => member.close()));
  }
}
