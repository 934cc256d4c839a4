import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database, QueryResult } from '../../db/database';
import type { UpstreamClient } from '../upstream';
import { writeThrough } from './write-through';

const log = pino({ level: 'silent' });

/** An order as the orders export lists it (the fields the mirror's upsert reads). */
const listed = (orderId: number) => ({
  orderId,
  orderKey: `key-${orderId}`,
  orderStatus: 'ord',
  orderPaymentStatus: 'paid',
  orderDate: '2026-11-29T10:00:00+01:00',
  lastChanged: '2026-11-29T10:00:00+01:00',
  amount: 25,
  fee: 0,
  seats: [],
  deletedSeats: [],
});

/** The orders export of one page holding `orderIds`, as an organisation's upstream client reads it. */
function exportOf(orderIds: number[]): UpstreamClient {
  return {
    organisationId: 1,
    read: async () => ({ data: orderIds.map(listed), current_page: 1, last_page: 1 }),
  } as unknown as UpstreamClient;
}

/** A database whose statements wait until `release` answers them (or `fail` refuses them). */
function heldDatabase() {
  const waiting: { answer: (result: QueryResult<unknown>) => void; refuse: (error: Error) => void }[] = [];
  const db = {
    query: () =>
      new Promise<QueryResult<unknown>>((answer, refuse) => {
        waiting.push({ answer, refuse });
      }),
  } as unknown as Database;
  return {
    db,
    held: () => waiting.length,
    release: () => {
      for (const statement of waiting.splice(0))
        statement.answer({ rows: [{ written: 1 }], rowCount: 1 } as QueryResult<unknown>);
    },
    fail: () => {
      for (const statement of waiting.splice(0)) statement.refuse(new Error('the mirror is down'));
    },
  };
}

const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

const checkout = { method: 'POST', path: '/partner/cart/abc/checkout', status: 200, answerText: '{"orderId":7}' };

describe('write-through of a checkout', () => {
  it('hands the order on as soon as it is read, the mirror still writing it; mirrored once written', async () => {
    const database = heldDatabase();
    const written = await writeThrough({ db: database.db, log }, exportOf([6, 7]), {
      ...checkout,
      madeFrom: new Date(),
    });
    expect(written.sold).toMatchObject({ orderId: 7, orderKey: 'key-7' });
    // The upsert is under way, not done: the shift's sale need not wait for it, the answer must.
    expect(database.held()).toBe(1);
    expect(await settledYet(written.mirrored)).toBe(false);
    database.release();
    await written.mirrored;
  });

  it('a mirror that cannot take the order still hands it on, and mirrored settles without failing', async () => {
    const database = heldDatabase();
    const written = await writeThrough({ db: database.db, log }, exportOf([7]), { ...checkout, madeFrom: new Date() });
    database.fail();
    await expect(written.mirrored).resolves.toBeUndefined();
    expect(written.sold).toMatchObject({ orderId: 7 });
  });

  it('writes nothing for a call that changed nothing', async () => {
    const database = heldDatabase();
    const written = await writeThrough({ db: database.db, log }, exportOf([7]), { ...checkout, status: 409 });
    expect(written.sold).toBeNull();
    await written.mirrored;
    expect(database.held()).toBe(0);
  });
});
