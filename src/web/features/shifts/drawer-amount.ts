import { z } from 'zod';
import { MAX_CENTS } from '@/contract/shift';
import type { Translate } from '../../lib/i18n';
import { centsOf } from '../../lib/money';
import type { ShiftsMessageKey } from './shifts-messages';

/**
 * An amount of the drawer as typed: required, 0 or more (a minus typed stays in the field and is refused here: the
 * field used to drop it, and "-50" opened a shift with € 50), and within the gateway's limit.
 */
export const drawerAmount = (t: Translate<ShiftsMessageKey>) =>
  z
    .union([z.number(), z.string()])
    .refine((value) => value !== '', t('amountRequired'))
    .refine((value) => {
      if (value === '') return true;
      const cents = centsOf(value);
      return cents !== null && cents <= MAX_CENTS;
    }, t('amountInvalid'));
