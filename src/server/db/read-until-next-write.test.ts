import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../testing/test-service';
import { isPlainRead } from './connect';
import { type Database, readUntilNextWrite } from './database';

describe('isPlainRead', () => {
  it('takes single SELECTs without side effects as reads', () => {
    expect(isPlainRead('select n from catalog_version')).toBe(true);
    expect(isPlainRead('\n  SELECT id, deleted_at, last_updated from orders where id = $1')).toBe(true);
    expect(
      isPlainRead('with mine as materialized (select * from cart_items where cart_id = $1) select id from mine'),
    ).toBe(true);
  });

  it('takes everything else as a possible write', () => {
    for (const sql of [
      'update orders set status = $1',
      'insert into t values (1)',
      'with gone as (delete from t returning id) select count(*) from gone',
      'with kept as (update t set n = 1 returning id) select count(*) from kept',
      'select id from seat_claims where event_id = $1 for update',
      "select nextval('orders_id_seq')",
      "select note_change(array['orders:1'])",
      'delete from carts',
      'truncate orders',
    ]) {
      expect(isPlainRead(sql), sql).toBe(false);
    }
  });
});

describe('readUntilNextWrite on the embedded database', () => {
  let db: Database;
  let reads = 0;
  const counted = () =>
    readUntilNextWrite(db, 'total', async () => {
      reads += 1;
      const { rows } = await db.query<{ total: number }>('select count(*)::int as total from items');
      return rows[0]?.total;
    });

  beforeAll(async () => {
    db = await createEmptyDatabase();
    await db.exec('create table items (id int primary key)');
  });
  afterAll(() => db.close());

  it('reuses a read while nothing is written, and rereads after every kind of write', async () => {
    expect(await counted()).toBe(0);
    expect(await counted()).toBe(0);
    await db.query('select * from items');
    expect(await counted()).toBe(0);
    expect(reads).toBe(1);

    await db.query('insert into items values (1)');
    expect(await counted()).toBe(1);
    await db.transaction((tx) => tx.query('insert into items values (2)'));
    expect(await counted()).toBe(2);
    await db.exec('insert into items values (3)');
    expect(await counted()).toBe(3);
    expect(reads).toBe(4);
  });

  it('never keeps a read that overlapped a write', async () => {
    const writing = db.transaction(async (tx) => {
      await tx.query('insert into items values (4)');
    });
    // Asked while the transaction runs: it waits for the commit and may see it, but it is not reused.
    const during = counted();
    await writing;
    expect(await during).toBe(4);
    const readsBefore = reads;
    expect(await counted()).toBe(4);
    expect(reads).toBe(readsBefore + 1);
  });

  it('does not keep a failed read', async () => {
    const failing = () =>
      readUntilNextWrite(db, 'failing', () => db.query('select * from missing_table').then(() => 'read'));
    await expect(failing()).rejects.toThrow();
    await db.exec('create table missing_table (id int)');
    expect(await failing()).toBe('read');
  });
});

describe('readUntilNextWrite without a write count (a PostgreSQL server)', () => {
  it('reads every time', async () => {
    let reads = 0;
    const server = { query: async () => ({ rows: [], rowCount: 0 }), exec: async () => undefined };
    const read = () => readUntilNextWrite(server, 'x', async () => ++reads);
    await read();
    await read();
    expect(reads).toBe(2);
  });
});
