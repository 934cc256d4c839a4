import { describe, expect, it } from 'vitest';
import { partnerEventSchema } from './partner-event';

describe('partnerEventSchema', () => {
  it('reads the reference service shape', () => {
    const event = partnerEventSchema.parse({
      eventId: 12,
      productionId: 3,
      eventName: 'Hamlet',
      eventType: 'event',
      eventTags: 'drama, classic',
      start: '2026-11-23T20:00:00+01:00',
      end: null,
      hallId: 1,
      prices: [{ priceId: 'p1', priceName: 'Normaal', rankId: 1, rankName: 'Rang 1', amount: 32.5 }],
      availability: [{ rankId: 1, rankName: 'Rang 1', capacity: 100, available: 40 }],
      blockAvailability: [{ blockType: 'press', blockName: 'Pers', count: 4 }],
    });
    expect(event.eventTags).toEqual(['drama', 'classic']);
    expect(event.availability).toEqual([{ rankId: 1, rankName: 'Rang 1', capacity: 100, available: 40 }]);
    expect(event.blockAvailability).toEqual([{ blockType: 'press', blockName: 'Pers', count: 4 }]);
  });

  it('accepts what another service may send: strings for numbers, the short price form, no availability', () => {
    const event = partnerEventSchema.parse({
      eventId: '12',
      productionId: '3',
      eventName: 'Hamlet',
      eventType: null,
      eventTags: null,
      start: '2026-11-23T20:00:00+01:00',
      hallId: '1',
      prices: [{ rankId: 2, amount: '19.50' }],
    });
    expect(event.eventId).toBe(12);
    expect(event.end).toBeNull();
    expect(event.prices[0]).toEqual({ priceId: null, priceName: null, rankId: 2, rankName: null, amount: 19.5 });
    expect(event.availability ?? []).toEqual([]);
  });

  it('still refuses an event without a name', () => {
    expect(partnerEventSchema.safeParse({ eventId: 1, productionId: 1, start: 'x', hallId: 1 }).success).toBe(false);
  });
});
