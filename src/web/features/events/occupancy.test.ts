import { describe, expect, it } from 'vitest';
import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { inStartOrder, occupancyOf, occupancyTotals, rankOccupancy } from './occupancy';

function detail(eventId: number, start: string, capacity: number, available: number, blocked = 0): PartnerEvent {
  return {
    eventId,
    productionId: 1,
    eventName: `Event ${eventId}`,
    eventType: 'event',
    eventTags: [],
    start,
    end: null,
    hallId: 1,
    prices: [],
    availability: [{ rankId: 1, rankName: 'Rang 1', capacity, available }],
    blockAvailability: [{ blockType: 'press', blockName: 'Pers', count: blocked }],
  };
}

describe('occupancy', () => {
  it('counts sold as what is neither available nor blocked', () => {
    const item = occupancyOf(detail(1, '2026-12-01T20:00:00+01:00', 100, 30, 10));
    expect(item).toMatchObject({ capacity: 100, sold: 60, blocked: 10, available: 30, share: 0.6 });
  });

  it('has nothing to rank without availability or capacity', () => {
    expect(occupancyOf({ ...detail(1, '2026-12-01T20:00:00+01:00', 0, 0), availability: undefined })).toBeNull();
    expect(occupancyOf(detail(1, '2026-12-01T20:00:00+01:00', 0, 0))).toBeNull();
  });

  it('ranks fullest and emptiest, the earlier performance first on a tie', () => {
    const items = [
      detail(1, '2026-12-03T20:00:00+01:00', 100, 50),
      detail(2, '2026-12-01T20:00:00+01:00', 100, 10),
      detail(3, '2026-12-02T20:00:00+01:00', 100, 50),
      detail(4, '2026-12-04T20:00:00+01:00', 100, 90),
    ].map((event) => occupancyOf(event) as NonNullable<ReturnType<typeof occupancyOf>>);
    const { fullest, emptiest } = rankOccupancy(items, 3);
    expect(fullest.map((item) => item.event.eventId)).toEqual([2, 3, 1]);
    expect(emptiest.map((item) => item.event.eventId)).toEqual([4, 3, 1]);
    expect(inStartOrder(items).map((item) => item.event.eventId)).toEqual([2, 3, 1, 4]);
  });

  it('weighs the total by capacity', () => {
    const items = [detail(1, '2026-12-01T20:00:00+01:00', 1000, 0), detail(2, '2026-12-02T20:00:00+01:00', 100, 100)]
      .map((event) => occupancyOf(event))
      .filter((item) => item !== null);
    expect(occupancyTotals(items)).toEqual({ performances: 2, capacity: 1100, sold: 1000, share: 1000 / 1100 });
    expect(occupancyTotals([])).toEqual({ performances: 0, capacity: 0, sold: 0, share: 0 });
  });
});
