import { describe, expect, it } from 'vitest';
import type { PartnerEvent } from '../../lib/schemas/partner-event';
import { goodsKindOf, matchesPerformance, performancesFrom } from './performances';

const event = (eventId: number, start: string, extra: Partial<PartnerEvent> = {}): PartnerEvent => ({
  eventId,
  productionId: 1,
  eventName: `Event ${eventId}`,
  eventType: 'event',
  eventTags: [],
  start,
  end: null,
  hallId: 1,
  prices: [],
  ...extra,
});

describe('performancesFrom', () => {
  // Test runs in Europe/Amsterdam (vite.config.ts) or UTC: use local-time strings to stay zone-proof.
  const now = new Date(2026, 10, 23, 10, 0);

  it('keeps today and later, today first, without vouchers and products', () => {
    const list = performancesFrom(
      [
        event(3, new Date(2026, 10, 25, 20, 15).toISOString()),
        event(1, new Date(2026, 10, 22, 20, 15).toISOString()),
        event(2, new Date(2026, 10, 23, 9, 0).toISOString()),
        event(4, new Date(2026, 10, 23, 20, 0).toISOString(), { eventType: 'voucher' }),
        event(5, new Date(2026, 10, 23, 18, 0).toISOString(), { eventType: null }),
      ],
      now,
    );
    expect(list.map(({ event, today }) => [event.eventId, today])).toEqual([
      [2, true],
      [5, true],
      [3, false],
    ]);
  });

  it('knows the kinds of goods', () => {
    expect(goodsKindOf({ eventType: 'voucher' })).toBe('voucher');
    expect(goodsKindOf({ eventType: 'product' })).toBe('product');
    expect(goodsKindOf({ eventType: 'event' })).toBeNull();
    expect(goodsKindOf({ eventType: null })).toBeNull();
  });
});

describe('matchesPerformance', () => {
  const mahler = event(55, new Date(2026, 10, 25, 20, 15).toISOString(), { eventName: 'Mahler en de Zee' });

  it('matches on name words and on dates written in several ways', () => {
    for (const search of [
      'mahler',
      'Zee mahler',
      '2026-11-25',
      '25-11',
      '25/11',
      '25-11-2026',
      '20:15',
      'wo 25 nov',
      '',
    ]) {
      expect([search, matchesPerformance(search, mahler, 'wo 25 nov 2026 20:15')]).toEqual([search, true]);
    }
  });

  it('refuses when any word is missing', () => {
    expect(matchesPerformance('mahler 26-11', mahler, 'wo 25 nov 2026 20:15')).toBe(false);
    expect(matchesPerformance('bach', mahler, 'wo 25 nov 2026 20:15')).toBe(false);
  });
});
