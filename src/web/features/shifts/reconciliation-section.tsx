import { Alert, Anchor, Button, Group, List, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Cancellation, ReconciledOrder, Reconciliation } from '@/contract/shift';
import { ErrorState } from '../../components/page-states';
import { formatMoney, formatTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eurosOf } from '../../lib/money';
import { useCan } from '../../lib/use-can';
import { SaleStatus } from './sale-status';
import { shiftQueries } from './shift-queries';
import { cancellationOrigin, shiftsMessages } from './shifts-messages';

function OrderRef({ orderId }: { orderId: number }) {
  const mayOpen = useCan('orders:read');
  return mayOpen ? (
    <Anchor component={Link} to={`/orders/${orderId}`}>
      {orderId}
    </Anchor>
  ) : (
    <span>{orderId}</span>
  );
}

/** An order's state (at the sale, or now): its statuses in the reader's words, and its amount. */
function OrderState({
  state,
  money,
  missing,
}: {
  state: ReconciledOrder['now'];
  money: (cents: number) => string;
  missing: string;
}) {
  if (!state) return missing;
  return (
    <Group gap={6} wrap="wrap">
      <SaleStatus orderStatus={state.orderStatus} paymentStatus={state.paymentStatus} />
      {state.amountCents === null ? null : <span>{money(state.amountCents)}</span>}
    </Group>
  );
}

function OrdersTable({ id, title, orders }: { id: string; title: string; orders: readonly ReconciledOrder[] }) {
  const t = useMessages(shiftsMessages);
  const { locale } = useLocale();
  const money = (cents: number) => formatMoney(eurosOf(cents), locale);
  if (orders.length === 0) return null;
  return (
    <Stack gap={4} data-testid={`recon-${id}`}>
      <Title order={3} size="h5" id={`recon-${id}-title`}>
        {title} ({orders.length})
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table aria-labelledby={`recon-${id}-title`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('columnOrder')}</Table.Th>
              <Table.Th scope="col">{t('columnMethod')}</Table.Th>
              {orders.some((order) => order.atSale) ? <Table.Th scope="col">{t('reconAtSale')}</Table.Th> : null}
              <Table.Th scope="col">{t('reconNow')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody className="foyer-tabular">
            {orders.map((order) => (
              <Table.Tr key={order.orderId} data-testid="recon-order" data-order-id={order.orderId}>
                <Table.Td>
                  <OrderRef orderId={order.orderId} />
                </Table.Td>
                <Table.Td>{order.method ?? '—'}</Table.Td>
                {orders.some((entry) => entry.atSale) ? (
                  <Table.Td>
                    <OrderState state={order.atSale} money={money} missing="—" />
                  </Table.Td>
                ) : null}
                <Table.Td>
                  <OrderState state={order.now} money={money} missing={t('reconMissing')} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The cancellations and refunds seen among the shift's sales and the other desk sales of its time. */
export function CancellationList({ cancellations }: { cancellations: readonly Cancellation[] }) {
  const t = useMessages(shiftsMessages);
  const { locale } = useLocale();
  return (
    <List size="sm" spacing={2} data-testid="cancellations">
      {cancellations.map((entry) => (
        <List.Item key={`${entry.orderId}:${entry.kind}`} data-testid="cancellation">
          <OrderRef orderId={entry.orderId} /> · {t(`cancel:${entry.kind}`)} ·{' '}
          <span className="foyer-tabular">{formatMoney(eurosOf(entry.amountCents), locale)}</span>
          {entry.method ? ` · ${entry.method}` : ''} · {t(cancellationOrigin(entry))}
        </List.Item>
      ))}
    </List>
  );
}

function Findings({ result }: { result: Reconciliation }) {
  const t = useMessages(shiftsMessages);
  const { locale } = useLocale();
  const clean =
    result.outsideFoyer.length === 0 &&
    result.changed.length === 0 &&
    result.withoutShift.length === 0 &&
    result.cancellations.length === 0;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('reconChecked', { count: result.ordersCompared, time: formatTime(result.checkedAt, locale) })}
      </Text>
      {result.complete ? null : (
        <Alert color="orange" variant="light" role="status">
          {t('reconIncomplete', { count: result.ordersCompared })}
        </Alert>
      )}
      {clean ? (
        <Alert color="green" variant="light" data-testid="recon-clean">
          {t('reconAllGood')}
        </Alert>
      ) : null}
      <OrdersTable id="outside" title={t('reconOutside')} orders={result.outsideFoyer} />
      <OrdersTable id="changed" title={t('reconChanged')} orders={result.changed} />
      <OrdersTable id="without-shift" title={t('reconWithoutShift')} orders={result.withoutShift} />
      {result.cancellations.length > 0 ? (
        <Stack gap={4}>
          <Title order={3} size="h5">
            {t('reconCancellations')} ({result.cancellations.length})
          </Title>
          <CancellationList cancellations={result.cancellations} />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The shift compared with the service's orders, read when the section shows (it reads pages of orders). */
export function ReconciliationSection({ shiftId }: { shiftId: number }) {
  const t = useMessages(shiftsMessages);
  const query = useQuery(shiftQueries.reconciliation(shiftId));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recon-title" data-testid="reconciliation">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id="recon-title">
          {t('reconTitle')}
        </Title>
        <Button variant="light" size="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('reconRefresh')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('reconIntro')}
      </Text>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('reconLoading')}>
          <Skeleton h={24} />
          <Skeleton h={24} />
        </Stack>
      ) : (
        <Findings result={query.data} />
      )}
    </Paper>
  );
}
