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
export async function sellingTransaction<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
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
