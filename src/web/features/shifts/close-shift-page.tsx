import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import type { ShiftDetail } from '../../../contract/shift';
import { describeError } from '../../components/error-message';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { MoneyInput } from './money-input';
import { CancellationList } from './reconciliation-section';
import { ShiftBadges } from './shift-badges';
import { centsOf, countDifference, differenceKind, eurosOf, formatAtDesk } from './shift-model';
import { ShiftLoad, shiftIdParam } from './shift-page';
import { shiftQueries, useCloseShift } from './shift-queries';
import { MethodTotalsTable } from './shift-tables';
import { shiftsMessages } from './shifts-messages';
import './shifts.css';

interface CloseValues {
  countedCash: number | string;
  countedCard: number | string;
  reason: string;
}

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

function CloseShiftView({ detail }: { detail: ShiftDetail }) {
  const t = useMessages(shiftsMessages);
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { shift, totals } = detail;
  const close = useCloseShift(shift.id);
  const detailQuery = useQuery(shiftQueries.detail(shift.id));
  const reconciliation = useQuery({ ...shiftQueries.reconciliation(shift.id), enabled: shift.status === 'open' });
  const money = (cents: number) => formatMoney(eurosOf(cents), locale);
  const expected = { cashCents: totals.expected.cashCents, cardCents: totals.expected.cardCents };
  const cashSales = totals.expected.cashCents - shift.openingFloatCents;

  const schema = z
    .object({
      countedCash: z
        .union([z.number(), z.string()])
        .refine((value) => value !== '', t('amountRequired'))
        .refine((value) => value === '' || centsOf(value) !== null, t('amountInvalid')),
      countedCard: z
        .union([z.number(), z.string()])
        .refine((value) => value !== '', t('amountRequired'))
        .refine((value) => value === '' || centsOf(value) !== null, t('amountInvalid')),
      reason: z.string().max(500, t('reasonTooLong')),
    })
    .superRefine((values, context) => {
      const difference = countDifference(expected, {
        cashCents: centsOf(values.countedCash),
        cardCents: centsOf(values.countedCard),
      });
      // Any difference, even one that the other cancels out in the total, is explained.
      if (difference && (difference.cashCents !== 0 || difference.cardCents !== 0) && values.reason.trim() === '') {
        context.addIssue({ code: 'custom', path: ['reason'], message: t('reasonRequired') });
      }
    });
  const form = useForm<CloseValues>({
    resolver: zodResolver(schema),
    defaultValues: { countedCash: '', countedCard: '', reason: '' },
  });
  const [countedCash, countedCard] = useWatch({ control: form.control, name: ['countedCash', 'countedCard'] });
  const difference = countDifference(expected, { cashCents: centsOf(countedCash), cardCents: centsOf(countedCard) });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    close.mutate(
      {
        countedCashCents: centsOf(values.countedCash) ?? 0,
        countedCardCents: centsOf(values.countedCard) ?? 0,
        ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
        expectedCashCents: expected.cashCents,
        expectedCardCents: expected.cardCents,
      },
      {
        onSuccess: () => void navigate(`/shifts/${shift.id}/z-report`),
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors.reason) {
            form.setError('reason', { type: 'server', message: t('reasonRequired') });
            form.setFocus('reason');
          }
          // The expected totals moved (a sale came in): read them again.
          if (isApiError(error) && error.kind === 'conflict') void detailQuery.refetch();
        },
      },
    ),
  );

  if (shift.status !== 'open') {
    return (
      <Stack gap="md" maw={760}>
        <Title order={1}>{t('closeTitle', { id: shift.id })}</Title>
        <Alert color="blue" variant="light" role="status">
          <Group gap="sm">
            <Text size="sm">{t('closeAlready')}</Text>
            <Anchor component={Link} to={`/shifts/${shift.id}/z-report`} size="sm">
              {t('zReport')}
            </Anchor>
          </Group>
        </Alert>
      </Stack>
    );
  }
  if (!detail.mayClose) {
    return (
      <Stack gap="md" maw={760}>
        <Title order={1}>{t('closeTitle', { id: shift.id })}</Title>
        <Alert color="orange" variant="light" role="alert">
          {t('closeNotAllowed')}
        </Alert>
      </Stack>
    );
  }

  const conflict = isApiError(close.error) && close.error.kind === 'conflict';
  const unreadRefused = isApiError(close.error) && close.error.status === 503;
  const otherFailure =
    close.isError && !conflict && !unreadRefused && !(isApiError(close.error) && close.error.fieldErrors.reason);
  const cancellations = reconciliation.data?.cancellations ?? [];

  return (
    <Stack gap="lg" maw={960} data-testid="close-shift-page">
      <Stack gap={4}>
        <Anchor component={Link} to={`/shifts/${shift.id}`} size="sm">
          ← {t('viewShift')}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1}>{t('closeTitle', { id: shift.id })}</Title>
          <ShiftBadges shift={shift} />
        </Group>
        <Text size="sm" c="dimmed">
          {shift.desk.name} · {shift.seller.name ?? shift.seller.email} · {t('fieldOpened')}{' '}
          {formatAtDesk(shift.openedAt, locale, shift.timeZone)}
        </Text>
        <Text size="sm">{t('closeIntro')}</Text>
      </Stack>

      {totals.unread > 0 || unreadRefused ? (
        <Alert color="orange" variant="light" role="status">
          <Group gap="sm" justify="space-between">
            <Text size="sm">{t('closeUnread')}</Text>
            <Button size="compact-sm" variant="white" onClick={() => void detailQuery.refetch()}>
              {app('errorRetry')}
            </Button>
          </Group>
        </Alert>
      ) : null}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="expected-title">
        <Title order={2} size="h4" id="expected-title" mb="sm">
          {t('expectedTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="md">
          <div data-testid="expected-cash">
            <Text size="xs" c="dimmed" fw={500}>
              {t('expectedCash')}
            </Text>
            <Text size="xl" fw={700} className="foyer-tabular">
              {money(expected.cashCents)}
            </Text>
            <Text size="xs" c="dimmed">
              {t('expectedCashDetail', { float: money(shift.openingFloatCents), sales: money(cashSales) })}
            </Text>
          </div>
          <div data-testid="expected-card">
            <Text size="xs" c="dimmed" fw={500}>
              {t('expectedCard')}
            </Text>
            <Text size="xl" fw={700} className="foyer-tabular">
              {money(expected.cardCents)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={500}>
              {t('expectedOther')}
            </Text>
            <Text size="xl" fw={700} className="foyer-tabular">
              {money(totals.expected.onlineCents + totals.expected.otherCents)}
            </Text>
          </div>
        </SimpleGrid>
        <MethodTotalsTable totals={totals} caption={t('totalsTitle')} />
      </Paper>

      {cancellations.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          title={t('reconCancellations')}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Stack gap="xs">
            <Text size="sm">{t('seenCancellations')}</Text>
            <CancellationList cancellations={cancellations} />
          </Stack>
        </Alert>
      ) : null}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="count-title">
        <Title order={2} size="h4" id="count-title" mb="sm">
          {t('countTitle')}
        </Title>
        <form
          onSubmit={(event) => {
            void submit(event);
          }}
          noValidate
          data-testid="close-shift-form"
          className="foyer-shift-form"
        >
          <Stack gap="md">
            {conflict ? (
              <Alert color="orange" variant="light" role="alert">
                {t('closeChanged')}
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
            <Stack gap={4} role="status" aria-live="polite" aria-label={t('differenceTitle')} data-testid="difference">
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
              required={Boolean(difference && (difference.cashCents !== 0 || difference.cardCents !== 0))}
              autosize
              minRows={2}
              maxLength={500}
              error={errors.reason?.message}
              {...form.register('reason')}
              data-testid="close-reason"
            />
            <Group>
              <Button type="submit" loading={close.isPending} data-testid="close-submit">
                {t('closeSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

/** `/shifts/:shiftId/close`: the close-out — expected per method, counted cash and terminal total, difference, reason. */
export function CloseShiftRoutePage() {
  const shiftId = shiftIdParam(useParams().shiftId);
  return <ShiftLoad shiftId={shiftId}>{(detail) => <CloseShiftView detail={detail} />}</ShiftLoad>;
}
