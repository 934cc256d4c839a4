import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '@/contract/customer';
import type { SegmentRule } from '@/contract/segments';
import { connectDatabase } from '../../db/connect';
import type { Database } from '../../db/database';
import { fillMirror, generateCustomers } from '../../testing/mirror-customers';
import { slowWriter } from '../../testing/slow-writer';
import { createTestService, type TestService, testPostgresUrl } from '../../testing/test-service';
import { migrateGateway } from '../store/gateway-store';
import { FactsColumns, type FactsRow } from './facts-columns';
import { SegmentFactsDirectory } from './segment-facts-directory';

const everyone: SegmentRule = { kind: 'group', match: 'all', rules: [] };
const all = { offset: 0, limit: Number.MAX_SAFE_INTEGER };

function facts(id: number, xid: number, changes: Partial<FactsRow> = {}): FactsRow {
  return {
    id,
    xid,
    zip: 3511,
    optin: true,
    mailinglist: false,
    extraOptin: false,
    orders: null,
    amountCents: null,
    lastDay: null,
    lastChangedMs: 0,
    firstSeenMs: 0,
    city: 'utrecht',
    country: 'nl',
    tags: [],
    days: null,
    runningCents: null,
    events: null,
    prices: null,
    purchases: [],
    custom: [null, null, null, null, null, null, null],
    ...changes,
  };
}

describe('the facts as columns', () => {
  it('forgets a value as soon as no customer holds it (an anonymised customer leaves nothing behind)', () => {
    const columns = new FactsColumns();
    columns.put(facts(1, 10, { city: 'kleindorp', tags: ['Allergie noten'], custom: ['rolstoel', null] }));
    columns.put(facts(2, 10, { tags: ['Vriend'] }));
    expect(columns.cities.find('kleindorp')).toBeDefined();
    columns.put(facts(1, 11));
    expect(columns.cities.find('kleindorp')).toBeUndefined();
    expect(columns.tagNames.find('Allergie noten')).toBeUndefined();
    expect(columns.customValues[0]?.find('rolstoel')).toBeUndefined();
    // What others hold stays.
    expect(columns.tagNames.find('Vriend')).toBeDefined();
    expect(columns.cities.find('utrecht')).toBeDefined();
  });

  it('keeps every list whole when lists replaced over and over are packed again', () => {
    const columns = new FactsColumns();
    for (let round = 1; round <= 50; round++) {
      for (let id = 1; id <= 100; id++) {
        columns.put(facts(id, round, { days: Array.from({ length: (id + round) % 7 }, (_, n) => n + round) }));
      }
    }
    for (let id = 1; id <= 100; id++) {
      const slot = columns.slotOf(id) as number;
      expect(columns.days.listOf(slot)).toEqual(Array.from({ length: (id + 50) % 7 }, (_, n) => n + 50));
    }
    // Packed again rather than grown without end: 100 lists of at most 6 days each.
    expect(columns.days.values.length).toBeLessThan(4096);
  });

  it('pages members by customer id when customers came out of id order', () => {
    const columns = new FactsColumns();
    for (const id of [5, 3, 9, 1]) columns.put(facts(id, 1));
    const directory = Object.assign(Object.create(SegmentFactsDirectory.prototype), { facts: columns });
    const slots = Int32Array.from([0, 1, 2, 3]);
    expect(directory.pageOf(slots, all)).toEqual([1, 3, 5, 9]);
    expect(directory.pageOf(slots, { offset: 1, limit: 2 })).toEqual([3, 5]);
  });
});

/**
 * Two writers on a PostgreSQL server: facts written by a transaction that began before a read and committed after
 * it are not lost (the watermark is the read's snapshot xmin, as the customer search's, migration 041).
 */
describe.runIf(Boolean(testPostgresUrl()))('the segment facts directory with a slow writer', () => {
  const ORGANISATION = 1;
  let service: TestService;
  let writer: Database;

  beforeAll(async () => {
    service = await createTestService({ database: 'postgres' });
    await migrateGateway(service.db);
    await service.db.query(
      `insert into gateway.organisations (id, client_name, api_key_sealed) values ($1, 'facts', '\\x00'::bytea)`,
      [ORGANISATION],
    );
    writer = await connectDatabase({ databaseUrl: service.databaseUrl, poolSize: 2 });
  });
  afterAll(async () => {
    await writer?.close();
    await service?.close();
  });

  it('counts what a transaction wrote that was still open during an earlier read', async () => {
    const [early, late] = generateCustomers(2, { firstId: 7000 }) as [Customer, Customer];
    const directory = new SegmentFactsDirectory(service.db, ORGANISATION);
    await directory.sync();
    const members = async () => {
      await directory.sync();
      return directory.pageOf(await directory.members(everyone, '2026-11-28'), all);
    };
    expect(await members()).toEqual([]);
    // The slow transaction writes first (its xid is the older one) and commits last.
    const slow = await slowWriter(writer, (tx) => fillMirror(tx, ORGANISATION, [early]));
    await fillMirror(service.db, ORGANISATION, [late]);
    expect(await members()).toEqual([late.customerId]);
    await slow.commit();
    expect(await members()).toEqual([early.customerId, late.customerId].sort((a, b) => a - b));
  });
});
