import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { centsOf } from '../../lib/money';
import {
  type CloseValues,
  type CountCents,
  closeShiftBody,
  closeShiftSchema,
  countOf,
  type ExpectedCounts,
} from './close-shift-form';
import { countDifference } from './shift-model';
import { useCloseShift } from './shift-queries';
import { localShiftMessage } from './shift-request-messages';
import { shiftsMessages } from './shifts-messages';

/**
 * The close-out form of a shift: the count as typed, its difference from what is expected, and the close
 * request, which opens the Z report once done. `onExpectedMoved` reads the shift again when the gateway
 * refuses the close because a sale came in.
 *
 * `blind` (the seller closing their own shift): the first count is made before the expected totals are shown
 * (`stage` 'count'); `recordBlindCount` keeps it and shows them ('review'), and the close sends it along, for the
 * Z-report to keep beside the final count. A count made while the expected amount is in view drifts towards it.
 */
export function useCloseShiftForm(
  shiftId: number,
  expected: ExpectedCounts,
  onExpectedMoved: () => void,
  blind = false,
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
  const [blindCount, setBlindCount] = useState<CountCents | null>(null);
  const stage: 'count' | 'review' = blind && blindCount === null ? 'count' : 'review';

  /** Both amounts valid: kept as the blind count, and the expected totals are shown. */
  const recordBlindCount = async () => {
    if (!(await form.trigger(['countedCash', 'countedCard'], { shouldFocus: true }))) return false;
    setBlindCount(countOf(form.getValues()));
    return true;
  };

  const submit = form.handleSubmit((values) =>
    close.mutate(closeShiftBody(values, expected, blindCount), {
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

  return { form, close, difference, submit, stage, blindCount, recordBlindCount };
}

export type CloseShiftForm = ReturnType<typeof useCloseShiftForm>;
