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
