import type { PaceReport, PerformanceReport } from '@/contract/reports';

/** One performance's seats: what the occupancy overview charts and ranks. */
export interface PerformanceOccupancy {
  event: PerformanceReport;
  capacity: number;
  /** Taken: neither available nor blocked (sold, reserved or in a cart), as the service counts it. */
  sold: number;
  blocked: number;
  available: number;
  /** Taken as a share of capacity, 0–1. */
  share: number;
}

/** Null when the service gave no availability (or no capacity): such a performance cannot be ranked. */
export function occupancyOf(performance: PerformanceReport): PerformanceOccupancy | null {
  const { capacity, available, blocked } = performance;
  if (capacity === null || available === null || blocked === null || capacity <= 0) return null;
  const sold = Math.max(0, capacity - available - blocked);
  return { event: performance, capacity, sold, blocked, available, share: sold / capacity };
}

const byStart = (a: PerformanceOccupancy, b: PerformanceOccupancy) =>
  Date.parse(a.event.start) - Date.parse(b.event.start) || a.event.eventId - b.event.eventId;

/**
 * The `count` fullest and emptiest performances; ties go to the earlier one. With fewer than 2 × count
 * performances the two lists share some: both are still right.
 */
export function rankOccupancy(
  items: readonly PerformanceOccupancy[],
  count: number,
): { fullest: PerformanceOccupancy[]; emptiest: PerformanceOccupancy[] } {
  return {
    fullest: [...items].sort((a, b) => b.share - a.share || byStart(a, b)).slice(0, count),
    emptiest: [...items].sort((a, b) => a.share - b.share || byStart(a, b)).slice(0, count),
  };
}

export interface OccupancyTotals {
  performances: number;
  capacity: number;
  sold: number;
  /** Sold of all capacity together (a big hall weighs more than a small one); 0 without capacity. */
  share: number;
}

export function occupancyTotals(items: readonly PerformanceOccupancy[]): OccupancyTotals {
  let capacity = 0;
  let sold = 0;
  for (const item of items) {
    capacity += item.capacity;
    sold += item.sold;
  }
  return { performances: items.length, capacity, sold, share: capacity > 0 ? sold / capacity : 0 };
}

/** In start order, for the chart. */
export const inStartOrder = (items: readonly PerformanceOccupancy[]) => [...items].sort(byStart);

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/**
 * Booking pace: seats sold up to each day, counted in days before the performance (0 = the day it plays), so
 * performances of different dates compare line by line. One row per day from the first sale of any of them
 * to the last day with data (today for a coming performance, the performance's day for a past one);
 * `series[eventId]` is that performance's running total, absent before its first sale.
 */
export function paceRows(
  pace: PaceReport,
  startOf: (eventId: number) => string | undefined,
  today: string,
): Array<Record<string, number>> {
  const todayNumber = dayNumber(today);
  const lines = pace.events.flatMap((event) => {
    const start = startOf(event.eventId);
    if (!start) return [];
    const startNumber = dayNumber(start.slice(0, 10));
    const last = Math.min(0, todayNumber - startNumber);
    return [{ key: String(event.eventId), startNumber, last, days: event.days }];
  });
  let first = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const line of lines) {
    for (const day of line.days) first = Math.min(first, dayNumber(day.day) - line.startNumber);
    end = Math.max(end, line.last);
  }
  if (end === Number.NEGATIVE_INFINITY) return [];
  const rows: Array<Record<string, number>> = [];
  for (let x = first; x <= end; x++) rows.push({ daysBefore: x });
  for (const line of lines) {
    const perDay = new Map(line.days.map((day) => [dayNumber(day.day) - line.startNumber, day.tickets]));
    let total = 0;
    let started = false;
    for (const row of rows) {
      const x = row.daysBefore as number;
      const sold = perDay.get(x);
      if (sold !== undefined) {
        total += sold;
        started = true;
      }
      if (started && x <= line.last) row[line.key] = total;
    }
  }
  return rows;
}
