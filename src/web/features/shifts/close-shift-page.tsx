import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ShiftDetail } from '@/contract/shift';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useLocale, useMessages } from '../../lib/i18n';
import { sessionQuery } from '../../lib/session';
import { CashUpDrawerButton } from '../printing/public';
import { CloseCountSection } from './close-count-section';
import { ExpectedTotalsSection } from './expected-totals-section';
import { CancellationList } from './reconciliation-section';
import { ShiftBadges } from './shift-badges';
import { formatAtDesk } from './shift-model';
import { ShiftLoad, shiftIdParam } from './shift-page';
import { shiftQueries } from './shift-queries';
import { shiftsMessages } from './shifts-messages';
import { useCloseShiftForm } from './use-close-shift-form';
import './shifts.css';

function CloseShiftView({ detail }: { detail: ShiftDetail }) {
  const t = useMessages(shiftsMessages);
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const { shift, totals } = detail;
  const detailQuery = useQuery(shiftQueries.detail(shift.id));
  const reconciliation = useQuery({ ...shiftQueries.reconciliation(shift.id), enabled: shift.status === 'open' });
  const { data: session } = useQuery(sessionQuery);
  const expected = { cashCents: totals.expected.cashCents, cardCents: totals.expected.cardCents };
  // The seller counts their own drawer blind first; a reviewer closing a shift left open counts with it in view.
  // Blind until the session says whose page this is: nothing expected flashes by.
  const blind = !session || session.person.id === shift.seller.accountId;
  const closing = useCloseShiftForm(shift.id, expected, () => void detailQuery.refetch(), {
    blind,
    blindCount: detail.blindCount,
  });
  const counting = closing.stage === 'count';

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

  const unreadRefused = isApiError(closing.close.error) && closing.close.error.status === 503;
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
        <Text size="sm" data-testid="close-intro">
          {counting ? t('blindIntro') : t('closeIntro')}
        </Text>
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

      {counting ? null : <ExpectedTotalsSection detail={detail} />}

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

      {/* The drawer is the seller's own sales point's: a reviewer closing someone's shift is not at it. */}
      {shift.salesPointId !== null && session?.person.id === shift.seller.accountId ? <CashUpDrawerButton /> : null}
      <CloseCountSection closing={closing} />
    </Stack>
  );
}

/** `/shifts/:shiftId/close`: the close-out — expected per method, counted cash and terminal total, difference, reason. */
export function CloseShiftRoutePage() {
  const shiftId = shiftIdParam(useParams().shiftId);
  return <ShiftLoad shiftId={shiftId}>{(detail) => <CloseShiftView detail={detail} />}</ShiftLoad>;
}
