import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@/contract/common';
import { type PublicEvent, publicEventSchema } from '@/contract/public-event';
import { type CatalogFixture, createCatalogFixture, FIXTURE_NOW } from '@/server/testing/catalog-fixtures';
import { createTestService, describeEachDatabase, HARBOUR, type TestService } from '@/server/testing/test-service';

const eventsSchema = z.array(publicEventSchema);

describeEachDatabase('public events', (database) => {
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

  async function getEvents(path: string): Promise<PublicEvent[]> {
    const res = await service.request(`/v1/demo${path}`);
    expect(res.status).toBe(200);
    return eventsSchema.parse(await res.json());
  }

  async function expectNotFound(path: string, message: string) {
    const res = await service.request(`/v1/demo${path}`);
    expect(res.status).toBe(404);
    expect(errorBodySchema.parse(await res.json())).toEqual({ message });
  }

  it('lists main events with only their published regular sub-events, local dates and times', async () => {
    const events = await getEvents('/events');
    const show = events.find((event) => event.event_id === fixture.showId);
    expect(show).toEqual({
      event_id: fixture.showId,
      event_name: 'Fixture Show',
      event_text: 'A long text',
      event_short_text: 'A subtitle',
      event_image: 'https://img.test/show.jpg',
      event_tags: ['jazz', 'live'],
      sub_events: expect.any(Array),
    });
    // The voucher is not a regular performance; the past one (event_type null) is.
    expect(show?.sub_events.map((sub) => sub.event_id)).toEqual([
      fixture.pastEventId,
      fixture.showEventId,
      fixture.lateEventId,
    ]);
    const sub = show?.sub_events.find((s) => s.event_id === fixture.showEventId);
    expect(sub).toEqual({
      event_id: fixture.showEventId,
      event_main_id: fixture.showId,
      event_name: 'Fixture Show I',
      event_text: 'Fixture Show I text',
      event_short_text: 'Fixture Show I short',
      event_url: `https://tickets.test/${fixture.showEventId}`,
      event_image: null,
      event_date: '2026-06-25',
      event_time: '12:00:00',
      event_end: '14:30:00',
      event_view_end: '2026-06-25 15:00:00',
      event_rep: 'sub',
      event_free: 4,
      event_status: 'pub',
      location_id: fixture.theatreHallId,
      location_name: 'Fixture Theatre',
    });
    const late = show?.sub_events.find((s) => s.event_id === fixture.lateEventId);
    expect([late?.event_date, late?.event_time, late?.event_view_end]).toEqual(['2026-06-26', '00:30:00', null]);
    const past = show?.sub_events.find((s) => s.event_id === fixture.pastEventId);
    // No end stored: the end is the start.
    expect(past?.event_end).toBe(past?.event_time);
  });

  it('omits main events without a public sub-event and never lists another client’s events', async () => {
    const ids = (await getEvents('/events')).map((event) => event.event_id);
    expect(ids).toContain(fixture.gaProductionId);
    expect(ids).not.toContain(fixture.hiddenProductionId);
    const harbourIds = (await service.request(`/v1/${HARBOUR.client}/events`).then((r) => r.json())) as PublicEvent[];
    expect(harbourIds.map((event) => event.event_id)).not.toContain(fixture.showId);
  });

  it('caps event_free at the per-order maximum and at what is left for sale (blocks never count)', async () => {
    const events = await getEvents('/events');
    const ga = events.find((event) => event.event_id === fixture.gaProductionId)?.sub_events[0];
    // Capacity 50 − 28 live order tickets − 5 in a live cart − 8 blocked = 9 < max 10.
    expect(ga?.event_free).toBe(9);
    const show = events.find((event) => event.event_id === fixture.showId)?.sub_events;
    // 7 seats left, max per order 4.
    expect(show?.find((s) => s.event_id === fixture.showEventId)?.event_free).toBe(4);
  });

  it('event_free grows again when a cart’s hold lapses', async () => {
    now = new Date(FIXTURE_NOW.getTime() + 6 * 60_000); // the GA live cart lapses after 5 minutes
    try {
      const events = await getEvents('/events');
      const ga = events.find((event) => event.event_id === fixture.gaProductionId)?.sub_events[0];
      expect(ga?.event_free).toBe(10);
    } finally {
      now = FIXTURE_NOW;
    }
  });

  it('GET /events/{main id} gives that main event with all its public sub-events', async () => {
    const events = await getEvents(`/events/${fixture.showId}`);
    expect(events).toHaveLength(1);
    expect(events[0]?.sub_events.map((sub) => sub.event_id)).toEqual([
      fixture.pastEventId,
      fixture.showEventId,
      fixture.lateEventId,
    ]);
  });

  it('GET /events/{sub id} gives the main event holding it, with just that sub-event', async () => {
    const events = await getEvents(`/events/${fixture.lateEventId}`);
    expect(events.map((event) => event.event_id)).toEqual([fixture.showId]);
    expect(events[0]?.sub_events.map((sub) => sub.event_id)).toEqual([fixture.lateEventId]);
  });

  it('GET /events/upcoming gives only sub-events that start after now', async () => {
    const events = await getEvents('/events/upcoming');
    const show = events.find((event) => event.event_id === fixture.showId);
    expect(show?.sub_events.map((sub) => sub.event_id)).toEqual([fixture.showEventId, fixture.lateEventId]);
    for (const event of events) {
      for (const sub of event.sub_events) expect(sub.event_date >= '2026-06-15').toBe(true);
    }
  });

  it('answers 404 "Event not found" for unknown, hidden, non-numeric and foreign ids', async () => {
    for (const id of [
      '999999999',
      String(fixture.draftEventId),
      String(fixture.voucherEventId),
      'abc',
      '-1',
      '0',
      '1.5',
    ]) {
      await expectNotFound(`/events/${id}`, 'Event not found');
    }
    await expectNotFound(`/events/${fixture.hiddenProductionId}`, 'Event not found');
    const res = await service.request(`/v1/${HARBOUR.client}/events/${fixture.showId}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Event not found' });
  });

  it('an id naming both a main event and a sub-event of another main event returns both', async () => {
    // Make a production whose id equals the GA sub-event's id, with a public sub-event of its own.
    const clashId = fixture.gaEventId;
    await service.db.query(`insert into productions (id, client_id, title) values ($1, $2, 'Clash Production')`, [
      clashId,
      fixture.clientId,
    ]);
    await service.db.query(
      `insert into events (id, client_id, production_id, hall_id, name, event_type, starts_at)
       values ($1, $2, $3, $4, 'Clash Event', 'event', $5)`,
      [clashId + 1000, fixture.clientId, clashId, fixture.clubHallId, new Date(FIXTURE_NOW.getTime() + 86_400_000)],
    );
    const events = await getEvents(`/events/${clashId}`);
    expect(events.map((event) => event.event_id).sort()).toEqual([fixture.gaProductionId, clashId].sort());
    const clash = events.find((event) => event.event_id === clashId);
    expect(clash?.sub_events.map((sub) => sub.event_id)).toEqual([clashId + 1000]);
    const ga = events.find((event) => event.event_id === fixture.gaProductionId);
    expect(ga?.sub_events.map((sub) => sub.event_id)).toEqual([fixture.gaEventId]);
  });
});
