import { describe, expect, it } from 'vitest';
import type { PerformanceReport } from '@/contract/reports';
import { inStartOrder, occupancyOf, occupancyTotals, paceRows, rankOccupancy } from './occupancy';

function detail(eventId: number, start: string, capacity: number, available: number, blocked = 0): PerformanceReport {
  return {
    eventId,
    productionId: 1,
    eventName: `Event ${eventId}`,
    start,
    hallId: 1,
    ticketsSold: 0,
    revenueCents: 0,
    ticketsReserved: 0,
    ticketsOffered: 0,
    capacity,
    available,
    blocked,
    blocks: blocked > 0 ? [{ blockType: 'press', blockName: 'Pers', count: blocked }] : [],
    waiting: { waiting: 0, waitingTickets: 0, notified: 0, converted: 0, entries: 0 },
  };
}

describe('occupancy', () => {
  it('counts sold as what is neither available nor blocked', () => {
    const item = occupancyOf(detail(1, '2026-12-01T20:00:00+01:00', 100, 30, 10));
    expect(item).toMatchObject({ capacity: 100, sold: 60, blocked: 10, available: 30, share: 0.6 });
  });

  it('has nothing to rank without availability or capacity', () => {
    expect(occupancyOf({ ...detail(1, '2026-12-01T20:00:00+01:00', 0, 0), capacity: null })).toBeNull();
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

  it('adds up booking pace in days before each performance, up to today or the performance', () => {
    const pace = {
      events: [
        {
          eventId: 1,
          days: [
            { day: '2026-11-01', tickets: 2, revenueCents: 0 },
            { day: '2026-11-03', tickets: 3, revenueCents: 0 },
          ],
        },
        { eventId: 2, days: [{ day: '2026-11-20', tickets: 5, revenueCents: 0 }] },
      ],
    };
    const starts: Record<number, string> = { 1: '2026-11-04T20:00:00+01:00', 2: '2026-11-25T20:00:00+01:00' };
    const rows = paceRows(pace, (id) => starts[id], '2026-11-22');
    expect(rows.map((row) => row.daysBefore)).toEqual([-5, -4, -3, -2, -1, 0]);
    // Performance 1 (played): 2 on day −3, 5 from day −1 to the day itself.
    expect(rows.map((row) => row['1'])).toEqual([undefined, undefined, 2, 2, 5, 5]);
    // Performance 2 (coming, three days to go): 5 from day −5, nothing after today (−3).
    expect(rows.map((row) => row['2'])).toEqual([5, 5, 5, undefined, undefined, undefined]);
  });
});
