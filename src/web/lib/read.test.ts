import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { fromParser, lenientArray } from './lenient';
import { toNumber, toTags } from './read';
import { hallListSchema } from './schemas/hall';
import { partnerEventListSchema, partnerEventSchema } from './schemas/partner-event';
import { productionSchema } from './schemas/production';

const event = { eventId: 1, productionId: 2, eventName: 'Hamlet', start: '2026-11-23T20:00:00+01:00', hallId: 3 };

describe('hand-written lenient readers', () => {
  it('read halls with numbers as text and missing text as empty', () => {
    const result = hallListSchema.safeParse([{ hallId: '4', hallName: 'Grote zaal', hallZip: 1234, hallPhone: null }]);
    expect(result).toEqual({
      success: true,
      data: [
        {
          hallId: 4,
          hallName: 'Grote zaal',
          hallAddress: '',
          hallZip: '1234',
          hallCity: '',
          hallPhone: '',
          hallUrl: '',
        },
      ],
    });
  });

  it('fail a list, not throw, when a record misses a required value or the answer is no list', () => {
    expect(hallListSchema.safeParse([{ hallId: 1 }]).success).toBe(false);
    expect(partnerEventListSchema.safeParse({ data: [] }).success).toBe(false);
    expect(partnerEventListSchema.safeParse([{ ...event, hallId: 'three' }]).success).toBe(false);
  });

  it('keep a record whose optional parts are odd: a bad rank id is null, a bad block count 0', () => {
    const result = partnerEventListSchema.safeParse([
      {
        ...event,
        prices: [{ rankId: 'x', amount: '12,50' }],
        blockAvailability: [{ blockType: 'press', count: 'many' }],
      },
    ]);
    expect(result.success && result.data[0]).toMatchObject({
      prices: [{ rankId: null, amount: 12.5, priceId: null }],
      blockAvailability: [{ blockType: 'press', blockName: '', count: 0 }],
      eventTags: [],
      end: null,
    });
    expect(result.success && 'availability' in (result.data[0] ?? {})).toBe(false);
  });

  it('read a production with its events, and refuse it when an event is unreadable', () => {
    const production = productionSchema.safeParse({ productionId: '2', title: 'Hamlet', events: [event] });
    expect(production.success && production.data.events[0]?.eventId).toBe(1);
    expect(productionSchema.safeParse({ productionId: 2, title: 'Hamlet', events: [{ eventId: 1 }] }).success).toBe(
      false,
    );
  });

  it("work inside a zod schema (as the desk's envelopes read their orders)", () => {
    const envelope = z.object({ events: lenientArray(fromParser(partnerEventSchema)) });
    const read = envelope.safeParse({ events: [{ ...event, eventId: '1' }] });
    expect(read.success && read.data.events[0]?.eventId).toBe(1);
    expect(envelope.safeParse({ events: [{ eventId: 1 }] }).success).toBe(false);
  });

  it('read numbers and tags in every form a service sends', () => {
    expect(toNumber('0.00')).toBe(0);
    expect(toNumber('-12.5')).toBe(-12.5);
    expect(toNumber(' 42 ')).toBe(42);
    expect(toNumber('12,50')).toBe(12.5);
    expect(toNumber('1.234,50')).toBe(1234.5);
    expect(toNumber('1 234')).toBe(1234);
    expect(toNumber('9'.repeat(400))).toBe('9'.repeat(400));
    expect(toNumber('')).toBe('');
    expect(toNumber('abc')).toBe('abc');
    expect(toNumber(7)).toBe(7);
    expect(toTags('Vriend')).toEqual(['Vriend']);
    expect(toTags(' Vriend ')).toEqual(['Vriend']);
    expect(toTags('')).toEqual([]);
    expect(toTags('  ')).toEqual([]);
    expect(toTags('Vriend, CJP,,Vriend')).toEqual(['Vriend', 'CJP']);
    expect(toTags(['Vriend', ' CJP', ''])).toEqual(['Vriend', 'CJP']);
    expect(toTags(null)).toEqual([]);
    expect(toTags(3)).toBe(3);
  });
});
