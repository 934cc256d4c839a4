import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '../testing/test-service';
import { type Database, inBackground, isBackgroundWork, servingRequest } from './database';

/**
 * Interactive work first (issue 32): on the embedded database, whose one connection runs every statement on
 * this thread in turn, a request's statement waits for at most the background statement already running, not
 * for the queue of a sync's statements.
 */
describe('interactive statements before background ones (PGlite)', () => {
  let db: Database;

  beforeAll(async () => {
    db = await createEmptyDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('answers a request arriving while a background job keeps the connection busy, after at most one of its statements', async () => {
    const events: string[] = [];
    const backgroundDone = () => events.filter((event) => event === 'background').length;
    const job = inBackground(async () => {
      for (let n = 0; n < 300; n++) {
        await db.query('select count(*) from generate_series(1, 20000)');
        events.push('background');
      }
    });
    // A request arrives as the event loop takes in I/O (a timer here, a socket read in Foyer), while the
    // job is under way; its statements go before the job's next one.
    const answered = await new Promise<{ sentAt: number; answeredAt: number; committedAt: number }>((resolve) => {
      setTimeout(async () => {
        const sentAt = backgroundDone();
        await db.query('select 1');
        const answeredAt = backgroundDone();
        events.push('interactive');
        await db.transaction(async (tx) => tx.query('select 2'));
        resolve({ sentAt, answeredAt, committedAt: backgroundDone() });
      }, 5);
    });
    await job;
    expect(answered.sentAt).toBeLessThan(300);
    expect(answered.answeredAt - answered.sentAt).toBeLessThanOrEqual(1);
    expect(answered.committedAt - answered.answeredAt).toBeLessThanOrEqual(1);
    // And the job went on after it.
    expect(events.lastIndexOf('background')).toBeGreaterThan(events.indexOf('interactive'));
  });

  it('knows background work while a run of it is under way, however runs overlap or nest, and none after the last', async () => {
    const seen: string[] = [];
    const gate = () => {
      let open = () => {};
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { open, opened };
    };
    const [first, second] = [gate(), gate()];
    const firstRun = inBackground(async () => {
      await first.opened;
      seen.push(`first ${isBackgroundWork()}`);
    });
    const secondRun = inBackground(async () => {
      await second.opened;
      seen.push(`second ${isBackgroundWork()}`);
      await inBackground(async () => seen.push(`nested ${isBackgroundWork()}`));
      seen.push(`second after nested ${isBackgroundWork()}`);
    });
    seen.push(`caller ${isBackgroundWork()}`);
    first.open();
    await firstRun;
    // The first run has ended, the second is still under way: it is still background work.
    second.open();
    await secondRun;
    await expect(inBackground(() => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    await new Promise((resolve) => setTimeout(resolve, 1));
    seen.push(`after ${isBackgroundWork()}`);
    expect(seen).toEqual([
      'caller false',
      'first true',
      'second true',
      'nested true',
      'second after nested true',
      'after false',
    ]);
  });

  it('lets a background statement wait while interactive ones run, then go on', async () => {
    const order: string[] = [];
    const reads = Array.from({ length: 5 }, (_, n) =>
      db.query('select count(*) from generate_series(1, 20000)').then(() => order.push(`read ${n}`)),
    );
    const background = inBackground(() => db.query('select 1')).then(() => order.push('background'));
    await Promise.all([...reads, background]);
    expect(order.at(-1)).toBe('background');
  });

  it('keeps a background statement from slipping in between the statements of a request being answered', async () => {
    const order: string[] = [];
    let background: Promise<unknown> | undefined;
    await servingRequest(async () => {
      await db.query('select 1');
      order.push('first');
      background = inBackground(() => db.query('select 1')).then(() => order.push('background'));
      // The request's own work between its statements (no statement of it running meanwhile).
      await new Promise((resolve) => setTimeout(resolve, 20));
      await db.query('select 2');
      order.push('second');
    });
    await background;
    expect(order).toEqual(['first', 'second', 'background']);
  });

  it('does not hold statements inside a background transaction (the transaction holds the connection)', async () => {
    const result = await inBackground(() =>
      db.transaction(async (tx) => {
        await tx.query('create temporary table if not exists t (n int)');
        await tx.query('insert into t values (1)');
        return tx.query<{ n: number }>('select count(*)::int as n from t');
      }),
    );
    expect(result.rows[0]?.n).toBeGreaterThan(0);
  });
});
