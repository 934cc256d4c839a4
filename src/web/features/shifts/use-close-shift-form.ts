import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { centsOf } from '../../lib/money';
import { type CloseValues, closeShiftBody, closeShiftSchema, type ExpectedCounts } from './close-shift-form';
import { countDifference } from './shift-model';
import { useCloseShift } from './shift-queries';
import { localShiftMessage } from './shift-request-messages';
import { shiftsMessages } from './shifts-messages';

/**
 * The close-out form of a shift: the count as typed, its difference from what is expected, and the close
 * request, which opens the Z report once done. `onExpectedMoved` reads the shift again when the gateway
 * refuses the close because a sale came in.
 */
export function useCloseShiftForm(shiftId: number, expected: ExpectedCounts, onExpectedMoved: () => void) {
  const t = useMessages(shiftsMessages);
  const navigate = useNavigate();
  const close = useCloseShift(shiftId);
  const form = useForm<CloseValues>({
    resolver: localizedResolver(closeShiftSchema(t, expected), (message) => localShiftMessage(message, t)),
    defaultValues: { countedCash: '', countedCard: '', reason: '' },
  });
  const [countedCash, countedCard] = useWatch({ control: form.control, name: ['countedCash', 'countedCard'] });
  const difference = countDifference(expected, { cashCents: centsOf(countedCash), cardCents: centsOf(countedCard) });

  const submit = form.handleSubmit((values) =>
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

  return { form, close, difference, submit };
}

export type CloseShiftForm = ReturnType<typeof useCloseShiftForm>;
