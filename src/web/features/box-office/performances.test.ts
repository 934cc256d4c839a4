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
  // Local times, zone-proof as above; "now" is Monday 23 November 2026.
  const now = new Date(2026, 10, 23, 10, 0);
  const mahler = event(55, new Date(2026, 10, 25, 20, 15).toISOString(), { eventName: 'Mahler en de Zee' });
  const matches = (search: string, performance = mahler) => matchesPerformance(search, performance, now);

  it('matches on name words and on dates written in several ways', () => {
    for (const search of [
      'mahler',
      'Zee mahler',
      '2026-11-25',
      '25-11',
      '25/11',
      '25-11-2026',
      '20:15',
      '20.15',
      '20u15',
      'wo 25 nov',
      '25 november',
      'woensdag',
      'wednesday 25',
      '25 nov 2026',
      '55',
      '',
    ]) {
      expect([search, matches(search)]).toEqual([search, true]);
    }
  });

  it('refuses when any word is missing', () => {
    expect(matches('mahler 26-11')).toBe(false);
    expect(matches('bach')).toBe(false);
  });

  // A walkthrough typed "8 dec" and sold today's performance at 18:00 on 2 December: the 8 matched inside 18:00.
  it('takes a number of one or two digits for the day of the month, not a part of a time or a year', () => {
    const today = event(1, new Date(2026, 11, 2, 18, 0).toISOString(), { eventName: 'Diner & Theater' });
    const eighth = event(2, new Date(2026, 11, 8, 20, 0).toISOString(), { eventName: 'Kerstconcert' });
    const second = event(3, new Date(2027, 0, 2, 20, 0).toISOString(), { eventName: 'Nieuwjaarsgala' });
    expect(matches('8 dec', today)).toBe(false);
    expect(matches('8 dec', eighth)).toBe(true);
    expect(matches('20 dec', today)).toBe(false);
    expect(matches('20 dec', eighth)).toBe(false);
    expect(matches('6 jan', second)).toBe(false);
    expect(matches('2 jan', second)).toBe(true);
    expect(matches('2 dec', today)).toBe(true);
  });

  it('finds a name without its accents or apostrophes', () => {
    const premiere = event(4, new Date(2026, 11, 4, 20, 0).toISOString(), { eventName: 'Première: Poëzie’s Nacht' });
    for (const search of ['premiere', 'PREMIÈRE', 'poezie', 'poezies', "poëzie's", 'poezie’s nacht', '4 december']) {
      expect([search, matches(search, premiere)]).toEqual([search, true]);
    }
  });

  it('knows today and tomorrow by name, and a weekday only when it is named', () => {
    const today = event(5, new Date(2026, 10, 23, 20, 0).toISOString(), { eventName: 'Zonnekoning' });
    const tomorrow = event(6, new Date(2026, 10, 24, 20, 0).toISOString(), { eventName: 'Zondagskind' });
    expect(matches('vandaag', today)).toBe(true);
    expect(matches('morgen', today)).toBe(false);
    expect(matches('morgen', tomorrow)).toBe(true);
    expect(matches('tomorrow', tomorrow)).toBe(true);
    // "zon" is a name's beginning here, not yet Sunday (the 23rd is a Monday, the 24th a Tuesday).
    expect(matches('zon', today)).toBe(true);
    expect(matches('zondag', today)).toBe(false);
    expect(matches('maandag', today)).toBe(true);
    expect(matches('ma', today)).toBe(true);
    expect(matches('di', tomorrow)).toBe(true);
  });
});
