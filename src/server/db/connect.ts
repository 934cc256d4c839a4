import { randomInt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { PGlite as PGliteInstance } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import { isConnectionError } from './connection-errors';
import { lockDataDir } from './data-dir-lock';
import { type Database, type Queryable, type QueryResult, withInteractivePriority } from './database';
import { ListeningGroup, NotificationListener } from './notification-listener';
import { bytesUnder, sharedBuffersFor } from './pglite-buffers';

/** PostgreSQL error codes the domain maps to statuses. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_SERIALIZATION_FAILURE = '40001';
export const PG_DEADLOCK_DETECTED = '40P01';

export interface ConnectOptions {
  /** postgres:// URL of a server; when absent the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size for a PostgreSQL server (DEFAULT_POOL_SIZE). */
  poolSize?: number;
  /** Embedded only: start from this dumped data directory (tests clone a migrated, seeded template). */
  loadDataDir?: Blob | undefined;
  /** Embedded only: PostgreSQL's shared buffers in MB; by default sized from the data directory (pglite-buffers.ts). */
  sharedBuffersMb?: number | undefined;
}

/** Connections to a PostgreSQL server when no pool size is given. */
export const DEFAULT_POOL_SIZE = 10;

export async function connectDatabase(options: ConnectOptions): Promise<Database> {
  // Interactive statements first, background work (the mirror's sync) in the gaps (issue 32).
  return withInteractivePriority(
    options.databaseUrl
      ? await connectPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_SIZE)
      : await connectPglite(options.dataDir, options.loadDataDir, options.sharedBuffersMb),
  );
}

async function connectPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  sharedBuffersMb?: number,
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The gateway's duplicate scan compares names with pg_trgm's similarity (migration 020 creates it).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (dataDir) await mkdir(dataDir, { recursive: true });
  // One process per data directory (data-dir-lock.ts): a second one refuses to start.
  const lock = dataDir ? lockDataDir(dataDir) : null;
  let pglite: PGliteInstance;
  try {
    const buffersMb =
      sharedBuffersMb ?? (dataDir ? sharedBuffersFor(await bytesUnder(`${dataDir}/pgdata`)) : undefined);
    pglite = await PGlite.create(dataDir ? `${dataDir}/pgdata` : undefined, {
      extensions: { pg_trgm },
      ...(loadDataDir ? { loadDataDir } : {}),
      ...(buffersMb ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${buffersMb}MB`] } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const wrap = (target: Pick<typeof pglite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(sql, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  // Counts the statements that may write (see Queryable.writeCount): before and after each one.
  let writes = 0;
  const writing = async <T>(work: () => Promise<T>): Promise<T> => {
    writes += 1;
    try {
      return await work();
    } finally {
      writes += 1;
    }
  };
  const base = wrap(pglite);
  return {
    kind: 'pglite',
    query: (sql, params) => (isPlainRead(sql) ? base.query(sql, params) : writing(() => base.query(sql, params))),
    exec: (sql) => writing(() => base.exec(sql)),
    transaction: (work) => writing(() => pglite.transaction((tx) => work(oneAtATime(wrap(tx))))),
    writeCount: () => writes,
    async close() {
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Statements through `target` strictly one after the other, whenever they are sent: a transaction's work
 * may send the next statement before the answer of the one before (see Database.transaction), and PGlite's
 * transaction handle must not interleave them.
 */
function oneAtATime(target: Queryable): Queryable {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
  return {
    query: (sql, params) => inTurn(() => target.query(sql, params)),
    exec: (sql) => inTurn(() => target.exec(sql)),
  };
}

/**
 * A single SELECT, maybe behind a WITH list, that cannot change data: no data-modifying CTE, no row locks,
 * no sequence or change-counter functions (none of their words anywhere in the text). Anything else
 * counts as a possible write — erring that way only costs a reread.
 */
export function isPlainRead(sql: string): boolean {
  return STARTS_AS_SELECT.test(sql) && !MAY_CHANGE_DATA.test(sql);
}

/**
 * Connections listening per channel (see ListeningGroup): enough that a sync rarely waits behind another's
 * round trip at a few hundred requests a second, few next to the pool.
 */
const LISTENING_CONNECTIONS = 3;

const STARTS_AS_SELECT = /^\s*(select|with)\b/i;
const MAY_CHANGE_DATA = /\b(insert|update|delete|truncate|merge|nextval|setval|note_change)\b/i;

async function connectPostgres(url: string, poolSize: number): Promise<Database> {
  const pg = (await import('pg')).default;
  // Counts and sums come back as int8/numeric strings; the domain casts in SQL where it needs numbers.
  // Pipeline mode: a statement goes out at once, without waiting for the answers to the ones before it on
  // the connection (they are still run and answered in order). A transaction's BEGIN then travels with its
  // first statement, and work that sends a statement before awaiting the previous one saves a round trip.
  // A request that has not got a connection after 30 s (a server that does not answer connection attempts, or
  // a pool busy that long) fails with 503 instead of waiting forever. Queueing for a busy pool below that is
  // normal under load (the concurrency suites queue 200 buyers on a pool of 10 for seconds).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, pipeline: true, connectionTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Nothing to do here.
  });
  const lostConnection = rememberLostConnections(pool);
  giveConnectionsCounterSlots(pool);
  const statements = new PreparedStatementNames();
  const wrap = (target: { query: Pool['query'] }, beforeSending?: () => void): Queryable => ({
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      // Only parameterised queries: a text without parameters may hold several statements (simple protocol).
      const name = params === undefined ? undefined : statements.nameOf(sql);
      const values = params as unknown[] | undefined;
      beforeSending?.();
      const result = await (name === undefined ? target.query(sql, values) : target.query({ name, text: sql, values }));
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which runs several statements.
      beforeSending?.();
      await target.query(sql);
    },
  });
  const base = wrap(pool);
  const listeners = new Set<ListeningGroup>();
  return {
    kind: 'postgres',
    listen(channel, handlers) {
      const listener = new ListeningGroup(
        LISTENING_CONNECTIONS,
        (memberHandlers) =>
          new NotificationListener(
            () =>
              new pg.Client({
                connectionString: url,
                keepAlive: true,
                connectionTimeoutMillis: 30_000,
                // Named, so an administrator sees what it is in pg_stat_activity.
                application_name: `foyer:listen:${channel}`,
              }),
            channel,
            memberHandlers,
          ),
        handlers,
      );
      listeners.add(listener);
      return listener;
    },
    query: base.query,
    exec: base.exec,
    async transaction(work) {
      const client = await pool.connect();
      // A connection lost while the client is out (see rememberLostConnections) fails the statements in
      // flight with the same error, so the work fails (503, see connection-errors.ts); the client is then
      // destroyed rather than returned to the pool.
      let broken: Error | undefined;
      const inOneWrite = oneWritePerTick(client.connection.stream);
      // Not awaited before the work starts: BEGIN shares the first statement's round trip (pipeline mode).
      // It fails only when the connection does, and then so does every statement sent behind it.
      inOneWrite();
      const begun = client.query('BEGIN');
      begun.catch(() => undefined); // its failure is reported where it is awaited
      try {
        const value = await work(wrap(client as unknown as { query: Pool['query'] }, inOneWrite));
        await begun;
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await begun.catch(() => undefined);
        broken = lostConnection(client) ?? (isConnectionError(error) ? asError(error) : undefined);
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release(broken ?? lostConnection(client));
      }
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.close()));
      await pool.end();
    },
  };
}

/**
 * Every connection of the pool listens for its loss (a server restart, a failover, pg_terminate_backend) from
 * the moment it exists until it is gone: node-postgres reports the loss as an 'error' event on the client, and
 * an 'error' event that nobody listens to ends the process. The pool itself listens only while a client is
 * idle, and a client handed out by `pool.connect()` reaches its caller a promise turn later. The loss can come
 * before that turn: a backend terminated as its query ends sends the query's last answer and its FATAL
 * message together, and the answer frees the client to the next caller in the same socket read (issue 29,
 * item 6: the process died so on a fresh database, whose first sync keeps every connection busy). Returns
 * what a client reported, if anything.
 */
function rememberLostConnections(pool: Pool): (client: PoolClient) => Error | undefined {
  const lost = new WeakMap<PoolClient, Error>();
  // 'connect' comes right after the client connected, before it serves anyone (as giveConnectionsCounterSlots).
  pool.on('connect', (client) => {
    client.on('error', (error) => lost.set(client, error));
  });
  return (client) => lost.get(client);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** As many as migration 007 made: a key's counter rows. */
const COUNTER_SLOTS = 32;

/**
 * Each connection of the pool bumps change counters in a slot (migrations 007, 011) that no other live
 * connection of this process uses, so two commits of this process never wait for each other's counter
 * rows. Slots are taken from a random start, so that processes sharing a server rarely meet either.
 */
function giveConnectionsCounterSlots(pool: Pool): void {
  const start = randomInt(COUNTER_SLOTS);
  const slotOf = new Map<unknown, number>();
  // 'connect' comes before the new client serves anyone, so the setting goes out ahead of its first query.
  pool.on('connect', (client) => {
    const taken = new Set(slotOf.values());
    let slot = start;
    for (let step = 1; step < COUNTER_SLOTS && taken.has(slot); step += 1) slot = (start + step) % COUNTER_SLOTS;
    slotOf.set(client, slot);
    // A failure here means the connection failed: its first real query reports that.
    client.query("select set_config('foyer.counter_slot', $1, false)", [String(slot)]).catch(() => undefined);
  });
  pool.on('remove', (client) => slotOf.delete(client));
}

/**
 * Statements sent one after the other in one turn of the event loop (pipeline mode: BEGIN and the first
 * statement, or statements sent before awaiting each other) leave in one socket write instead of one write
 * each. On this kind of machine a write is a costly system call: it was the service's largest single cost
 * in a sale (CPU profile: writev, 20% of its busy time, one per statement). The socket is corked at the
 * first statement of a turn and uncorked by `process.nextTick`, which runs before the event loop goes
 * back to I/O, so no statement ever waits for a later one.
 */
function oneWritePerTick(socket: { cork(): void; uncork(): void } | undefined): () => void {
  let corked = false;
  return () => {
    if (!socket || corked) return;
    corked = true;
    socket.cork();
    process.nextTick(() => {
      corked = false;
      socket.uncork();
    });
  };
}

/**
 * Names for prepared statements, one per distinct SQL text. node-postgres prepares a named statement once
 * per connection and then only binds and executes it: PostgreSQL parses it once, and after a few runs
 * (plan_cache_mode auto) reuses a generic plan instead of planning every call. For the selling CTEs,
 * planning cost more than executing (pg_stat_statements: extendCart 2.0 ms planning vs 1.7 ms executing
 * per call). The domain's SQL texts are a small fixed set; should some code build texts without bound,
 * those beyond the limit simply run unprepared, so a connection never keeps more than the limit.
 */
class PreparedStatementNames {
  static readonly LIMIT = 1000;
  readonly #names = new Map<string, string>();

  nameOf(sql: string): string | undefined {
    const known = this.#names.get(sql);
    if (known !== undefined || this.#names.size >= PreparedStatementNames.LIMIT) return known;
    const name = `foyer_${this.#names.size + 1}`;
    this.#names.set(sql, name);
    return name;
  }
}
