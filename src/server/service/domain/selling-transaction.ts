import { PG_DEADLOCK_DETECTED, PG_SERIALIZATION_FAILURE } from '../../db/connect';
import type { Database, Queryable } from '../../db/database';

const RETRIES = 5;

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === PG_DEADLOCK_DETECTED || code === PG_SERIALIZATION_FAILURE;
}

/**
 * A selling transaction. Two carts that take the same seats or events in a different order can deadlock
 * on a server; PostgreSQL then aborts one of them, and that one simply runs again from the start (all its
 * work was rolled back, so a rerun is safe).
 */
export function sellingTransaction<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return retried(() => db.transaction(work));
}

/**
 * One statement in its own implicit transaction (one round trip, its commit included), run again like a
 * selling transaction when PostgreSQL aborted it for a deadlock. Returns undefined when the statement raised
 * TAKE_THE_USUAL_PATH (migration 014's sale functions): nothing of it stayed, and the caller's usual
 * transaction decides.
 */
export async function sellingStatement<Row>(
  db: Database,
  sql: string,
  params: readonly unknown[],
): Promise<Row[] | undefined> {
  try {
    return (await retried(() => db.query<Row>(sql, params))).rows;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === TAKE_THE_USUAL_PATH) return undefined;
    throw error;
  }
}

/** The SQLSTATE of a sale function that met anything but the plain case (migration 014). */
const TAKE_THE_USUAL_PATH = 'FY001';

async function retried<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= RETRIES || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** The request clock as a SQL parameter (never SQL `now()`, so tests can move time). */
export const at = (instant: Date) => instant.toISOString();

/**
 * Awaits statements that were sent one after the other without waiting for each other's answers (inside a
 * transaction on a server they then share one round trip; see Database.transaction). Returns their values,
 * or throws the first failure in the order they were sent: the one that caused any later ones (a statement
 * behind a failed one only reports that the transaction is aborted). Nothing is left running either way.
 */
export async function inSendingOrder<T extends readonly unknown[]>(
  pending: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(pending);
  for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
