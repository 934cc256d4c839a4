import { Alert, Badge, Button, Group, Paper, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eurosOf } from '../../lib/money';
import { PairScreenButton } from '../display/public';
import { formatAtDesk } from './shift-model';
import { shiftKeys, shiftQueries } from './shift-queries';
import { shiftsMessages } from './shifts-messages';

const OpenShiftDialog = lazy(async () => ({ default: (await import('./open-shift-dialog')).OpenShiftDialog }));

/**
 * The seller's shift at the top of the box office: none open (with "open a shift"), or the open one with its
 * desk, float and running totals, and the way to close it. `saleKey` names the sale just completed and how its
 * payment stands: the totals are read again when it changes (a sale made, an online payment paid or cancelled).
 */
export function ShiftBar({ saleKey }: { saleKey?: string | null }) {
  const t = useMessages(shiftsMessages);
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const current = useQuery(shiftQueries.current());
  const [opening, setOpening] = useState(false);
  const barRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (saleKey) void queryClient.invalidateQueries({ queryKey: shiftKeys.current() });
  }, [saleKey, queryClient]);
  const money = (cents: number) => formatMoney(eurosOf(cents), locale);

  let content: ReactNode;
  if (current.isPending) {
    content = (
      <Text size="sm" c="dimmed" role="status">
        {t('barLoading')}
      </Text>
    );
  } else if (current.isError) {
    content = (
      <Alert color="red" variant="light" p="xs" role="alert">
        <Group gap="sm" justify="space-between">
          <Text size="sm">{describeError(current.error, app)}</Text>
          <Button size="compact-sm" variant="white" color="red" onClick={() => void current.refetch()}>
            {app('errorRetry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (!current.data.shift || !current.data.totals) {
    content = (
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div>
          <Text fw={600} size="sm" data-testid="shift-bar-status">
            {t('noShift')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('noShiftHint')}
          </Text>
        </div>
        <Button size="sm" onClick={() => setOpening(true)} data-testid="open-shift">
          {t('openShift')}
        </Button>
      </Group>
    );
  } else {
    const { shift, totals } = current.data;
    content = (
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
        <div>
          <Group gap="xs" wrap="wrap">
            <Badge color="blue" variant="dot" tt="none">
              {t('status:open')}
            </Badge>
            <Text fw={600} size="sm" data-testid="shift-bar-status">
              {t('shiftNumber', { id: shift.id })} · {shift.desk.name} ·{' '}
              {t('since', { time: formatAtDesk(shift.openedAt, locale, shift.timeZone, 'time') })} ·{' '}
              {t('float', { amount: money(shift.openingFloatCents) })}
            </Text>
            {shift.pastMidnight ? (
              <Badge
                color="red.9"
                variant="filled"
                tt="none"
                title={t('pastMidnightHint')}
                data-testid="shift-past-midnight"
              >
                {t('pastMidnight')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" mt={4} className="foyer-tabular" data-testid="shift-bar-totals">
            {/* What was sold, not what the drawer should hold: the seller counts it blind at the close. */}
            {totals.count === 1 ? t('salesCountOne') : t('salesCount', { count: totals.count })} · {t('soldInShift')}:{' '}
            <strong data-testid="shift-sold-total">{money(totals.amountCents)}</strong>
            {/* A payment link not used yet may still lapse: said apart (it read as money taken). */}
            {totals.awaiting && totals.awaiting.count > 0 ? (
              <span data-testid="shift-awaiting">
                {` (${t('awaitingPayment', { amount: money(totals.awaiting.amountCents) })})`}
              </span>
            ) : null}
            {totals.unread > 0 ? ` · ${t('unread', { count: totals.unread })}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          {shift.salesPointId !== null ? (
            <PairScreenButton salesPoint={{ id: shift.salesPointId, name: shift.desk.name }} />
          ) : null}
          <Button component={Link} to={`/shifts/${shift.id}`} variant="default" size="sm">
            {t('viewShift')}
          </Button>
          <Button component={Link} to={`/shifts/${shift.id}/close`} size="sm" data-testid="close-shift">
            {t('closeShift')}
          </Button>
        </Group>
      </Group>
    );
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-label={t('barLabel')}
      data-testid="shift-bar"
      ref={barRef}
      tabIndex={-1}
    >
      {content}
      {opening ? (
        <Suspense fallback={null}>
          <OpenShiftDialog
            onClose={(opened) => {
              setOpening(false);
              // Its button is gone with the shift opened: the focus goes to the bar, which now tells the shift
              // (it fell to the page).
              if (opened) window.requestAnimationFrame(() => barRef.current?.focus());
            }}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}
