import type { BaseSyntheticEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { BlindCount } from '@/contract/shift';
import { isApiError } from '../../lib/api-error';
import { useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { centsOf } from '../../lib/money';
import { type CloseValues, closeShiftBody, closeShiftSchema, countOf, type ExpectedCounts } from './close-shift-form';
import { countDifference } from './shift-model';
import { useCloseShift, useRecordBlindCount } from './shift-queries';
import { localShiftMessage } from './shift-request-messages';
import { shiftsMessages } from './shifts-messages';

/** The heading of the expected totals (expected-totals-section.tsx), focused once they appear. */
export const EXPECTED_HEADING_ID = 'expected-title';

/**
 * The close-out form of a shift: the count as typed, its difference from what is expected, and the close
 * request, which opens the Z report once done. `onExpectedMoved` reads the shift again when the gateway
 * refuses the close because a sale came in.
 *
 * `blind` (the seller closing their own shift): the first count is made before the expected totals are shown
 * (`stage` 'count'); `recordBlindCount` has the gateway keep it (`blindCount`, from then on in the shift's detail,
 * a reload included) and the expected totals are shown ('review'); the close puts it on the Z-report beside the
 * final count. A count made while the expected amount is in view drifts towards it.
 */
export function useCloseShiftForm(
  shiftId: number,
  expected: ExpectedCounts,
  onExpectedMoved: () => void,
  { blind, blindCount }: { blind: boolean; blindCount: BlindCount | null },
) {
  const t = useMessages(shiftsMessages);
  const navigate = useNavigate();
  const close = useCloseShift(shiftId);
  const form = useForm<CloseValues>({
    resolver: localizedResolver(closeShiftSchema(t, expected), (message) => localShiftMessage(message, t)),
    defaultValues: { countedCash: '', countedCard: '', reason: '' },
  });
  const [countedCash, countedCard] = useWatch({ control: form.control, name: ['countedCash', 'countedCard'] });
  const difference = countDifference(expected, { cashCents: centsOf(countedCash), cardCents: centsOf(countedCard) });
  const keepBlindCount = useRecordBlindCount(shiftId);
  const stage: 'count' | 'review' = blind && blindCount === null ? 'count' : 'review';

  /** Both amounts valid: kept by the gateway as the blind count; the expected totals are shown once it is. */
  const recordBlindCount = async () => {
    if (keepBlindCount.isPending || !(await form.trigger(['countedCash', 'countedCard'], { shouldFocus: true }))) {
      return;
    }
    keepBlindCount.mutate(countOf(form.getValues()), {
      // The expected amounts appear with the answer: the reader is taken to them, once they are drawn.
      onSuccess: () => window.setTimeout(() => document.getElementById(EXPECTED_HEADING_ID)?.focus(), 0),
    });
  };

  const closeShift = form.handleSubmit((values) =>
    close.mutate(closeShiftBody(values, expected), {
      onSuccess: () => void navigate(`/shifts/${shiftId}/z-report`),
      onError: (error) => {
        if (isApiError(error) && error.fieldErrors.reason) {
          form.setError('reason', { type: 'server', message: t('reasonRequired') });
          form.setFocus('reason');
        }
        // The expected totals moved (a sale came in): read them again.
        if (isApiError(error) && error.kind === 'conflict') onExpectedMoved();
      },
    }),
  );

  /** The form's one submit: the blind count while counting (the amounts alone), then the close. */
  const submit = (event?: BaseSyntheticEvent) => {
    if (stage === 'review') return closeShift(event);
    event?.preventDefault();
    return recordBlindCount();
  };

  return { form, close, difference, submit, stage, blindCount, keepBlindCount };
}

export type CloseShiftForm = ReturnType<typeof useCloseShiftForm>;
