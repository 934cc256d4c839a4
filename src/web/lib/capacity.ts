import type { PartnerEvent } from './schemas/partner-event';

export interface CapacityBreakdown {
  capacity: number;
  available: number;
  blocked: number;
  /** Sold or held in a cart: what is neither available nor blocked. */
  sold: number;
  blocks: Array<{ blockType: string; blockName: string; count: number }>;
}

/**
 * Capacity split into sold, blocked (per type) and available. Blocked seats are never available (spec 2.8
 * counts them apart), so sold is what remains. Null when the service sent no availability.
 */
export function capacityBreakdown(
  event: Pick<PartnerEvent, 'availability' | 'blockAvailability'>,
): CapacityBreakdown | null {
  if (!event.availability || event.availability.length === 0) return null;
  let capacity = 0;
  let available = 0;
  for (const rank of event.availability) {
    capacity += rank.capacity;
    available += rank.available;
  }
  const blocks = (event.blockAvailability ?? []).filter((block) => block.count > 0);
  const blocked = blocks.reduce((total, block) => total + block.count, 0);
  return { capacity, available, blocked, sold: Math.max(0, capacity - available - blocked), blocks };
}
