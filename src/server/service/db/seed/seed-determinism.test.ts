import { describe, expect, it } from 'vitest';
import { createEmptyDatabase } from '@/server/testing/test-service';
import { migrateService } from '../service-migrations';
import { generateDemoData } from './generate';
import { seedDemo } from './seed';

/** md5 over every row of each table, in primary-key order. */
const HASHED_TABLES: Record<string, string> = {
  clients: 'id',
  client_tags: 'client_id, name',
  halls: 'id',
  ranks: 'id',
  sections: 'id',
  seats: 'id',
  productions: 'id',
  events: 'id',
  event_prices: 'event_id, rank_id',
  ticket_types: 'id',
  event_blocks: 'event_id, block_type',
  customers: 'id',
  payment_methods: 'id',
  orders: 'id',
  order_seats: 'id',
  seat_claims: 'event_id, seat_id',
  waiting_list: 'id',
};

async function seededHashes(today: string): Promise<Record<string, string>> {
  const db = await createEmptyDatabase();
  try {
    await migrateService(db);
    await seedDemo(db, { scale: 'test', today });
    const hashes: Record<string, string> = {};
    for (const [table, key] of Object.entries(HASHED_TABLES)) {
      const { rows } = await db.query<{ hash: string }>(
        `select md5(coalesce(string_agg(t::text, '|' order by ${key}), '')) as hash from ${table} t`,
      );
      hashes[table] = rows[0]?.hash ?? '';
    }
    return hashes;
  } finally {
    await db.close();
  }
}

describe('determinism of the demo data', () => {
  it('seeds identical tables into two fresh databases for the same day', async () => {
    const first = await seededHashes('2026-03-28');
    const second = await seededHashes('2026-03-28');
    expect(second).toEqual(first);
  });

  it('generates the demo scale in memory with the sizes of DESIGN.md, the same twice', () => {
    const one = generateDemoData({ scale: 'demo', today: '2026-10-25' });
    const count = (rows: { client_id: number }[], clientId: number) =>
      rows.filter((row) => row.client_id === clientId).length;
    const demo = one.clients.find((c) => c.name === 'demo');
    expect(demo).toBeDefined();
    const demoId = demo?.id ?? 0;
    expect(count(one.tables.customers, demoId)).toBe(20_000);
    expect(count(one.tables.orders, demoId)).toBeGreaterThanOrEqual(50_000);
    const seatsPerHall = new Map<number, number>();
    for (const seat of one.tables.seats) seatsPerHall.set(seat.hall_id, (seatsPerHall.get(seat.hall_id) ?? 0) + 1);
    expect(Math.max(...seatsPerHall.values())).toBeGreaterThanOrEqual(20_000);
    const again = generateDemoData({ scale: 'demo', today: '2026-10-25' });
    expect(again.tables.orders.at(-1)).toEqual(one.tables.orders.at(-1));
    expect(again.tables.customers.at(-1)).toEqual(one.tables.customers.at(-1));
    expect(again.tables.seat_claims.length).toBe(one.tables.seat_claims.length);
  });

  it('keeps all but the dates when seeded on another day', () => {
    const a = generateDemoData({ scale: 'test', today: '2026-01-10' });
    const b = generateDemoData({ scale: 'test', today: '2026-07-04' });
    expect(b.tables.customers.map((c) => c.email)).toEqual(a.tables.customers.map((c) => c.email));
    expect(b.tables.seats).toEqual(a.tables.seats);
    expect(b.tables.events.map((e) => e.name)).toEqual(a.tables.events.map((e) => e.name));
  });
});
