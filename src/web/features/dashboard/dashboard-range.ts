import { addDays, isoLocalDate } from '../../lib/format';
import type { EventRange } from '../../lib/queries/event-queries';

/** How far ahead the dashboard looks, today included. */
export const DASHBOARD_DAYS = 14;

/**
 * The dashboard's last day: its labels name it ("Vandaag t/m zo 13 dec."), as "the next 14 days" read as 14
 * days after today to a walkthrough while the count included today.
 */
export const lastDashboardDay = (now: Date): Date => addDays(now, DASHBOARD_DAYS - 1);

/** Today and the next DASHBOARD_DAYS - 1 days, in the browser's (the venue's) calendar. */
export function dashboardRange(now: Date): EventRange {
  return { startDate: isoLocalDate(now), endDate: isoLocalDate(lastDashboardDay(now)) };
}
