import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { Controller } from 'react-hook-form';
import { describeError } from '../../components/error-message';
import { MoneyInput } from '../../components/money-input';
import { SectionCard } from '../../components/section-card';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eurosOf } from '../../lib/money';
import { needsReason } from './close-shift-form';
import { differenceKind } from './shift-model';
import { shiftsMessages } from './shifts-messages';
import type { CloseShiftForm } from './use-close-shift-form';

function DifferenceLine({ label, cents, testId }: { label: string; cents: number | null; testId: string }) {
  const t = useMessages(shiftsMessages);
  const { locale } = useLocale();
  const kind = cents === null ? null : differenceKind(cents);
  return (
    <Group justify="space-between" gap="sm" data-testid={testId}>
      <Text size="sm">{label}</Text>
      {/* Said in words (short, over, matches), not only in a colour: readable in both schemes. */}
      <Text size="sm" fw={kind === 'even' ? 500 : 700} className="foyer-tabular">
        {cents === null || kind === null ? '—' : `${formatMoney(eurosOf(cents), locale)} (${t(`difference:${kind}`)})`}
      </Text>
    </Group>
  );
}

/** The count: cash in the drawer and the terminal's total, the difference as it is typed, and a reason for it. */
export function CloseCountSection({ closing }: { closing: CloseShiftForm }) {
  const t = useMessages(shiftsMessages);
  const app = useMessages(appMessages);
  const { form, close, difference, submit, stage, blindCount, keepBlindCount } = closing;
  const { locale } = useLocale();
  const money = (cents: number) => formatMoney(eurosOf(cents), locale);
  // The blind first count: the amounts only, nothing to compare them with yet.
  const counting = stage === 'count';
  const { errors } = form.formState;
  const conflict = isApiError(close.error) && close.error.kind === 'conflict';
  const unreadRefused = isApiError(close.error) && close.error.status === 503;
  const otherFailure =
    close.isError && !conflict && !unreadRefused && !(isApiError(close.error) && close.error.fieldErrors.reason);

  return (
    <SectionCard id="count-title" title={t('countTitle')}>
      <form
        onSubmit={(event) => {
          void submit(event);
        }}
        noValidate
        data-testid="close-shift-form"
      >
        <Stack gap="md">
          {conflict ? (
            <Alert color="orange" variant="light" role="alert">
              {t('closeChanged')}
            </Alert>
          ) : null}
          {keepBlindCount.isError && !(isApiError(keepBlindCount.error) && keepBlindCount.error.kind === 'conflict') ? (
            <Alert color="red" variant="light" role="alert">
              {describeError(keepBlindCount.error, app)}
            </Alert>
          ) : null}
          {otherFailure ? (
            <Alert color="red" variant="light" role="alert">
              {describeError(close.error, app)}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="countedCash"
              render={({ field }) => (
                <MoneyInput
                  label={t('countedCash')}
                  description={t('countedCashHint')}
                  required
                  autoFocus
                  error={errors.countedCash?.message}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  data-testid="counted-cash"
                />
              )}
            />
            <Controller
              control={form.control}
              name="countedCard"
              render={({ field }) => (
                <MoneyInput
                  label={t('countedCard')}
                  description={t('countedCardHint')}
                  required
                  error={errors.countedCard?.message}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  data-testid="counted-card"
                />
              )}
            />
          </SimpleGrid>
          {blindCount ? (
            <Text size="sm" data-testid="blind-count">
              {t('blindKept', { cash: money(blindCount.cashCents), card: money(blindCount.cardCents) })}
            </Text>
          ) : null}
          {counting ? null : (
            // Once the blind count is kept: the difference as typed, and its reason.
            <>
              <Stack
                gap={4}
                role="status"
                aria-live="polite"
                aria-label={t('differenceTitle')}
                data-testid="difference"
              >
                <DifferenceLine
                  label={t('differenceCash')}
                  cents={difference?.cashCents ?? null}
                  testId="difference-cash"
                />
                <DifferenceLine
                  label={t('differenceCard')}
                  cents={difference?.cardCents ?? null}
                  testId="difference-card"
                />
                <DifferenceLine
                  label={t('differenceTotal')}
                  cents={difference?.totalCents ?? null}
                  testId="difference-total"
                />
              </Stack>
              <Textarea
                label={t('reason')}
                description={t('reasonHint')}
                required={needsReason(difference)}
                autosize
                minRows={2}
                maxLength={500}
                error={errors.reason?.message}
                {...form.register('reason')}
                data-testid="close-reason"
              />
            </>
          )}
          <Group>
            {counting ? (
              <Button type="submit" loading={keepBlindCount.isPending} data-testid="blind-count-submit">
                {t('blindSubmit')}
              </Button>
            ) : (
              <Button type="submit" loading={close.isPending} data-testid="close-submit">
                {t('closeSubmit')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
