import { AsyncLocalStorage } from 'node:async_hooks';
import type { ListenHandlers, Listening } from './notification-listener';
import { VersionedMemo } from './versioned-memo';

/**
 * One small interface over the two databases the service and the gateway run on: embedded PGlite (one
 * connection) and a PostgreSQL server (a pool). Domain code writes plain parameterised SQL against
 * `Queryable` and never knows which one it talks to. Concurrency safety comes from constraints and conditional updates inside
 * `transaction`, so it holds on a pool with many connections, not only on PGlite's single one.
 */
export interface QueryResult<Row> {
  rows: Row[];
  /** Rows inserted, updated or deleted by the statement. */
  rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations, test fixtures). */
  exec(sql: string): Promise<void>;
  /**
   * Embedded database only: a count that moves before and after every statement that may write through
   * this handle. PGlite has no other writer, so a read of what only writes change (change counters, the
   * catalog version) holds while the count stands still — see `readUntilNextWrite`. Absent on a PostgreSQL
   * server, where other processes write.
   */
  readonly writeCount?: () => number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `work` in one transaction (READ COMMITTED); rolls back when it throws. Inside it, statements run
   * one after the other in the order they were sent: `work` may send a statement before the answer of the
   * one before has come (on a server they then share a round trip), as long as it awaits every answer
   * before it returns.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: LISTEN on `channel` on a connection of its own, kept open (and opened again when lost)
   * until the database is closed; see notification-listener.ts. Absent on the embedded database, where no
   * other process writes.
   */
  listen?(channel: string, handlers: ListenHandlers): Listening;
  close(): Promise<void>;
}

const keptReads = new VersionedMemo();

/**
 * What `read` returns, reused while nothing may have been written through `db` (embedded database only;
 * elsewhere `read` runs every time). For reads of counters and versions that every prepared response
 * checks: on PGlite that query costs more than serving the prepared bytes. The count is taken before the
 * read, and it moves before and after each write, so a read that overlapped a write is never reused.
 */
export function readUntilNextWrite<T>(db: Queryable, key: string, read: () => Promise<T>): Promise<T> {
  const writeCount = db.writeCount?.();
  return writeCount === undefined ? read() : keptReads.get(db, key, writeCount, read);
}

const background = new AsyncLocalStorage<true>();

/**
 * Background runs under way. Once enabled, Node 20's AsyncLocalStorage follows every promise the process makes
 * (async hooks on each one): 10–15 % of the service's CPU per sale in `npm run bench:selling`, for a flag that
 * matters only while background work runs. So the store is enabled by a run and disabled when the last run
 * under way has ended; code running then is not background work, as it was not before.
 */
let backgroundRuns = 0;

function backgroundRunEnded(): void {
  backgroundRuns -= 1;
  if (backgroundRuns === 0) background.disable();
}

/**
 * Runs `work` as background work (the mirror's sync): its statements, and those of the embedded service it
 * calls in this process, give way to interactive ones (see withInteractivePriority).
 */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  backgroundRuns += 1;
  let running: Promise<T>;
  try {
    running = background.run(true, work);
  } catch (error) {
    backgroundRunEnded();
    throw error;
  }
  running.then(backgroundRunEnded, backgroundRunEnded);
  return running;
}

/** Whether the code running now is background work (inBackground). */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}

/**
 * Requests of people being answered in this process now (see servingRequest), and who waits for none: a waiter
 * leaves the set when its own patience runs out, so a desk that is never idle does not pile them up.
 */
let requestsInFlight = 0;
const waitingForNoRequest = new Set<() => void>();

/**
 * Answers a person's request (`work`: the HTTP handler, up to its response's headers) as interactive work from
 * its first statement to its last: a background statement does not slip in between two of them while the
 * request's own JavaScript runs (a forwarded read's session check, its call into the embedded service, the
 * answer), as it did when only statements running counted. Work started in the background is not counted.
 */
export async function servingRequest<T>(work: () => Promise<T>): Promise<T> {
  if (isBackgroundWork()) return work();
  requestsInFlight += 1;
  try {
    return await work();
  } finally {
    requestsInFlight -= 1;
    if (requestsInFlight === 0) {
      const woken = [...waitingForNoRequest];
      waitingForNoRequest.clear();
      for (const resume of woken) resume();
    }
  }
}

/**
 * Whether a person's request is being answered in this process now (servingRequest): background work on a server,
 * whose statements are not held for it (withInteractivePriority), then takes one connection at a time (the mirror's
 * sync), leaving the machine's cores to the desk.
 */
export function answeringPeople(): boolean {
  return requestsInFlight > 0;
}

/**
 * The longest a background statement waits for interactive ones on the embedded database: a busy desk slows a
 * sync, never stops it. On a server, whose connections run side by side, it only lets the event loop take in
 * what arrived (waiting there made a first sync beside a busy desk 4.6 times longer for no gain at the desk).
 */
const BACKGROUND_PATIENCE_MS = { pglite: 250, postgres: 0 } as const;

/**
 * `db` with interactive work first (issue 32: a first sync of 100,000 customers made a forwarded read 75 times
 * slower at p95 on PGlite). A background statement (or transaction) starts only after the event loop has taken
 * in what arrived meanwhile (a request's first statement is sent in that turn), and on PGlite only when no
 * interactive statement is running or waiting and no request is being answered (servingRequest) — at most
 * BACKGROUND_PATIENCE_MS. On PGlite, whose one connection runs
 * every statement on this process's thread in turn, a request then waits for at most the one background
 * statement already running, not a queue of them. The statements inside a transaction are not held (the
 * transaction holds the connection).
 */
export function withInteractivePriority(db: Database): Database {
  let interactive = 0;
  let waiting: (() => void)[] = [];
  const wake = () => {
    const woken = waiting;
    waiting = [];
    for (const resume of woken) resume();
  };
  const turn = async () => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const until = performance.now() + BACKGROUND_PATIENCE_MS[db.kind];
    while ((interactive > 0 || requestsInFlight > 0) && performance.now() < until) {
      await new Promise<void>((resolve) => {
        const resume = () => {
          clearTimeout(timer);
          waitingForNoRequest.delete(resume);
          resolve();
        };
        const timer = setTimeout(resume, until - performance.now());
        waiting.push(resume);
        waitingForNoRequest.add(resume);
      });
      // Woken when the last interactive statement ended: its request may send the next one in this turn.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  const inTurn = async <T>(statement: () => Promise<T>): Promise<T> => {
    if (isBackgroundWork()) {
      await turn();
      return statement();
    }
    interactive += 1;
    try {
      return await statement();
    } finally {
      interactive -= 1;
      if (interactive === 0) wake();
    }
  };
  return {
    ...db,
    query: (sql, params) => inTurn(() => db.query(sql, params)),
    exec: (sql) => inTurn(() => db.exec(sql)),
    transaction: (work) => inTurn(() => db.transaction(work)),
  };
}
