import { describe, expect, it } from 'vitest';
import { closeShiftBody, closeShiftSchema, needsReason } from './close-shift-form';
import { localShiftMessage } from './shift-request-messages';

const t = (key: string) => key;
const expected = { cashCents: 15_000, cardCents: 4_250 };
const issues = (values: { countedCash: number | string; countedCard: number | string; reason: string }) => {
  const result = closeShiftSchema(t, expected).safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('close-out form', () => {
  it('takes a count that matches without a reason', () => {
    expect(issues({ countedCash: 150, countedCard: 42.5, reason: '' })).toEqual([]);
  });

  it('refuses a negative amount and one beyond the limit, as typed (the field no longer drops the minus)', () => {
    expect(issues({ countedCash: '-50', countedCard: 42.5, reason: '' })).toEqual(['countedCash: amountInvalid']);
    expect(issues({ countedCash: 150, countedCard: 1_000_000.01, reason: 'Telfout' })).toEqual([
      'countedCard: amountInvalid',
    ]);
  });

  it('asks for both amounts', () => {
    expect(issues({ countedCash: '', countedCard: 42.5, reason: '' })).toEqual(['countedCash: amountRequired']);
  });

  it("keeps the reason within the gateway's limit, with the contract's text (localShiftMessage reads it)", () => {
    expect(issues({ countedCash: 150, countedCard: 42.5, reason: 'x'.repeat(501) })).toEqual([
      'reason: At most 500 characters',
    ]);
    expect(localShiftMessage('At most 500 characters', t)).toBe('reasonTooLong');
    expect(localShiftMessage('amountRequired', t)).toBe('amountRequired');
  });

  it('asks for a reason for any difference, even one the other method cancels out', () => {
    expect(issues({ countedCash: 151, countedCard: 41.5, reason: ' ' })).toEqual(['reason: reasonRequired']);
    expect(issues({ countedCash: 151, countedCard: 41.5, reason: 'Change given from the card' })).toEqual([]);
  });

  it('needs a reason only once both amounts are counted and one differs', () => {
    expect(needsReason(null)).toBe(false);
    expect(needsReason({ cashCents: 0, cardCents: 0, totalCents: 0 })).toBe(false);
    expect(needsReason({ cashCents: 100, cardCents: -100, totalCents: 0 })).toBe(true);
  });

  it('sends the count in cents, a trimmed reason only when there is one, and the expected totals', () => {
    expect(closeShiftBody({ countedCash: 150, countedCard: '42.5', reason: '  ' }, expected)).toEqual({
      countedCashCents: 15_000,
      countedCardCents: 4_250,
      expectedCashCents: 15_000,
      expectedCardCents: 4_250,
    });
    expect(closeShiftBody({ countedCash: 149, countedCard: 42.5, reason: ' short ' }, expected).reason).toBe('short');
  });
});
