import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/database';
import { type DemoFixtures, loadDemoFixtures } from '@/server/testing/demo-fixtures';
import { createEmptyDatabase } from '@/server/testing/test-service';
import { migrateService } from '../service-migrations';
import { seedDemo, seedIfEmpty } from './seed';

describe('test-scale seed and the demo fixtures', () => {
  let db: Database;
  let fixtures: DemoFixtures;

  beforeAll(async () => {
    db = await createEmptyDatabase();
    await migrateService(db);
    await seedDemo(db, { scale: 'test' });
    fixtures = await loadDemoFixtures(db);
  });
  afterAll(() => db.close());

  it('does not seed a database that holds clients', async () => {
    expect(await seedIfEmpty(db, { scale: 'test' })).toBeNull();
  });

  it('finds every fixture, each owned by the right client', async () => {
    const owner = async (table: string, id: number) =>
      (await db.query<{ client_id: number }>(`select client_id from ${table} where id = $1`, [id])).rows[0]?.client_id;
    const demo = fixtures.demo.clientId;
    expect(await owner('halls', fixtures.reserved.hallId)).toBe(demo);
    expect(await owner('events', fixtures.arena.eventId)).toBe(demo);
    expect(await owner('events', fixtures.generalAdmission.eventId)).toBe(demo);
    expect(await owner('customers', fixtures.customers.legacyPrefs.customerId)).toBe(demo);
    expect(await owner('orders', fixtures.paidOrder.orderId)).toBe(demo);
    expect(await owner('events', fixtures.harbour.eventId)).toBe(fixtures.harbour.clientId);
    expect(await owner('customers', fixtures.harbour.customerId)).toBe(fixtures.harbour.clientId);
    expect(fixtures.harbour.clientId).not.toBe(demo);
  });

  it('picks halls of the right kind', async () => {
    const hall = async (id: number) =>
      (await db.query<{ seating: string; capacity: number }>('select seating, capacity from halls where id = $1', [id]))
        .rows[0];
    expect(await hall(fixtures.reserved.hallId)).toMatchObject({ seating: 'reserved' });
    expect((await hall(fixtures.arena.hallId))?.capacity).toBeGreaterThanOrEqual(20_000);
    expect(await hall(fixtures.generalAdmission.hallId)).toMatchObject({ seating: 'general' });
  });

  it('picks ticket types with the properties their names promise', () => {
    const t = fixtures.ticketTypes;
    expect(t.fullPrice).toMatchObject({ discountType: '€', discountValue: 0, requiredTag: null });
    expect(t.euroOff.discountType).toBe('€');
    expect(t.euroOff.discountValue).toBeGreaterThan(0);
    expect(t.percentOff.discountType).toBe('%');
    expect(t.priceOverruled.discountType).toBe('=');
    const now = Date.now();
    expect(t.timeLimitedActive.validFrom?.getTime()).toBeLessThanOrEqual(now);
    expect(t.timeLimitedActive.validUntil?.getTime()).toBeGreaterThan(now);
    const inactive = t.timeLimitedInactive;
    expect((inactive.validFrom?.getTime() ?? 0) > now || (inactive.validUntil?.getTime() ?? 0) < now).toBe(true);
    expect(t.maxPerOrder.maxPerOrder).toBeGreaterThan(0);
    expect(t.maxPerEventReached.maxPerEvent).toBeGreaterThan(0);
    expect(t.maxPerEventNotReached.maxPerEvent).toBeGreaterThan(0);
    expect(t.tagged.requiredTag).toBeTruthy();
    expect(fixtures.customers.withRequiredTag.tags).toContain(t.tagged.requiredTag);
  });

  it('picks customers and payment methods of every kind', () => {
    expect(fixtures.customers.withTags.tags.length).toBeGreaterThanOrEqual(2);
    expect(fixtures.customers.nullPrefs.prefs).toBeNull();
    const optin = fixtures.customers.legacyPrefs.prefs?.user_prefs_optin;
    expect(['number', 'boolean']).toContain(typeof optin);
    const { cash, card, invoice, online } = fixtures.paymentMethods;
    expect(new Set([cash, card, invoice, ...online]).size).toBe(3 + online.length);
    expect(online.length).toBeGreaterThanOrEqual(2);
    expect(fixtures.paidOrder.orderKey.length).toBeGreaterThanOrEqual(24);
    expect(Object.keys(fixtures.eventsByType).sort()).toEqual(
      ['combi', 'event', 'horeca', 'null', 'passepartout', 'product', 'voucher'].sort(),
    );
  });
});
