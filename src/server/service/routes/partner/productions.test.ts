import { afterAll, beforeAll, expect, it } from 'vitest';
import { productionSchema } from '@/contract/production';
import { type CatalogFixture, createCatalogFixture, FIXTURE_NOW } from '@/server/testing/catalog-fixtures';
import {
  createTestService,
  DEMO,
  describeEachDatabase,
  HARBOUR,
  type TestService,
} from '@/server/testing/test-service';

describeEachDatabase('partner productions', (database) => {
  let service: TestService;
  let fixture: CatalogFixture;

  beforeAll(async () => {
    service = await createTestService({ database, now: () => FIXTURE_NOW });
    fixture = await createCatalogFixture(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('returns the production with all its events (every kind), without availability', async () => {
    const res = await service.request(`/v1/demo/partner/production/${fixture.showId}`, { key: DEMO.apiKey });
    expect(res.status).toBe(200);
    const production = productionSchema.parse(await res.json());
    expect(production.productionId).toBe(fixture.showId);
    expect(production.title).toBe('Fixture Show');
    expect(production.artist).toBe('The Fixtures');
    expect(production.events.map((event) => event.eventId)).toEqual([
      fixture.pastEventId,
      fixture.voucherEventId,
      fixture.showEventId,
      fixture.lateEventId,
    ]);
    for (const event of production.events) {
      expect(event.productionId).toBe(fixture.showId);
      expect(event).not.toHaveProperty('availability');
      expect(event).not.toHaveProperty('blockAvailability');
    }
    // Only the main show event has ticket types in the fixture.
    expect(production.events.map((event) => event.prices.length)).toEqual([0, 0, Object.keys(fixture.types).length, 0]);
  });

  it('gives artist null when none and an empty events list when the production has no events', async () => {
    const ga = productionSchema.parse(
      await service
        .request(`/v1/demo/partner/production/${fixture.gaProductionId}`, { key: DEMO.apiKey })
        .then((r) => r.json()),
    );
    expect(ga.artist).toBeNull();
    const { rows } = await service.db.query<{ id: number }>(
      "insert into productions (client_id, title) values ($1, 'Empty') returning id",
      [fixture.clientId],
    );
    const empty = await service.request(`/v1/demo/partner/production/${rows[0]?.id}`, { key: DEMO.apiKey });
    expect(productionSchema.parse(await empty.json()).events).toEqual([]);
  });

  it('404 for unknown, malformed and foreign production ids', async () => {
    for (const id of ['999999999', 'x', '-3']) {
      const res = await service.request(`/v1/demo/partner/production/${id}`, { key: DEMO.apiKey });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toHaveProperty('message');
    }
    const foreign = await service.request(`/v1/${HARBOUR.client}/partner/production/${fixture.showId}`, {
      key: HARBOUR.apiKey,
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: 'Production not found' });
  });
});
