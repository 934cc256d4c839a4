import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogFixture, createCatalogFixture, FIXTURE_NOW } from '../../testing/catalog-fixtures';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';
import {
  discountedPrice,
  findTicketType,
  isSellable,
  sellableTicketTypes,
  type TicketType,
  ticketTypesOfEvents,
  unsellableReason,
} from './ticket-types';

describe('discountedPrice', () => {
  it('takes a fixed amount off, never below 0', () => {
    expect(discountedPrice(2500, '€', 500)).toBe(2000);
    expect(discountedPrice(2500, '€', 2500)).toBe(0);
    expect(discountedPrice(2500, '€', 9999)).toBe(0);
  });
  it('takes a percentage (basis points) off, the discount rounded half up to the cent', () => {
    expect(discountedPrice(1986, '%', 2500)).toBe(1489); // 496.5 → 497 off
    expect(discountedPrice(1000, '%', 3333)).toBe(667); // 333.3 → 333 off
    expect(discountedPrice(999, '%', 5000)).toBe(499); // 499.5 → 500 off
    expect(discountedPrice(2500, '%', 10000)).toBe(0);
    expect(discountedPrice(2500, '%', 0)).toBe(2500);
  });
  it('overrules the price with =', () => {
    expect(discountedPrice(2500, '=', 1000)).toBe(1000);
    expect(discountedPrice(2500, '=', 3000)).toBe(3000);
  });
});

describe('unsellableReason', () => {
  const base: TicketType = {
    id: 1,
    eventId: 1,
    rankId: 1,
    rankName: 'Parket',
    name: 'T',
    discountType: '€',
    discountValue: 0,
    baseCents: 2500,
    priceCents: 2500,
    maxPerOrder: null,
    maxPerEvent: null,
    validFrom: null,
    validUntil: null,
    requiredTag: null,
    used: 0,
  };
  const now = FIXTURE_NOW;
  const inMs = (ms: number) => new Date(now.getTime() + ms);

  it('tag-dependent: never public; partner without a customer sees it; with one only when tagged', () => {
    const tagged = { ...base, requiredTag: 'vriend' };
    expect(unsellableReason(tagged, { group: 'public' }, now)).toBe('tag');
    expect(unsellableReason(tagged, { group: 'partner' }, now)).toBeNull();
    expect(unsellableReason(tagged, { group: 'partner', customerTags: ['vriend', 'pers'] }, now)).toBeNull();
    expect(unsellableReason(tagged, { group: 'partner', customerTags: ['pers'] }, now)).toBe('tag');
    expect(unsellableReason(tagged, { group: 'partner', customerTags: [] }, now)).toBe('tag');
  });
  it('time window: from inclusive, until inclusive', () => {
    expect(unsellableReason({ ...base, validFrom: inMs(1) }, { group: 'public' }, now)).toBe('window');
    expect(unsellableReason({ ...base, validFrom: now }, { group: 'public' }, now)).toBeNull();
    expect(unsellableReason({ ...base, validUntil: inMs(-1) }, { group: 'public' }, now)).toBe('window');
    expect(unsellableReason({ ...base, validUntil: now }, { group: 'public' }, now)).toBeNull();
  });
  it('per-event maximum: hidden once usage reaches it; the per-order maximum does not hide', () => {
    expect(unsellableReason({ ...base, maxPerEvent: 3, used: 2 }, { group: 'public' }, now)).toBeNull();
    expect(unsellableReason({ ...base, maxPerEvent: 3, used: 3 }, { group: 'public' }, now)).toBe('sold_out');
    expect(isSellable({ ...base, maxPerOrder: 1, used: 50 }, { group: 'public' }, now)).toBe(true);
  });
});

describeEachDatabase('ticket types of events', (database) => {
  let service: TestService;
  let fixture: CatalogFixture;

  beforeAll(async () => {
    service = await createTestService({ database, now: () => FIXTURE_NOW });
    fixture = await createCatalogFixture(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('reads several events at once, priced, with usage from live carts and non-deleted order lines', async () => {
    const byEvent = await ticketTypesOfEvents(
      service.db,
      [fixture.showEventId, fixture.gaEventId, 999_999_999],
      FIXTURE_NOW,
    );
    expect([...byEvent.keys()].sort()).toEqual([fixture.showEventId, fixture.gaEventId].sort());
    const show = byEvent.get(fixture.showEventId) ?? [];
    const used = Object.fromEntries(show.map((t) => [t.id, t.used]));
    expect(used[fixture.types.maxReached]).toBe(2);
    expect(used[fixture.types.maxNotReached]).toBe(2); // 1 sold + 1 live cart; the lapsed cart line not
    expect(used[fixture.types.full]).toBe(1);
    // GA: 28 order lines (2 deleted ones not) + 5 in a live cart (7 in a lapsed one not).
    expect(byEvent.get(fixture.gaEventId)?.[0]?.used).toBe(33);
    const percent = show.find((t) => t.id === fixture.types.percentHalfUp);
    expect(percent).toMatchObject({ baseCents: 1986, priceCents: 1489, rankName: 'Balkon', discountType: '%' });
  });

  it('skips usage when asked (price lists)', async () => {
    const byEvent = await ticketTypesOfEvents(service.db, [fixture.showEventId], FIXTURE_NOW, { withUsage: false });
    expect(byEvent.get(fixture.showEventId)?.every((t) => t.used === 0)).toBe(true);
  });

  it('sellableTicketTypes applies the context; findTicketType finds only the event’s own types', async () => {
    const publicIds = (
      await sellableTicketTypes(service.db, fixture.showEventId, { group: 'public' }, FIXTURE_NOW)
    ).map((t) => t.id);
    const partnerIds = (
      await sellableTicketTypes(service.db, fixture.showEventId, { group: 'partner' }, FIXTURE_NOW)
    ).map((t) => t.id);
    expect(publicIds).not.toContain(fixture.types.tagged);
    expect(partnerIds).toEqual([...publicIds.slice(0, 4), fixture.types.tagged, ...publicIds.slice(4)]);
    const friend = await sellableTicketTypes(
      service.db,
      fixture.showEventId,
      { group: 'partner', customerTags: ['vriend'] },
      FIXTURE_NOW,
    );
    expect(friend.map((t) => t.id)).toEqual(partnerIds);
    expect(await findTicketType(service.db, fixture.showEventId, fixture.types.fixed, FIXTURE_NOW)).toMatchObject({
      priceCents: 1000,
    });
    expect(await findTicketType(service.db, fixture.gaEventId, fixture.types.fixed, FIXTURE_NOW)).toBeUndefined();
  });
});
