import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { hallSchema } from '@/contract/hall';
import { type CatalogFixture, createCatalogFixture } from '@/server/testing/catalog-fixtures';
import {
  createTestService,
  DEMO,
  describeEachDatabase,
  HARBOUR,
  type TestService,
} from '@/server/testing/test-service';

describeEachDatabase('partner halls', (database) => {
  let service: TestService;
  let fixture: CatalogFixture;

  beforeAll(async () => {
    service = await createTestService({ database });
    fixture = await createCatalogFixture(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('lists the client’s halls with every field of spec 2.13', async () => {
    const res = await service.request('/v1/demo/partner/hall', { key: DEMO.apiKey });
    expect(res.status).toBe(200);
    const halls = z.array(hallSchema).parse(await res.json());
    expect(halls.find((hall) => hall.hallId === fixture.theatreHallId)).toEqual({
      hallId: fixture.theatreHallId,
      hallName: 'Fixture Theatre',
      hallAddress: 'Kade 1',
      hallZip: '1011 AA',
      hallCity: 'Amsterdam',
      hallPhone: '',
      hallUrl: '',
    });
    expect(halls.map((hall) => hall.hallId)).toContain(fixture.clubHallId);
  });

  it('gets one hall; 404 for unknown, malformed and foreign ids', async () => {
    const res = await service.request(`/v1/demo/partner/hall/${fixture.clubHallId}`, { key: DEMO.apiKey });
    expect(hallSchema.parse(await res.json())).toMatchObject({ hallId: fixture.clubHallId, hallCity: 'Utrecht' });
    for (const id of ['999999999', 'abc', '0']) {
      const missing = await service.request(`/v1/demo/partner/hall/${id}`, { key: DEMO.apiKey });
      expect(missing.status, id).toBe(404);
      expect(await missing.json()).toHaveProperty('message');
    }
    const foreign = await service.request(`/v1/${HARBOUR.client}/partner/hall/${fixture.theatreHallId}`, {
      key: HARBOUR.apiKey,
    });
    expect(foreign.status).toBe(404);
    const harbourHalls = z
      .array(hallSchema)
      .parse(
        await service.request(`/v1/${HARBOUR.client}/partner/hall`, { key: HARBOUR.apiKey }).then((r) => r.json()),
      );
    expect(harbourHalls.map((hall) => hall.hallId)).not.toContain(fixture.theatreHallId);
  });
});
