import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { capacityBreakdown } from './capacity';

/** One performance's seats: what the occupancy overview charts and ranks. */
export interface PerformanceOccupancy {
  event: PartnerEvent;
  capacity: number;
  sold: number;
  blocked: number;
  available: number;
  /** Sold as a share of capacity, 0–1. */
  share: number;
}

/** Null when the detail carries no availability (or no capacity): such a performance cannot be ranked. */
export function occupancyOf(detail: PartnerEvent): PerformanceOccupancy | null {
  const breakdown = capacityBreakdown(detail);
  if (!breakdown || breakdown.capacity <= 0) return null;
  const { capacity, sold, blocked, available } = breakdown;
  return { event: detail, capacity, sold, blocked, available, share: sold / capacity };
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
