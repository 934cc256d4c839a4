import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';
import { migrateGateway } from '../store/gateway-store';
import { lockAuditChain } from './audit-trail';

/**
 * Migration 043: gateway.audit_append_batch chains a batch in memory and inserts it at once. The chain it makes must
 * be the one that gateway.audit_append makes entry by entry — on a chain with entries, on a new one, and on one
 * locked before its first entry (its head without a hash) — with ids in the chain's order.
 */
describeEachDatabase('the audit batch append', (database) => {
  let service: TestService;
  let db: Database;

  beforeAll(async () => {
    service = await createTestService({ database });
    db = service.db;
    await migrateGateway(db);
  });
  afterAll(async () => {
    await service?.close();
  });

  const organisation = async (name: string) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into gateway.organisations (client_name, api_key_sealed) values ($1, '\\x00') returning id`,
      [name],
    );
    return Number(rows[0]?.id);
  };
  const appendOne = (chain: number, text: string) =>
    db.query(
      `select gateway.audit_append($1, now(), null, null, null, 'forward', 'POST', $2, 200, null, null, null, null, $2)`,
      [chain, text],
    );
  const appendBatch = async (chain: number, texts: string[]) => {
    const entries = texts.map((text) => ({
      organisationId: chain,
      at: new Date().toISOString(),
      action: 'forward',
      method: 'POST',
      path: text,
      status: 200,
      hashedText: text,
    }));
    const { rows } = await db.query<{ ids: string[] }>('select gateway.audit_append_batch($1::jsonb) as ids', [
      JSON.stringify(entries),
    ]);
    return (rows[0]?.ids ?? []).map(Number);
  };
  const chainOf = async (chain: number) =>
    (
      await db.query<{ id: string; path: string; prev: string | null; hash: string }>(
        `select e.id::text as id, path, encode(prev_hash, 'hex') as prev, encode(hash, 'hex') as hash
           from gateway.audit_entries e where organisation_id = $1 order by e.id`,
        [chain],
      )
    ).rows;
  const headOf = async (chain: number) =>
    (
      await db.query<{ prev: string | null; hash: string | null }>(
        `select encode(prev_hash, 'hex') as prev, encode(hash, 'hex') as hash from gateway.audit_heads where chain = $1`,
        [chain],
      )
    ).rows[0];
  const links = (rows: Awaited<ReturnType<typeof chainOf>>) =>
    rows.map(({ path, prev, hash }) => ({ path, prev, hash }));

  it('makes the chain that appends one by one make, on a new chain, a locked empty one and one with entries', async () => {
    const texts = ['cart', 'seat', 'checkout', 'print'];
    const oneByOne = await organisation(`one-by-one-${database}`);
    for (const text of texts) await appendOne(oneByOne, text);
    const expected = links(await chainOf(oneByOne));
    expect(expected).toHaveLength(4);
    expect(expected[0]?.prev).toBeNull();

    const fresh = await organisation(`batch-new-${database}`);
    const ids = await appendBatch(fresh, texts);
    expect(links(await chainOf(fresh))).toEqual(expected);
    // The ids answered are the entries', in the order given, ascending.
    expect((await chainOf(fresh)).map((row) => Number(row.id))).toEqual(ids);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    const locked = await organisation(`batch-locked-${database}`);
    await db.transaction((tx) => lockAuditChain(tx, locked));
    expect(await headOf(locked)).toEqual({ prev: null, hash: null });
    await appendBatch(locked, texts);
    expect(links(await chainOf(locked))).toEqual(expected);

    // Two batches after a single entry: the chain goes on where each left it.
    const mixed = await organisation(`batch-mixed-${database}`);
    await appendOne(mixed, 'cart');
    await appendBatch(mixed, ['seat', 'checkout']);
    await appendBatch(mixed, ['print']);
    expect(links(await chainOf(mixed))).toEqual(expected);

    const last = expected.at(-1);
    for (const chain of [oneByOne, fresh, locked, mixed]) {
      expect(await headOf(chain)).toEqual({ prev: last?.prev, hash: last?.hash });
    }
  });

  it('appends entries of several chains given together one by one, each chain intact', async () => {
    const [first, second] = [await organisation(`several-a-${database}`), await organisation(`several-b-${database}`)];
    const entries = [first, second, first].map((chain, n) => ({
      organisationId: chain,
      at: new Date().toISOString(),
      action: 'forward',
      path: `/${n}`,
      status: 200,
      hashedText: `/${n}`,
    }));
    await db.query('select gateway.audit_append_batch($1::jsonb)', [JSON.stringify(entries)]);
    const reference = await organisation(`several-ref-${database}`);
    await appendOne(reference, '/0');
    await appendOne(reference, '/2');
    expect(links(await chainOf(first))).toEqual(links(await chainOf(reference)));
    expect((await chainOf(second)).map((row) => row.prev)).toEqual([null]);
  });
});
