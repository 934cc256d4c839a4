import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { type TicketType, ticketTypeSchema } from '@/contract/ticket-type';
import { type CatalogFixture, createCatalogFixture, FIXTURE_NOW, insertCart } from '@/server/testing/catalog-fixtures';
import { createTestService, describeEachDatabase, HARBOUR, type TestService } from '@/server/testing/test-service';

const ticketTypesSchema = z.array(ticketTypeSchema);

describeEachDatabase('public ticket types', (database) => {
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

  async function ticketTypes(eventId: number): Promise<TicketType[]> {
    const res = await service.request(`/v1/demo/tickettypes/${eventId}`);
    expect(res.status).toBe(200);
    return ticketTypesSchema.parse(await res.json());
  }
  const names = (list: TicketType[]) => list.map((t) => t.discount_name);

  it('prices each discount type: € off (not below 0), % off rounded half up, = overruled', async () => {
    const list = await ticketTypes(fixture.showEventId);
    const byId = new Map(list.map((t) => [t.discount_id, t]));
    expect(byId.get(String(fixture.types.full))).toEqual({
      discount_id: String(fixture.types.full),
      discount_name: 'Vol tarief',
      base_price: '25.00',
      discount_type: '€',
      discount_value: '0.00',
      discounted_price: '25.00',
    });
    expect(byId.get(String(fixture.types.euroOff))?.discounted_price).toBe('20.00');
    expect(byId.get(String(fixture.types.euroOffBelowZero))).toMatchObject({
      discount_value: '50.00',
      discounted_price: '0.00',
    });
    // 25 % of 19.86 = 4.965 → 4.97 off (half up; half-even would give 4.96) → 14.89.
    expect(byId.get(String(fixture.types.percentHalfUp))).toEqual({
      discount_id: String(fixture.types.percentHalfUp),
      discount_name: 'Kwart korting',
      base_price: '19.86',
      discount_type: '%',
      discount_value: '25.00',
      discounted_price: '14.89',
    });
    expect(byId.get(String(fixture.types.fixed))).toMatchObject({
      base_price: '25.00',
      discount_type: '=',
      discount_value: '10.00',
      discounted_price: '10.00',
    });
  });

  it('applies the visibility rules: tag-dependent never public, time window, per-event maximum', async () => {
    const list = names(await ticketTypes(fixture.showEventId));
    expect(list).toEqual(['Vol tarief', 'CJP', 'Vrijkaart', 'Last minute', 'Actie', 'Kwart korting', 'Beperkt balkon']);
    expect(list).not.toContain('Vriendenprijs'); // required tag
    expect(list).not.toContain('Nog niet'); // window not open yet
    expect(list).not.toContain('Vroegboek'); // window closed
    expect(list).not.toContain('Beperkt'); // max per event 2, 2 sold
  });

  it('counts live carts toward the per-event maximum, and stops counting them when they lapse', async () => {
    // 'Beperkt balkon' (max 3): 1 sold + 1 in a live cart; a third in another live cart reaches the max.
    const cartId = await insertCart(
      service.db,
      fixture.clientId,
      new Date(FIXTURE_NOW.getTime() + 120_000).toISOString(),
    );
    await service.db.query(
      `insert into cart_items (cart_id, item_type, event_id, ticket_type_id, rank_id, quantity, amount_cents, description)
       values ($1, 'ticket', $2, $3, $4, 1, 1586, 'x')`,
      [cartId, fixture.showEventId, fixture.types.maxNotReached, fixture.rank2Id],
    );
    expect(names(await ticketTypes(fixture.showEventId))).not.toContain('Beperkt balkon');
    now = new Date(FIXTURE_NOW.getTime() + 180_000); // that cart has lapsed, the fixture's live cart not yet
    try {
      expect(names(await ticketTypes(fixture.showEventId))).toContain('Beperkt balkon');
    } finally {
      now = FIXTURE_NOW;
      await service.db.query('delete from carts where id = $1', [cartId]);
    }
  });

  it('hides time-limited types outside their window as the clock moves', async () => {
    now = new Date(FIXTURE_NOW.getTime() + 2 * 86_400_000);
    try {
      const list = names(await ticketTypes(fixture.showEventId));
      expect(list).toContain('Nog niet');
      expect(list).not.toContain('Actie');
    } finally {
      now = FIXTURE_NOW;
    }
  });

  it('answers 404 "sub_event not found" for main ids, unknown, hidden, foreign and non-numeric ids', async () => {
    const paths = [
      `/v1/demo/tickettypes/${fixture.showId}`,
      `/v1/demo/tickettypes/${fixture.draftEventId}`,
      `/v1/demo/tickettypes/${fixture.voucherEventId}`,
      '/v1/demo/tickettypes/999999999',
      '/v1/demo/tickettypes/abc',
      '/v1/demo/tickettypes/upcoming',
      '/v1/demo/tickettypes/99999999999999999999',
      `/v1/${HARBOUR.client}/tickettypes/${fixture.showEventId}`,
    ];
    for (const path of paths) {
      const res = await service.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'sub_event not found' });
    }
  });

  it('lists the GA event’s ticket type', async () => {
    expect(await ticketTypes(fixture.gaEventId)).toEqual([
      {
        discount_id: String(fixture.gaTypeId),
        discount_name: 'Staan',
        base_price: '15.00',
        discount_type: '€',
        discount_value: '0.00',
        discounted_price: '15.00',
      },
    ]);
  });
});
