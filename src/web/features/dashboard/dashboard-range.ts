import { addDays, isoLocalDate } from '../../lib/format';
import type { EventRange } from '../../lib/queries/event-queries';

/** How far ahead the dashboard looks. */
export const DASHBOARD_DAYS = 14;

/** Today and the next DASHBOARD_DAYS - 1 days, in the browser's (the venue's) calendar. */
export function dashboardRange(now: Date): EventRange {
  return { startDate: isoLocalDate(now), endDate: isoLocalDate(addDays(now, DASHBOARD_DAYS - 1)) };
}
