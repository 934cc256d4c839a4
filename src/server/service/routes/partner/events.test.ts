import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { type PartnerEvent, partnerEventSchema } from '@/contract/event';
import { type CatalogFixture, createCatalogFixture, FIXTURE_NOW } from '@/server/testing/catalog-fixtures';
import {
  createTestService,
  DEMO,
  describeEachDatabase,
  HARBOUR,
  type TestService,
} from '@/server/testing/test-service';
import { BLOCK_TYPES } from '../../domain/availability';

const eventsSchema = z.array(partnerEventSchema);

describeEachDatabase('partner events', (database) => {
  let service: TestService;
  let fixture: CatalogFixture;
  let now = FIXTURE_NOW;

  beforeAll(async () => {
    service = await createTestService({ database, now: () => now });
    fixture = await createCatalogFixture(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  const get = (path: string, key: string = DEMO.apiKey) => service.request(`/v1/demo/partner${path}`, { key });

  async function listEvents(query = ''): Promise<PartnerEvent[]> {
    const res = await get(`/event${query}`);
    expect(res.status).toBe(200);
    return eventsSchema.parse(await res.json());
  }
  async function getEvent(eventId: number): Promise<PartnerEvent> {
    const res = await get(`/event/${eventId}`);
    expect(res.status).toBe(200);
    return partnerEventSchema.parse(await res.json());
  }
  const fixtureIds = (events: PartnerEvent[]) =>
    events.map((event) => event.eventId).filter((id) => id >= fixture.showEventId && id <= fixture.gaEventId);

  it('lists every event of the client, any kind or status, in start order, without availability', async () => {
    const events = await listEvents();
    expect(fixtureIds(events)).toEqual([
      fixture.pastEventId,
      fixture.voucherEventId,
      fixture.showEventId,
      fixture.lateEventId,
      fixture.draftEventId,
      fixture.gaEventId,
    ]);
    for (const event of events) {
      expect(event).not.toHaveProperty('availability');
      expect(event).not.toHaveProperty('blockAvailability');
    }
    const show = events.find((event) => event.eventId === fixture.showEventId);
    expect(show).toMatchObject({
      eventId: fixture.showEventId,
      productionId: fixture.showId,
      eventName: 'Fixture Show I',
      eventType: 'event',
      eventTags: 'theater,avond',
      start: '2026-06-25T12:00:00+02:00',
      end: '2026-06-25T14:30:00+02:00',
      hallId: fixture.theatreHallId,
    });
    const past = events.find((event) => event.eventId === fixture.pastEventId);
    expect([past?.eventType, past?.end]).toEqual([null, null]);
  });

  it('lists every ticket type in prices (tag-dependent and time-limited ones too) with final amounts', async () => {
    const show = (await listEvents()).find((event) => event.eventId === fixture.showEventId);
    expect(show?.prices).toHaveLength(Object.keys(fixture.types).length);
    const byId = new Map(show?.prices.map((price) => [price.priceId, price]));
    expect(byId.get(String(fixture.types.percentHalfUp))).toEqual({
      priceId: String(fixture.types.percentHalfUp),
      priceName: 'Kwart korting',
      rankId: fixture.rank2Id,
      rankName: 'Balkon',
      amount: 14.89,
    });
    expect(byId.get(String(fixture.types.tagged))?.amount).toBe(15);
    expect(byId.get(String(fixture.types.euroOffBelowZero))?.amount).toBe(0);
    expect(byId.get(String(fixture.types.fixed))?.amount).toBe(10);
    expect(byId.get(String(fixture.types.maxReached))?.amount).toBe(21);
  });

  it('filters on startDate/endDate as inclusive local dates of the client', async () => {
    // The late show starts 2026-06-25T22:30Z, which is 2026-06-26 00:30 in Amsterdam.
    expect(fixtureIds(await listEvents('?startDate=2026-06-25&endDate=2026-06-25'))).toEqual([fixture.showEventId]);
    expect(fixtureIds(await listEvents('?startDate=2026-06-26&endDate=2026-06-26'))).toEqual([fixture.lateEventId]);
    expect(fixtureIds(await listEvents('?startDate=2026-06-26'))).toEqual([
      fixture.lateEventId,
      fixture.draftEventId,
      fixture.gaEventId,
    ]);
    expect(fixtureIds(await listEvents('?endDate=2026-06-16'))).toEqual([fixture.pastEventId, fixture.voucherEventId]);
    expect(fixtureIds(await listEvents('?startDate=2026-07-01&endDate=2026-06-01'))).toEqual([]);
  });

  it('rejects malformed dates with 422 and the failing field', async () => {
    for (const query of ['?startDate=25-06-2026', '?endDate=2026-13-01', '?startDate=tomorrow', '?endDate=']) {
      const res = await get(`/event${query}`);
      expect(res.status, query).toBe(422);
      const body = (await res.json()) as { message: string; errors: Record<string, string[]> };
      expect(typeof body.message).toBe('string');
      expect(Object.keys(body.errors)).toEqual([query.slice(1).split('=')[0]]);
    }
  });

  it('detail: availability per rank consistent with the seats and live claims', async () => {
    const event = await getEvent(fixture.showEventId);
    expect(event.availability).toEqual([
      // 10 seats − 2 sold − 1 blocked − 1 held live.
      { rankId: fixture.rank1Id, rankName: 'Parket', capacity: 10, available: 6 },
      // 4 seats − 1 blocked − 1 sold − 1 held live; the lapsed hold is free again.
      { rankId: fixture.rank2Id, rankName: 'Balkon', capacity: 4, available: 1 },
    ]);
    const { rows } = await service.db.query<{ n: number }>('select count(*)::int as n from seats where hall_id = $1', [
      fixture.theatreHallId,
    ]);
    expect(event.availability?.reduce((sum, rank) => sum + rank.capacity, 0)).toBe(rows[0]?.n);
  });

  it('detail: a hold that lapses stops counting as taken', async () => {
    now = new Date(FIXTURE_NOW.getTime() + 11 * 60_000); // the fixture's live cart held until +10 minutes
    try {
      const event = await getEvent(fixture.showEventId);
      expect(event.availability?.map((rank) => rank.available)).toEqual([7, 2]);
    } finally {
      now = FIXTURE_NOW;
    }
  });

  it('detail: blockAvailability lists all nine block types with Dutch labels and the seeded counts', async () => {
    const show = await getEvent(fixture.showEventId);
    expect(show.blockAvailability?.map((block) => block.blockType)).toEqual(BLOCK_TYPES.map((b) => b.blockType));
    const counts = Object.fromEntries(show.blockAvailability?.map((b) => [b.blockType, b.count]) ?? []);
    expect(counts).toMatchObject({ press: 1, wheel: 1, group: 0, ext: 0, blockCapaciteit: 0 });
    expect(show.blockAvailability?.find((b) => b.blockType === 'press')?.blockName).toBe('Pers');
    const { rows } = await service.db.query<{ n: number }>(
      "select count(*)::int as n from seat_claims where event_id = $1 and state = 'block'",
      [fixture.showEventId],
    );
    expect(show.blockAvailability?.reduce((sum, b) => sum + b.count, 0)).toBe(rows[0]?.n);

    const ga = await getEvent(fixture.gaEventId);
    const gaCounts = Object.fromEntries(ga.blockAvailability?.map((b) => [b.blockType, b.count]) ?? []);
    expect(gaCounts).toMatchObject({ group: 5, press: 3, wheel: 0 });
  });

  it('detail: GA availability is the hall capacity minus orders, live carts and blocks', async () => {
    const ga = await getEvent(fixture.gaEventId);
    expect(ga.availability).toEqual([
      { rankId: fixture.gaRankId, rankName: 'Staanplaats', capacity: 50, available: 9 },
    ]);
    expect(ga.prices).toEqual([
      {
        priceId: String(fixture.gaTypeId),
        priceName: 'Staan',
        rankId: fixture.gaRankId,
        rankName: 'Staanplaats',
        amount: 15,
      },
    ]);
  });

  it('404 for unknown and foreign events; 401 without a key; 403 with another client’s key', async () => {
    for (const path of ['/event/999999999', '/event/abc', '/event/0']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toHaveProperty('message');
    }
    const foreign = await service.request(`/v1/${HARBOUR.client}/partner/event/${fixture.showEventId}`, {
      key: HARBOUR.apiKey,
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: 'Event not found' });
    const harbourList = eventsSchema.parse(
      await service.request(`/v1/${HARBOUR.client}/partner/event`, { key: HARBOUR.apiKey }).then((r) => r.json()),
    );
    expect(harbourList.map((event) => event.eventId)).not.toContain(fixture.showEventId);
    expect((await service.request('/v1/demo/partner/event')).status).toBe(401);
    expect((await get('/event', HARBOUR.apiKey)).status).toBe(403);
  });
});
