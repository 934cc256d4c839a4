import { describe, expect, it } from 'vitest';
import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { AVAILABILITY_LOADED, selectDashboardEvents, UPCOMING_SHOWN } from './dashboard-selection';

function event(eventId: number, start: Date, eventType: string | null = 'event'): PartnerEvent {
  return {
    eventId,
    productionId: 1,
    eventName: `Event ${eventId}`,
    eventType,
    eventTags: [],
    start: start.toISOString(),
    end: null,
    hallId: 1,
    prices: [],
  };
}

const now = new Date(2026, 10, 23, 9, 0);
const at = (dayOffset: number, hour: number) => new Date(2026, 10, 23 + dayOffset, hour, 0);

describe('selectDashboardEvents', () => {
  it('splits today from later, in time order, events dated at the door only', () => {
    const selection = selectDashboardEvents(
      [
        event(3, at(1, 20)),
        event(1, at(0, 20)),
        event(2, at(0, 14)),
        event(4, at(0, 12), 'voucher'),
        event(5, at(-1, 20)),
        // A walkthrough found today's dinner-and-show arrangement missing: bundles and food are dated too.
        event(6, at(0, 18), 'combi'),
        event(7, at(0, 19), 'horeca'),
        event(8, at(0, 10), null),
        event(9, at(0, 0), 'passepartout'),
        event(10, at(0, 0), 'product'),
      ],
      now,
    );
    expect(selection.today.map((e) => e.eventId)).toEqual([8, 2, 6, 7, 1]);
    expect(selection.upcoming.map((e) => e.eventId)).toEqual([3]);
    expect(selection.availabilityIds).toEqual([8, 2, 6, 7, 1, 3]);
    expect(selection.moreCount).toBe(0);
  });

  it('loads availability for the first few only and caps the list', () => {
    const many = Array.from({ length: UPCOMING_SHOWN + 5 }, (_, i) => event(i + 1, at(1 + (i % 10), 10 + (i % 5))));
    const selection = selectDashboardEvents(many, now);
    expect(selection.availabilityIds).toHaveLength(AVAILABILITY_LOADED);
    expect(selection.upcoming).toHaveLength(UPCOMING_SHOWN);
    expect(selection.moreCount).toBe(5);
  });
});
