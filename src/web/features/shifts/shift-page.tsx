import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ShiftDetail } from '@/contract/shift';
import { EmptyState, ErrorState } from '../../components/page-states';
import { SectionCard } from '../../components/section-card';
import { isApiError } from '../../lib/api-error';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eurosOf } from '../../lib/money';
import { useCan } from '../../lib/use-can';
import { ReconciliationSection } from './reconciliation-section';
import { SaleStatus } from './sale-status';
import { ShiftBadges } from './shift-badges';
import { differenceKind, formatAtDesk } from './shift-model';
import { shiftQueries } from './shift-queries';
import { MethodTotalsTable, PerformanceTotalsTable } from './shift-tables';
import { shiftsMessages } from './shifts-messages';
import { SignOffDialog } from './sign-off-dialog';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text component="dt" size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </div>
  );
}

/** A loaded shift. */
function ShiftView({ detail }: { detail: ShiftDetail }) {
  const t = useMessages(shiftsMessages);
  const { locale } = useLocale();
  const mayOpenOrders = useCan('orders:read');
  const [signingOff, setSigningOff] = useState(false);
  const { shift, totals, zReport } = detail;
  const money = (cents: number) => formatMoney(eurosOf(cents), locale);
  const at = (value: string) => formatAtDesk(value, locale, shift.timeZone);
  const refusal = detail.signOffRefusal;

  return (
    <Stack gap="lg" maw={1200} data-testid="shift-page">
      <Stack gap={4}>
        <Anchor component={Link} to="/shifts" size="sm">
          ← {t('backToList')}
        </Anchor>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1}>{t('shiftNumber', { id: shift.id })}</Title>
          <ShiftBadges shift={shift} />
        </Group>
        <Group gap="xs" mt="xs">
          {detail.mayClose ? (
            <Button component={Link} to={`/shifts/${shift.id}/close`} data-testid="close-shift">
              {t('closeShift')}
            </Button>
          ) : null}
          {zReport ? (
            <Button component={Link} to={`/shifts/${shift.id}/z-report`} variant="light" data-testid="z-report-link">
              {t('zReport')}
            </Button>
          ) : null}
          {refusal === null ? (
            <Button onClick={() => setSigningOff(true)} data-testid="sign-off">
              {t('signOff')}
            </Button>
          ) : null}
        </Group>
        {shift.status === 'closed' && (refusal === 'own-shift' || refusal === 'closed-it') ? (
          <Text size="sm" c="dimmed" data-testid="sign-off-refusal">
            {t(`refusal:${refusal}`)}
          </Text>
        ) : null}
        {shift.pastMidnight && shift.status === 'open' ? (
          <Alert color="orange" variant="light" role="status">
            {t('pastMidnightHint')}
          </Alert>
        ) : null}
      </Stack>

      <SectionCard id="shift-fields" title={t('barLabel')}>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" m={0}>
          <Field label={t('fieldDesk')} testId="field-desk">
            {shift.desk.name}
          </Field>
          <Field label={t('fieldSeller')} testId="field-seller">
            {shift.seller.name ?? shift.seller.email}
          </Field>
          <Field label={t('fieldOpened')}>{at(shift.openedAt)}</Field>
          <Field label={t('fieldClosed')}>{shift.closedAt ? at(shift.closedAt) : t('stillOpen')}</Field>
          {shift.closedBy ? (
            <Field label={t('fieldClosedBy')}>{shift.closedBy.name ?? shift.closedBy.email}</Field>
          ) : null}
          <Field label={t('fieldFloat')}>
            <span className="foyer-tabular">{money(shift.openingFloatCents)}</span>
          </Field>
          <Field label={t('fieldSales')}>
            <span className="foyer-tabular">
              {t('salesSummary', { count: shift.salesCount, amount: money(shift.salesTotalCents) })}
            </span>
            {detail.lapsedSinceClose ? (
              <Text size="sm" className="foyer-warning-text" data-testid="lapsed-since-close">
                {t('lapsedSinceClose', {
                  count: detail.lapsedSinceClose.count,
                  amount: money(detail.lapsedSinceClose.amountCents),
                })}
              </Text>
            ) : null}
          </Field>
          {shift.differenceCents !== null ? (
            <Field label={t('fieldDifference')} testId="field-difference">
              <span className="foyer-tabular">
                {money(shift.differenceCents)} ({t(`difference:${differenceKind(shift.differenceCents)}`)})
              </span>
            </Field>
          ) : null}
          {zReport?.reason ? (
            <Field label={t('fieldReason')} testId="field-reason">
              {zReport.reason}
            </Field>
          ) : null}
          {shift.status !== 'open' ? (
            <Field label={t('fieldSignedOff')} testId="field-signed-off">
              {shift.signedOffBy && shift.signedOffAt
                ? t('signedOffBy', {
                    name: shift.signedOffBy.name ?? shift.signedOffBy.email ?? '?',
                    date: at(shift.signedOffAt),
                  })
                : t('notSignedOff')}
            </Field>
          ) : null}
          {detail.signOffNote ? <Field label={t('fieldSignOffNote')}>{detail.signOffNote}</Field> : null}
        </SimpleGrid>
      </SectionCard>

      <SectionCard id="shift-methods" title={t('totalsTitle')}>
        {shift.status === 'open' ? (
          <Text size="sm" c="dimmed" mb="xs">
            {t('totalsRunning')}
          </Text>
        ) : null}
        <MethodTotalsTable totals={totals} caption={t('totalsTitle')} />
      </SectionCard>

      <SectionCard id="shift-performances" title={t('performancesTitle')}>
        <PerformanceTotalsTable totals={totals} caption={t('performancesTitle')} />
      </SectionCard>

      <SectionCard id="shift-sales" title={t('salesTitle')}>
        {detail.sales.length === 0 ? (
          <Text c="dimmed">{t('noSales')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-labelledby="shift-sales" data-testid="shift-sales">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('columnOrder')}</Table.Th>
                  <Table.Th scope="col">{t('columnSoldAt')}</Table.Th>
                  <Table.Th scope="col">{t('columnMethod')}</Table.Th>
                  <Table.Th scope="col">{t('columnPayment')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('columnAmount')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody className="foyer-tabular">
                {detail.sales.map((sale) => (
                  <Table.Tr key={sale.orderId} data-testid="shift-sale">
                    <Table.Td>
                      {mayOpenOrders ? (
                        <Anchor component={Link} to={`/orders/${sale.orderId}`}>
                          {sale.orderId}
                        </Anchor>
                      ) : (
                        sale.orderId
                      )}
                    </Table.Td>
                    <Table.Td>{at(sale.soldAt)}</Table.Td>
                    <Table.Td>{sale.method ?? '—'}</Table.Td>
                    <Table.Td>
                      {sale.orderStatus ? (
                        <SaleStatus orderStatus={sale.orderStatus} paymentStatus={sale.paymentStatus} />
                      ) : (
                        t('notRead')
                      )}
                      {sale.withdrawn ? (
                        <Text size="xs" data-testid="sale-withdrawn">
                          {t('withdrawnSale')}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{sale.amountCents === null ? t('notRead') : money(sale.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </SectionCard>

      <ReconciliationSection shiftId={shift.id} />

      {signingOff ? <SignOffDialog shift={shift} onClose={() => setSigningOff(false)} /> : null}
    </Stack>
  );
}

/** Not found (or not visible), failed, loading, or the shift. */
export function ShiftLoad({ shiftId, children }: { shiftId: number; children: (detail: ShiftDetail) => ReactNode }) {
  const t = useMessages(shiftsMessages);
  const detail = useQuery({ ...shiftQueries.detail(shiftId), enabled: shiftId > 0 });
  if (shiftId <= 0 || (isApiError(detail.error) && detail.error.status === 404)) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          heading={1}
          title={t('notFound', { id: shiftId > 0 ? shiftId : '?' })}
          action={
            <Button component={Link} to="/shifts" variant="light">
              {t('backToList')}
            </Button>
          }
        >
          {t('notFoundHint')}
        </EmptyState>
      </Paper>
    );
  }
  if (detail.isError && !detail.data) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) {
    return (
      <Stack gap="lg" maw={1200} role="status" aria-label={t('barLoading')}>
        <Skeleton h={36} w="40%" />
        <Skeleton h={160} />
        <Skeleton h={200} />
      </Stack>
    );
  }
  return <>{children(detail.data)}</>;
}

export const shiftIdParam = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
};

/** `/shifts/:shiftId`: the shift with its totals, sales and reconciliation; sign-off for a second person. */
export function ShiftRoutePage() {
  const shiftId = shiftIdParam(useParams().shiftId);
  return <ShiftLoad shiftId={shiftId}>{(detail) => <ShiftView detail={detail} />}</ShiftLoad>;
}
