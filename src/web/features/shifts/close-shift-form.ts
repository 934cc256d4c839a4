import { z } from 'zod';
import { type CloseShiftBody, closeShiftBodySchema } from '@/contract/shift';
import type { Translate } from '../../lib/i18n';
import { centsOf } from '../../lib/money';
import { drawerAmount } from './drawer-amount';
import { countDifference } from './shift-model';
import type { ShiftsMessageKey } from './shifts-messages';

/** The close-out form as typed: the counted amounts are Mantine's number-input values (a number, or ''). */
export interface CloseValues {
  countedCash: number | string;
  countedCard: number | string;
  reason: string;
}

/** What the drawer and the terminal should hold: the gateway's expected cash and card totals. */
export interface ExpectedCounts {
  cashCents: number;
  cardCents: number;
}

/** Any difference, even one that the other cancels out in the total, is explained. */
export const needsReason = (difference: ReturnType<typeof countDifference>) =>
  Boolean(difference && (difference.cashCents !== 0 || difference.cardCents !== 0));

/**
 * Both amounts counted and readable; a reason within the gateway's limit (its text: localShiftMessage),
 * required for any difference.
 */
export function closeShiftSchema(t: Translate<ShiftsMessageKey>, expected: ExpectedCounts) {
  return z
    .object({
      countedCash: drawerAmount(t),
      countedCard: drawerAmount(t),
      reason: closeShiftBodySchema.shape.reason.unwrap(),
    })
    .superRefine((values, context) => {
      const difference = countDifference(expected, {
        cashCents: centsOf(values.countedCash),
        cardCents: centsOf(values.countedCard),
      });
      if (needsReason(difference) && values.reason.trim() === '') {
        context.addIssue({ code: 'custom', path: ['reason'], message: t('reasonRequired') });
      }
    });
}

/** A count in cents: the drawer's cash and the card terminal's total. */
export interface CountCents {
  cashCents: number;
  cardCents: number;
}

/** The counted amounts of valid values, in cents. */
export const countOf = (values: Pick<CloseValues, 'countedCash' | 'countedCard'>): CountCents => ({
  cashCents: centsOf(values.countedCash) ?? 0,
  cardCents: centsOf(values.countedCard) ?? 0,
});

/** The close request from valid values, with the expected totals the count was made against. */
export function closeShiftBody(values: CloseValues, expected: ExpectedCounts): CloseShiftBody {
  const counted = countOf(values);
  return {
    countedCashCents: counted.cashCents,
    countedCardCents: counted.cardCents,
    ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
    expectedCashCents: expected.cashCents,
    expectedCardCents: expected.cardCents,
  };
}
