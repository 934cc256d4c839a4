import { describe, expect, it } from 'vitest';
import { isGeneralAdmission, seatPlanSchema } from './seat-plan';

describe('seatPlanSchema', () => {
  it('reads the reference service shape', () => {
    const plan = seatPlanSchema.parse({
      eventId: 5,
      hallId: 2,
      priceLevels: [{ priceId: '7', rankId: 1, name: 'Normaal', amount: 42.5 }],
      sections: [
        {
          sectionId: 1,
          sectionName: 'Parterre',
          rows: [{ rowNr: 1, seats: [{ seatId: '101', seatNr: 1, rankId: 1, available: true }] }],
        },
      ],
      available: 1,
    });
    expect(plan.sections[0]?.rows[0]?.seats[0]).toEqual({ seatId: '101', seatNr: 1, rankId: 1, available: true });
    expect(plan.priceLevels[0]?.amount).toBe(42.5);
    expect(isGeneralAdmission(plan.sections[0]!)).toBe(false);
  });

  it('accepts numbers as strings, a numeric seat id, loose flags and a general-admission section with rows: null', () => {
    const plan = seatPlanSchema.parse({
      eventId: '5',
      hallId: '2',
      priceLevels: [{ priceId: 7, rankId: '1', name: 'Staand', amount: '19,50' }],
      sections: [
        { sectionId: '3', sectionName: 'Zaal', rows: null },
        {
          sectionId: 4,
          sectionName: 'Balkon',
          rows: [{ rowNr: '2', seats: [{ seatId: 900, seatNr: '4', rankId: 1, available: '0' }] }],
        },
      ],
      available: '250',
    });
    expect(plan.eventId).toBe(5);
    expect(plan.priceLevels[0]).toEqual({ priceId: '7', rankId: 1, name: 'Staand', amount: 19.5 });
    expect(isGeneralAdmission(plan.sections[0]!)).toBe(true);
    expect(plan.sections[1]?.rows[0]?.seats[0]).toEqual({ seatId: '900', seatNr: 4, rankId: 1, available: false });
    expect(plan.available).toBe(250);
  });

  it('refuses a seat without an id', () => {
    const result = seatPlanSchema.safeParse({
      eventId: 1,
      hallId: 1,
      priceLevels: [],
      sections: [
        { sectionId: 1, sectionName: 'A', rows: [{ rowNr: 1, seats: [{ seatNr: 1, rankId: 1, available: true }] }] },
      ],
      available: 0,
    });
    expect(result.success).toBe(false);
  });
});
