import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CatalogFixture, createCatalogFixture, FIXTURE_NOW, insertCart } from '../../testing/catalog-fixtures';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';
import { availabilityByRank, blockCounts, generalTakenByEvent, publicFreeCount, takenSeatIds } from './availability';

describeEachDatabase('availability', (database) => {
  let service: TestService;
  let fixture: CatalogFixture;
  const minutes = (n: number) => new Date(FIXTURE_NOW.getTime() + n * 60_000);

  beforeAll(async () => {
    service = await createTestService({ database, now: () => FIXTURE_NOW });
    fixture = await createCatalogFixture(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('computes reserved and general-admission events in one bulk call; unknown ids are absent', async () => {
    const map = await availabilityByRank(
      service.db,
      [fixture.showEventId, fixture.gaEventId, 999_999_999],
      FIXTURE_NOW,
    );
    expect(map.size).toBe(2);
    expect(map.get(fixture.showEventId)).toEqual({
      eventId: fixture.showEventId,
      hallId: fixture.theatreHallId,
      seating: 'reserved',
      ranks: [
        { rankId: fixture.rank1Id, rankName: 'Parket', capacity: 10, available: 6 },
        { rankId: fixture.rank2Id, rankName: 'Balkon', capacity: 4, available: 1 },
      ],
      totalAvailable: 7,
    });
    expect(map.get(fixture.gaEventId)).toMatchObject({ seating: 'general', totalAvailable: 9 });
    // Another event in the same hall has no claims: the whole hall.
    const past = await availabilityByRank(service.db, [fixture.pastEventId], FIXTURE_NOW);
    expect(past.get(fixture.pastEventId)?.totalAvailable).toBe(14);
    expect((await availabilityByRank(service.db, [], FIXTURE_NOW)).size).toBe(0);
  });

  it('a hold counts until its expires_at and not after (also exactly at it)', async () => {
    expect((await takenSeatIds(service.db, fixture.showEventId, minutes(9))).has(fixture.rank1Seats[3] ?? 0)).toBe(
      true,
    );
    expect((await takenSeatIds(service.db, fixture.showEventId, minutes(10))).has(fixture.rank1Seats[3] ?? 0)).toBe(
      false,
    );
    const taken = await takenSeatIds(service.db, fixture.showEventId, FIXTURE_NOW);
    expect(taken.has(fixture.rank2Seats[1] ?? 0)).toBe(false); // lapsed before now
    expect(taken.size).toBe(7);
  });

  it('general admission: order lines + live cart quantities + blocks; deleted lines and lapsed carts not', async () => {
    expect((await generalTakenByEvent(service.db, [fixture.gaEventId], FIXTURE_NOW)).get(fixture.gaEventId)).toBe(41);
    expect((await generalTakenByEvent(service.db, [fixture.gaEventId], minutes(6))).get(fixture.gaEventId)).toBe(36);
    // A new live cart takes places at once.
    const cartId = await insertCart(service.db, fixture.clientId, minutes(15).toISOString());
    await service.db.query(
      `insert into cart_items (cart_id, item_type, event_id, ticket_type_id, rank_id, quantity, amount_cents, description)
       values ($1, 'ticket', $2, $3, $4, 4, 6000, 'x')`,
      [cartId, fixture.gaEventId, fixture.gaTypeId, fixture.gaRankId],
    );
    try {
      const map = await availabilityByRank(service.db, [fixture.gaEventId], FIXTURE_NOW);
      expect(map.get(fixture.gaEventId)?.totalAvailable).toBe(5);
    } finally {
      await service.db.query('delete from carts where id = $1', [cartId]);
    }
  });

  it('blockCounts lists the nine types plus unknown ones found in the data', async () => {
    await service.db.query(`insert into event_blocks (event_id, block_type, count) values ($1, 'sponsor', 2)`, [
      fixture.gaEventId,
    ]);
    try {
      const blocks = await blockCounts(service.db, fixture.gaEventId);
      expect(blocks).toHaveLength(10);
      expect(blocks.at(-1)).toEqual({ blockType: 'sponsor', blockName: 'sponsor', count: 2 });
      expect(blocks.find((b) => b.blockType === 'group')).toEqual({
        blockType: 'group',
        blockName: 'Gasten',
        count: 5,
      });
    } finally {
      await service.db.query(`delete from event_blocks where event_id = $1 and block_type = 'sponsor'`, [
        fixture.gaEventId,
      ]);
    }
  });

  it('publicFreeCount is the per-order maximum capped by what is left, never negative', async () => {
    const map = await availabilityByRank(service.db, [fixture.showEventId, fixture.gaEventId], FIXTURE_NOW);
    expect(publicFreeCount(4, map.get(fixture.showEventId))).toBe(4);
    expect(publicFreeCount(10, map.get(fixture.gaEventId))).toBe(9);
    expect(publicFreeCount(10, undefined)).toBe(0);
  });
});
