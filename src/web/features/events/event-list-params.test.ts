import { describe, expect, it } from 'vitest';
import { partnerEventSchema } from '../../lib/schemas/partner-event';
import {
  filterEvents,
  groupEvents,
  presetRange,
  readEventListParams,
  readRangeParams,
  writeEventListParams,
  writeRangeParams,
} from './event-list-params';

// Wednesday 18 November 2026, 10:00 local time.
const now = new Date(2026, 10, 18, 10, 0);

const event = (eventId: number, start: string, extra: Record<string, unknown> = {}) =>
  partnerEventSchema.parse({
    eventId,
    productionId: 1,
    eventName: `Event ${eventId}`,
    eventType: 'event',
    eventTags: null,
    start,
    hallId: 1,
    prices: [],
    ...extra,
  });

describe('presetRange', () => {
  it('covers today, a Monday-to-Sunday week, the calendar month and today plus 60 days', () => {
    expect(presetRange('today', now)).toEqual({ startDate: '2026-11-18', endDate: '2026-11-18' });
    expect(presetRange('week', now)).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(presetRange('month', now)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(presetRange('next60', now)).toEqual({ startDate: '2026-11-18', endDate: '2027-01-17' });
  });
});

describe('readEventListParams / writeEventListParams', () => {
  it('defaults to the next 60 days grouped by day, and writes nothing for the defaults', () => {
    const params = readEventListParams(new URLSearchParams(), now);
    expect(params).toMatchObject({ preset: 'next60', group: 'day', type: '', hall: null, tag: '', text: '' });
    expect(writeEventListParams(params).toString()).toBe('');
  });

  it('round-trips a custom range and every filter', () => {
    const search = new URLSearchParams(
      'range=custom&from=2026-12-01&to=2026-12-24&group=production&type=combi&hall=3&tag=jazz&q=ham',
    );
    const params = readEventListParams(search, now);
    expect(params.range).toEqual({ startDate: '2026-12-01', endDate: '2026-12-24' });
    expect(readEventListParams(writeEventListParams(params), now)).toEqual(params);
  });

  it('falls back to the default for a custom range that is reversed or not a date, and ignores junk', () => {
    const reversed = readEventListParams(new URLSearchParams('range=custom&from=2026-12-24&to=2026-12-01'), now);
    expect(reversed.preset).toBe('next60');
    const junk = readEventListParams(new URLSearchParams('range=year&group=hall&hall=-2'), now);
    expect(junk).toMatchObject({ preset: 'next60', group: 'day', hall: null });
  });
});

describe('filterEvents and groupEvents', () => {
  const events = [
    event(3, '2026-11-19T20:00:00+01:00', { eventTags: 'jazz, late', hallId: 2, productionId: 7 }),
    event(1, '2026-11-18T20:00:00+01:00', { eventType: 'horeca' }),
    event(2, '2026-11-18T14:00:00+01:00', { eventName: 'Hamlet matinee', productionId: 7 }),
  ];
  const base = readEventListParams(new URLSearchParams(), now);

  it('filters by type, hall, tag (case-insensitive) and name, sorted by start', () => {
    expect(filterEvents(events, base).map((e) => e.eventId)).toEqual([2, 1, 3]);
    expect(filterEvents(events, { ...base, type: 'horeca' }).map((e) => e.eventId)).toEqual([1]);
    expect(filterEvents(events, { ...base, hall: 2 }).map((e) => e.eventId)).toEqual([3]);
    expect(filterEvents(events, { ...base, tag: 'JAZZ' }).map((e) => e.eventId)).toEqual([3]);
    expect(filterEvents(events, { ...base, text: ' hamlet ' }).map((e) => e.eventId)).toEqual([2]);
  });

  it('groups by local day or by production in order of first start', () => {
    const sorted = filterEvents(events, base);
    expect(groupEvents(sorted, 'day').map((g) => g.events.map((e) => e.eventId))).toEqual([[2, 1], [3]]);
    expect(groupEvents(sorted, 'production').map((g) => [g.key, g.events.map((e) => e.eventId)])).toEqual([
      ['7', [2, 3]],
      ['1', [1]],
    ]);
  });
});

describe('range params (shared by the list and the occupancy page)', () => {
  it('sets the period and keeps the other parameters of the URL', () => {
    const search = writeRangeParams(new URLSearchParams('table=1&range=today'), {
      preset: 'custom',
      range: { startDate: '2026-12-01', endDate: '2026-12-31' },
    });
    expect(search.toString()).toBe('table=1&range=custom&from=2026-12-01&to=2026-12-31');
    expect(readRangeParams(search, now)).toEqual({
      preset: 'custom',
      range: { startDate: '2026-12-01', endDate: '2026-12-31' },
    });
    expect(writeRangeParams(search, { preset: 'next60', range: presetRange('next60', now) }).toString()).toBe(
      'table=1',
    );
  });

  it('falls back to the next 60 days for a reversed custom range', () => {
    expect(readRangeParams(new URLSearchParams('range=custom&from=2026-12-31&to=2026-12-01'), now)).toEqual({
      preset: 'next60',
      range: presetRange('next60', now),
    });
  });
});
