import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { partnerEventSchema } from '@/contract/event';
import { paymentMethodSchema } from '@/contract/payment-method';
import { productionSchema } from '@/contract/production';
import { publicEventSchema } from '@/contract/public-event';
import { seatPlanSchema } from '@/contract/seating';
import { ticketTypeSchema } from '@/contract/ticket-type';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { discountedPrice } from './ticket-types';

/** The catalog routes over the seeded demo data: every response fits the contract, and the numbers agree. */
describeEachDatabase('catalog over the demo data', (database) => {
  let service: TestService;
  let fx: DemoFixtures;

  beforeAll(async () => {
    service = await createTestService({ database });
    fx = await loadDemoFixtures(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  const partner = async (path: string) => {
    const res = await service.request(`/v1/demo/partner${path}`, { key: DEMO.apiKey });
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const publicGet = async (path: string) => {
    const res = await service.request(`/v1/demo${path}`);
    expect(res.status, path).toBe(200);
    return res.json();
  };

  it('public events and upcoming events fit the contract; sub-events are published regular performances', async () => {
    const all = z.array(publicEventSchema).parse(await publicGet('/events'));
    const upcoming = z.array(publicEventSchema).parse(await publicGet('/events/upcoming'));
    expect(all.length).toBeGreaterThan(0);
    const subIds = new Set(all.flatMap((event) => event.sub_events.map((sub) => sub.event_id)));
    expect(subIds.has(fx.reserved.eventId)).toBe(true);
    expect(subIds.has(fx.eventsByType.voucher)).toBe(false);
    const { rows } = await service.db.query<{ id: number; max_per_order: number }>(
      'select id, max_per_order from events where id = any($1::int[])',
      [[...subIds]],
    );
    const maxPerOrder = new Map(rows.map((row) => [row.id, row.max_per_order]));
    for (const event of all) {
      expect(event.sub_events.length).toBeGreaterThan(0);
      for (const sub of event.sub_events) {
        expect(sub.event_status).toBe('pub');
        expect(sub.event_free).toBeGreaterThanOrEqual(0);
        expect(sub.event_free).toBeLessThanOrEqual(maxPerOrder.get(sub.event_id) ?? -1);
      }
    }
    // event_free agrees with the partner view of the same event.
    const reservedSub = all.flatMap((e) => e.sub_events).find((sub) => sub.event_id === fx.reserved.eventId);
    const detail = partnerEventSchema.parse(await partner(`/event/${fx.reserved.eventId}`));
    const left = detail.availability?.reduce((sum, rank) => sum + rank.available, 0) ?? 0;
    expect(reservedSub?.event_free).toBe(Math.min(maxPerOrder.get(fx.reserved.eventId) ?? 0, left));
    const upcomingIds = upcoming.flatMap((event) => event.sub_events.map((sub) => sub.event_id));
    expect(upcomingIds.every((id) => subIds.has(id))).toBe(true);
  });

  it('public ticket types of the reserved event follow the visibility rules and price formulas', async () => {
    const list = z.array(ticketTypeSchema).parse(await publicGet(`/tickettypes/${fx.reserved.eventId}`));
    const ids = list.map((t) => t.discount_id);
    const { ticketTypes } = fx;
    for (const visible of [
      ticketTypes.fullPrice,
      ticketTypes.euroOff,
      ticketTypes.percentOff,
      ticketTypes.priceOverruled,
    ]) {
      expect(ids).toContain(String(visible.ticketTypeId));
    }
    expect(ids).toContain(String(ticketTypes.timeLimitedActive.ticketTypeId));
    expect(ids).toContain(String(ticketTypes.maxPerOrder.ticketTypeId));
    expect(ids).toContain(String(ticketTypes.maxPerEventNotReached.ticketTypeId));
    expect(ids).not.toContain(String(ticketTypes.timeLimitedInactive.ticketTypeId));
    expect(ids).not.toContain(String(ticketTypes.maxPerEventReached.ticketTypeId));
    expect(ids).not.toContain(String(ticketTypes.tagged.ticketTypeId));
    const percent = list.find((t) => t.discount_id === String(ticketTypes.percentOff.ticketTypeId));
    const expected = discountedPrice(ticketTypes.percentOff.basePriceCents, '%', ticketTypes.percentOff.discountValue);
    expect(percent?.discounted_price).toBe((expected / 100).toFixed(2));
  });

  it('partner events, one event per type, the production and the payment methods fit the contract', async () => {
    const events = z.array(partnerEventSchema).parse(await partner('/event'));
    expect(events.length).toBeGreaterThan(0);
    for (const eventId of Object.values(fx.eventsByType)) {
      const event = partnerEventSchema.parse(await partner(`/event/${eventId}`));
      expect(event.blockAvailability).toHaveLength(9);
      for (const rank of event.availability ?? []) expect(rank.available).toBeLessThanOrEqual(rank.capacity);
    }
    const production = productionSchema.parse(
      await partner(`/production/${events.find((e) => e.eventId === fx.reserved.eventId)?.productionId}`),
    );
    expect(production.events.map((e) => e.eventId)).toContain(fx.reserved.eventId);
    const methods = z.array(paymentMethodSchema).parse(await partner('/paymentmethods'));
    expect(methods.map((m) => m.paymentMethodId)).toContain(fx.paymentMethods.cash);
  });

  it('the arena plan agrees with the event’s availability and its blocked seats with blockAvailability', async () => {
    const plan = seatPlanSchema.parse(await partner(`/seating/${fx.arena.eventId}`));
    const event = partnerEventSchema.parse(await partner(`/event/${fx.arena.eventId}`));
    const seats = plan.sections.flatMap((s) => s.rows.flatMap((r) => r.seats));
    expect(seats.length).toBe(event.availability?.reduce((sum, r) => sum + r.capacity, 0));
    expect(plan.available).toBe(event.availability?.reduce((sum, r) => sum + r.available, 0));
    expect(seats.length).toBeGreaterThanOrEqual(20_000);
    const { rows } = await service.db.query<{ n: number }>(
      "select count(*)::int as n from seat_claims where event_id = $1 and state = 'block'",
      [fx.arena.eventId],
    );
    expect(event.blockAvailability?.reduce((sum, b) => sum + b.count, 0)).toBe(rows[0]?.n);
    const ga = seatPlanSchema.parse(await partner(`/seating/${fx.generalAdmission.eventId}`));
    expect(ga.sections).toHaveLength(1);
    expect(ga.sections[0]?.rows).toEqual([]);
  });
});
