import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isPrintableOrder } from '@/contract/order-printing';
import { EmptyState, ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../lib/i18n';
import { buyerQueries } from '../../lib/queries/buyer-queries';
import { eventQueries } from '../../lib/queries/event-queries';
import { orderQueries } from '../../lib/queries/order-queries';
import { customerName as buyerNameOf } from '../../lib/schemas/customer';
import { customerName, type OrderExport } from '../../lib/schemas/order';
import { useCan } from '../../lib/use-can';
import { OrderCustomerNotes } from '../customer-notes/public';
import { orderPageMessages } from './order-page-messages';
import { OrderStatusBadge, PaymentStatusBadge, useChannelLabel } from './order-parts';
import { PublicLinks } from './order-public-links';
import { SeatsTable } from './order-seats-table';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './order-status';
import { ordersMessages } from './orders-messages';
import { salesQueries } from './sales-queries';
import { useOrderLines } from './use-order-lines';
import './orders.css';
import { SectionCard } from '../../components/section-card';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** The service's own code beside a status Foyer names (an unknown one is shown as its code alone). */
function StatusCode({ code }: { code: string }) {
  const t = useMessages(orderPageMessages);
  return (
    <Text component="span" size="xs" c="dimmed">
      ({t('statusCode', { code })})
    </Text>
  );
}

export function OrderPage({ orderId }: { orderId: number }) {
  const t = useMessages(orderPageMessages);
  const ts = useMessages(ordersMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const mayOpenCustomers = useCan('customers:read');
  // The public order status (tickets and receipt links): for whoever reads orders, and the desk that sold it.
  const mayReadLinks = useCan('orders:read', 'sales:sell');
  const readsOrders = useCan('orders:read', 'reports:read');
  const sells = useCan('sales:sell');
  const mayListOrders = useCan('orders:read');
  // A seller opens their own shifts, a reviewer anyone's (the gateway answers 404 to a seller for another's).
  const mayOpenShifts = useCan('shifts:review', 'sales:sell');
  const channelLabel = useChannelLabel();
  const detail = useQuery(orderQueries.detail(orderId));
  const lines = useOrderLines(detail.data);
  // Without the orders' export (the box office), the buyer is named by their summary, which a seller may read.
  const buyerId = detail.data?.customerId ?? null;
  const buyer = useQuery({
    ...buyerQueries.summary(buyerId ?? 0),
    enabled: buyerId !== null && !lines.isPending && !lines.data?.user,
  });
  const allEvents = useQuery(eventQueries.everyDate());
  // Sold by (from the gateway's audit trail): only for orders sold through Foyer.
  const sales = useQuery({ ...salesQueries.forOrders([orderId]), enabled: mayReadLinks });
  const sale = sales.data?.get(orderId);
  // The print view's data (desk-routes.ts): any order for order readers; a seller prints the sales made in Foyer.
  const mayPrint = readsOrders || (sells && Boolean(sale));
  const events = new Map((allEvents.data ?? []).map((event) => [event.eventId, event]));

  if (detail.isError && isApiError(detail.error) && detail.error.status === 404) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          heading={1}
          title={t('orderNotFound', { id: orderId })}
          action={
            <Button component={Link} to="/orders" variant="light">
              {ts('backToList')}
            </Button>
          }
        >
          {t('orderNotFoundHint')}
        </EmptyState>
      </Paper>
    );
  }
  if (detail.isError && !detail.data) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) {
    return (
      <Stack gap="lg" maw={1200} aria-hidden="true">
        <Skeleton h={36} w="40%" />
        <Skeleton h={200} />
        <Skeleton h={160} />
      </Stack>
    );
  }

  const order = detail.data;
  const row: OrderExport | null | undefined = lines.data;
  const buyerName = row?.user ? customerName(row.user) : buyer.data ? buyerNameOf(buyer.data) : '';
  const status = ORDER_STATUSES[order.orderStatus];
  const payment = PAYMENT_STATUSES[order.orderPaymentStatus];
  const date = (value: string | null) =>
    value ? <time dateTime={value}>{formatDateTime(value, locale)}</time> : t('notApplicable');
  const pendingExport = lines.isPending ? <Skeleton h={18} w={80} display="inline-block" /> : '–';

  return (
    <Stack gap="lg" maw={1200} data-testid="order-page">
      <Stack gap={4}>
        {mayListOrders ? (
          <Anchor component={Link} to="/orders" size="sm">
            ← {ts('backToList')}
          </Anchor>
        ) : (
          <Anchor component={Link} to="/reservations" size="sm">
            ← {t('backToReservations')}
          </Anchor>
        )}
        <Group gap="sm" align="center">
          <Title order={1}>{t('orderTitle', { id: order.orderId })}</Title>
          <OrderStatusBadge status={order.orderStatus} />
          <PaymentStatusBadge status={order.orderPaymentStatus} />
        </Group>
        {/* A cancelled or deleted order has no valid tickets: nothing to print (the gateway refuses too). */}
        {mayPrint && isPrintableOrder(order) ? (
          <Group gap="xs" data-testid="print-links">
            <Button component={Link} to={`/orders/${order.orderId}/print?kind=tickets`} variant="light" size="xs">
              {t('printTickets')}
            </Button>
            <Button component={Link} to={`/orders/${order.orderId}/print?kind=receipt`} variant="light" size="xs">
              {t('printReceipt')}
            </Button>
          </Group>
        ) : null}
      </Stack>

      <OrderCustomerNotes customerId={order.customerId} />

      <SectionCard title={t('fieldsTitle')} id="order-fields">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="md" m={0}>
          <Field label={t('fieldOrderId')} testId="field-order-id">
            {order.orderId}
          </Field>
          <Field label={t('fieldOrderKey')} testId="field-order-key">
            <Text component="span" ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {order.orderKey}
            </Text>
          </Field>
          <Field label={t('fieldCustomer')} testId="field-customer">
            {order.customerId === null ? (
              ts('anonymous')
            ) : mayOpenCustomers ? (
              <Anchor component={Link} to={`/customers/${order.customerId}`}>
                {buyerName ? `${buyerName} (${order.customerId})` : ts('customerNumber', { id: order.customerId })}
              </Anchor>
            ) : buyerName ? (
              `${buyerName} (${order.customerId})`
            ) : (
              ts('customerNumber', { id: order.customerId })
            )}
          </Field>
          <Field label={t('fieldStatus')} testId="field-status">
            {status ? (
              <>
                {`${localized(status.label)} — ${localized(status.meaning)}`} <StatusCode code={order.orderStatus} />
              </>
            ) : (
              order.orderStatus
            )}
          </Field>
          <Field label={t('fieldPaymentStatus')} testId="field-payment-status">
            {payment ? (
              <>
                {`${localized(payment.label)} — ${localized(payment.meaning)}`}{' '}
                <StatusCode code={order.orderPaymentStatus} />
              </>
            ) : (
              order.orderPaymentStatus
            )}
          </Field>
          <Field label={t('fieldMethod')}>{order.handlingTextPayment || '–'}</Field>
          <Field label={t('fieldOrderDate')}>{date(order.orderDate)}</Field>
          <Field label={t('fieldLastChanged')}>{date(order.lastChanged)}</Field>
          <Field label={t('fieldTimeOut')}>{date(order.timeOut)}</Field>
          <Field label={t('fieldAmount')} testId="field-amount">
            <span className="foyer-tabular">{formatMoney(order.amount, locale)}</span>
          </Field>
          <Field label={t('fieldFee')}>
            {row ? <span className="foyer-tabular">{formatMoney(row.fee, locale)}</span> : pendingExport}
          </Field>
          <Field label={t('fieldDonation')}>
            <span className="foyer-tabular">{formatMoney(order.donation, locale)}</span>
          </Field>
          <Field label={t('fieldDiscount')}>{order.discountName ?? t('none')}</Field>
          <Field label={t('fieldChannel')}>{row ? channelLabel(row.orderChannel) : pendingExport}</Field>
          {sale ? (
            <Field label={t('fieldSoldBy')} testId="field-sold-by">
              {t('soldBy', {
                name: sale.seller.name ?? sale.seller.email ?? '?',
                date: formatDateTime(sale.at, locale),
              })}
            </Field>
          ) : null}
          {sale ? (
            <Field label={t('fieldShift')} testId="field-shift">
              {!sale.shift ? (
                t('noShift')
              ) : mayOpenShifts ? (
                <Anchor component={Link} to={`/shifts/${sale.shift.id}`}>
                  {t('shift', { id: sale.shift.id, desk: sale.shift.desk })}
                </Anchor>
              ) : (
                t('shift', { id: sale.shift.id, desk: sale.shift.desk })
              )}
            </Field>
          ) : null}
        </SimpleGrid>
      </SectionCard>

      {mayReadLinks ? (
        <SectionCard title={t('linksTitle')} id="order-links">
          <PublicLinks orderKey={order.orderKey} />
        </SectionCard>
      ) : null}

      <SectionCard title={t('seatsTitle')} id="order-seats">
        {lines.isError && isApiError(lines.error) && lines.error.status === 403 ? (
          <Text size="sm" c="dimmed" data-testid="seats-hidden">
            {t('seatsHidden')}
          </Text>
        ) : lines.isError ? (
          <ErrorState error={lines.error} onRetry={() => void lines.refetch()} />
        ) : lines.isPending ? (
          <Stack gap="xs" role="status" aria-label={t('seatsLoading')}>
            <Skeleton h={28} />
            <Skeleton h={28} />
          </Stack>
        ) : !row ? (
          <Alert color="orange" variant="light" role="alert">
            <Group justify="space-between">
              <Text size="sm">{t('seatsNotFound')}</Text>
              <Button size="xs" variant="subtle" onClick={() => void detail.refetch()}>
                {t('reload')}
              </Button>
            </Group>
          </Alert>
        ) : row.seats.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noSeats')}
          </Text>
        ) : (
          <SeatsTable seats={row.seats} caption={t('seatsCaption')} testId="seats-table" events={events} />
        )}
      </SectionCard>

      {row ? (
        <SectionCard title={t('deletedSeatsTitle')} id="order-deleted-seats">
          <Text size="sm" c="dimmed" mb="xs">
            {t('deletedSeatsHint')}
          </Text>
          {row.deletedSeats.length === 0 ? (
            <Text size="sm" data-testid="no-deleted-seats">
              {t('noDeletedSeats')}
            </Text>
          ) : (
            <SeatsTable
              seats={row.deletedSeats}
              caption={t('deletedSeatsCaption')}
              testId="deleted-seats-table"
              events={events}
            />
          )}
        </SectionCard>
      ) : null}
    </Stack>
  );
}
