import { isDatedEvent } from '@/contract/event-kinds';
import { calendarDay, isoLocalDate } from '../../lib/format';
import type { PartnerEvent } from '../../lib/schemas/partner-event';

/** For how many performances the dashboard loads availability, and how many it lists. */
export const AVAILABILITY_LOADED = 8;
export const UPCOMING_SHOWN = 24;

export interface DashboardSelection {
  today: PartnerEvent[];
  upcoming: PartnerEvent[];
  /** Upcoming performances not listed (beyond UPCOMING_SHOWN). */
  moreCount: number;
  /** The first performances in time: these get their availability loaded. */
  availabilityIds: number[];
}

export function selectDashboardEvents(events: readonly PartnerEvent[], now: Date): DashboardSelection {
  const todayIso = isoLocalDate(now);
  const performances = events
    // Dated at the door (performances, bundles, food and drink): vouchers, goods and passes are not watched here.
    .filter(isDatedEvent)
    .slice()
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.eventId - b.eventId);
  const today: PartnerEvent[] = [];
  const later: PartnerEvent[] = [];
  for (const event of performances) {
    const day = calendarDay(event.start);
    if (day === todayIso) today.push(event);
    else if (day > todayIso) later.push(event);
  }
  const upcoming = later.slice(0, UPCOMING_SHOWN);
  return {
    today,
    upcoming,
    moreCount: later.length - upcoming.length,
    availabilityIds: [...today, ...later].slice(0, AVAILABILITY_LOADED).map((event) => event.eventId),
  };
}
