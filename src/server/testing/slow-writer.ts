import type { Database, Queryable } from '../db/database';

/**
 * A transaction that writes now and commits only when told: `written` resolves once `write` has run inside it,
 * `commit()` lets it end (and resolves when it has). For tests of readers that follow a table by the writing
 * transaction's id: a transaction that began before a read and commits after it must not be lost.
 */
export async function slowWriter(
  db: Database,
  write: (tx: Queryable) => Promise<unknown>,
): Promise<{ commit: () => Promise<void> }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let written: () => void = () => undefined;
  const wrote = new Promise<void>((resolve) => {
    written = resolve;
  });
  const transaction = db.transaction(async (tx) => {
    await write(tx);
    written();
    await held;
  });
  // A write that fails must fail the test, not hang it.
  await Promise.race([wrote, transaction]);
  return {
    commit: async () => {
      release();
      await transaction;
    },
  };
}
