import { Anchor, Group, Paper, Progress, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Table.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '../../components/page-states';
import { addDays, formatDateTime, formatMoney, isoLocalDate } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { customerName, type OrderExport } from '../../lib/schemas/order';
import { serverNow } from '../../lib/server-clock';
import { deskMessages } from './desk-messages';
import { awaitingOnlinePaymentOf, HORIZON_DAYS, reservationsOf, timeLeft } from './reservations-model';
import { reservationQueries } from './reservations-queries';

/** The clock of the countdowns: once a second, on the server's time (the timeOut is the service's). */
function useNow(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Customer({ order }: { order: OrderExport }) {
  const t = useMessages(deskMessages);
  if (order.user) return <>{customerName(order.user)}</>;
  return <>{order.customerId === null ? t('anonymous') : `#${order.customerId}`}</>;
}

function OrderLink({ order }: { order: OrderExport }) {
  const t = useMessages(deskMessages);
  return (
    <Anchor component={Link} to={`/orders/${order.orderId}`} aria-label={t('openOrder', { id: order.orderId })}>
      {order.orderId}
    </Anchor>
  );
}

function ReservationRows({ orders, now }: { orders: OrderExport[]; now: number }) {
  const t = useMessages(deskMessages);
  const { locale } = useLocale();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" data-testid="reservations-table">
        <caption className="foyer-visually-hidden">{t('reservationsTitle')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columnOrder')}</Table.Th>
            <Table.Th scope="col">{t('columnCustomer')}</Table.Th>
            <Table.Th scope="col">{t('columnTimeOut')}</Table.Th>
            <Table.Th scope="col">{t('columnLeft')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnAmount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => {
            const left = timeLeft(order.timeOut, now);
            return (
              <Table.Tr key={order.orderId} data-testid="reservation-row" data-order-id={order.orderId}>
                <Table.Td>
                  <OrderLink order={order} />
                </Table.Td>
                <Table.Td>
                  <Customer order={order} />
                </Table.Td>
                <Table.Td>
                  {order.timeOut ? (
                    <time dateTime={order.timeOut}>{formatDateTime(order.timeOut, locale)}</time>
                  ) : (
                    t('noTimeOut')
                  )}
                </Table.Td>
                <Table.Td className="foyer-tabular" data-testid="time-left">
                  {left.expired ? (
                    <Text component="span" c="red.8" fw={600} size="sm">
                      {t('expired')}
                    </Text>
                  ) : left.none ? (
                    '–'
                  ) : (
                    left.text
                  )}
                </Table.Td>
                <Table.Td ta="right" className="foyer-tabular">
                  {formatMoney(order.amount, locale)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function OnlineRows({ orders }: { orders: OrderExport[] }) {
  const t = useMessages(deskMessages);
  const { locale } = useLocale();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" data-testid="awaiting-payment-table">
        <caption className="foyer-visually-hidden">{t('onlineTitle')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columnOrder')}</Table.Th>
            <Table.Th scope="col">{t('columnCustomer')}</Table.Th>
            <Table.Th scope="col">{t('columnOrderDate')}</Table.Th>
            <Table.Th scope="col">{t('columnPayment')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columnAmount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.orderId} data-testid="awaiting-payment-row" data-order-id={order.orderId}>
              <Table.Td>
                <OrderLink order={order} />
              </Table.Td>
              <Table.Td>
                <Customer order={order} />
              </Table.Td>
              <Table.Td>
                <time dateTime={order.orderDate}>{formatDateTime(order.orderDate, locale)}</time>
              </Table.Td>
              <Table.Td>{order.orderPaymentStatus === 'pending' ? t('paymentPending') : t('paymentNone')}</Table.Td>
              <Table.Td ta="right" className="foyer-tabular">
                {formatMoney(order.amount, locale)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * `/reservations`: the queue of reservations (status `res`) by their timeOut, soonest first, with a live
 * countdown, and the webshop's orders awaiting payment. Reads the order list (newest first) page by page
 * back to the horizon, showing how far it is.
 */
export function ReservationsPage() {
  const t = useMessages(deskMessages);
  const now = useNow();
  // The horizon's first day; the same string all day, so the query key stays while the clock ticks.
  const since = isoLocalDate(addDays(new Date(now), -HORIZON_DAYS));
  const query = useInfiniteQuery(reservationQueries.queue(since));
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  // Read on to the horizon by itself; an error stops it (the retry button starts again).
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const pages = query.data?.pages ?? [];
  const orders = pages.flatMap((page) => page.data);
  const lastPage = pages[pages.length - 1];
  const reading = query.isPending || hasNextPage;
  const reservations = reservationsOf(orders);
  const awaiting = awaitingOnlinePaymentOf(orders);

  return (
    <Stack gap="lg" maw={1200} data-testid="reservations-page">
      <Stack gap={4}>
        <Title order={1}>{t('reservationsTitle')}</Title>
        <Text c="dimmed">{t('reservationsIntro')}</Text>
        <Text size="sm" c="dimmed">
          {t('horizon', { days: HORIZON_DAYS })}
        </Text>
      </Stack>

      {reading && lastPage ? (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">{t('readingPages', { page: lastPage.current_page, last: lastPage.last_page })}</Text>
          <Progress
            value={(100 * lastPage.current_page) / Math.max(1, lastPage.last_page)}
            aria-label={t('readingPages', { page: lastPage.current_page, last: lastPage.last_page })}
          />
        </Stack>
      ) : null}

      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reservations-heading">
        <Title order={2} size="h4" id="reservations-heading" mb="sm">
          {t('reservationsTitle')}
        </Title>
        {query.isPending ? (
          <Stack gap="xs" aria-hidden="true">
            <Skeleton h={28} />
            <Skeleton h={28} />
            <Skeleton h={28} />
          </Stack>
        ) : reservations.length === 0 && !reading ? (
          <EmptyState title={t('noReservations')}>{t('noReservationsHint')}</EmptyState>
        ) : (
          <ReservationRows orders={reservations} now={now} />
        )}
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="awaiting-heading">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="awaiting-heading">
            {t('onlineTitle')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed" mb="sm">
          {t('onlineIntro')}
        </Text>
        {query.isPending ? (
          <Skeleton h={28} aria-hidden="true" />
        ) : awaiting.length === 0 && !reading ? (
          <EmptyState title={t('noOnline')} />
        ) : (
          <OnlineRows orders={awaiting} />
        )}
      </Paper>
    </Stack>
  );
}
