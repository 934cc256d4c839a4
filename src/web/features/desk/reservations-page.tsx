import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { MirrorResource, MirrorStatus } from '@/contract/mirror';
import { HORIZON_DAYS } from '@/contract/open-orders';
import { MirrorFreshness } from '@/web/components/mirror-freshness';
import { mirrorQueries } from '@/web/lib/queries/mirror-queries';
import { EmptyState, ErrorState } from '../../components/page-states';
import { addDays, formatDateTime, formatMoney, isoLocalDate } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { deskQueries } from '../../lib/queries/desk-queries';
import { customerName, type OrderExport } from '../../lib/schemas/order';
import { serverNow } from '../../lib/server-clock';
import { useCan } from '../../lib/use-can';
import { deskMessages } from './desk-messages';
import { awaitingOnlinePaymentOf, matchesOrderSearch, reservationQueue, timeLeft } from './reservations-model';

/** What the queue reads of the gateway's mirror: the orders, and the customers for their names. */
const READ = ['orders', 'customers'] as const satisfies readonly MirrorResource[];
/** While the mirror's first sync runs, the queue is read again this often, so reservations appear as it goes. */
const FIRST_SYNC_POLL_MS = 5000;
/** The notice's title in the text colour: the light alert's own blue falls short of 4.5:1. */
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

const firstSyncRunning = (status: MirrorStatus | undefined, resource: MirrorResource) =>
  status?.resources.some((part) => part.resource === resource && part.fullSync.finishedAt === null) ?? false;

/** Rows shown at first, and added by "show more": a queue is worked from the top, and every row ticks each second. */
const ROWS_SHOWN = 50;

function useShown(): [number, () => void] {
  const [shown, setShown] = useState(ROWS_SHOWN);
  return [shown, () => setShown((count) => count + ROWS_SHOWN)];
}

function ShowMore({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  const t = useMessages(deskMessages);
  if (shown >= total) return null;
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {t('shownOf', { shown, total })}
      </Text>
      <Button variant="light" size="xs" onClick={onMore}>
        {t('showMore')}
      </Button>
    </Group>
  );
}

/** The clock of the countdowns: once a second, on the server's time (the timeOut is the service's). */
function useNow(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The customer's name; while the mirror has not read the customers yet, their number and that the name follows. */
function Customer({ order, namesPending }: { order: OrderExport; namesPending: boolean }) {
  const t = useMessages(deskMessages);
  if (order.user) return <>{customerName(order.user)}</>;
  if (order.customerId === null) return <>{t('anonymous')}</>;
  if (namesPending) {
    return (
      <Text component="span" size="sm" c="dimmed">
        {t('customerPending', { id: order.customerId })}
      </Text>
    );
  }
  return <>{`#${order.customerId}`}</>;
}

function OrderLink({ order }: { order: OrderExport }) {
  const t = useMessages(deskMessages);
  return (
    <Anchor component={Link} to={`/orders/${order.orderId}`} aria-label={t('openOrder', { id: order.orderId })}>
      {order.orderId}
    </Anchor>
  );
}

function ReservationRows({ orders, now, namesPending }: { orders: OrderExport[]; now: number; namesPending: boolean }) {
  const t = useMessages(deskMessages);
  const { locale } = useLocale();
  const [shown, showMore] = useShown();
  return (
    <>
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
            {orders.slice(0, shown).map((order) => {
              const left = timeLeft(order.timeOut, now);
              return (
                <Table.Tr key={order.orderId} data-testid="reservation-row" data-order-id={order.orderId}>
                  <Table.Td>
                    <OrderLink order={order} />
                  </Table.Td>
                  <Table.Td>
                    <Customer order={order} namesPending={namesPending} />
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
      <ShowMore shown={shown} total={orders.length} onMore={showMore} />
    </>
  );
}

function OnlineRows({ orders, namesPending }: { orders: OrderExport[]; namesPending: boolean }) {
  const t = useMessages(deskMessages);
  const { locale } = useLocale();
  const [shown, showMore] = useShown();
  return (
    <>
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
            {orders.slice(0, shown).map((order) => (
              <Table.Tr key={order.orderId} data-testid="awaiting-payment-row" data-order-id={order.orderId}>
                <Table.Td>
                  <OrderLink order={order} />
                </Table.Td>
                <Table.Td>
                  <Customer order={order} namesPending={namesPending} />
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
      <ShowMore shown={shown} total={orders.length} onMore={showMore} />
    </>
  );
}

/**
 * `/reservations`: the queue of reservations (status `res`) by their timeOut, soonest first, with a live
 * countdown, and — for those who read orders — the webshop's orders awaiting payment. The gateway reads the
 * order list back to the horizon and sends only these (`GET /api/desk/open-orders`), so the box office, which
 * may not read the order list, has the queue too.
 */
export function ReservationsPage() {
  const t = useMessages(deskMessages);
  const now = useNow();
  // The horizon's first day; the same string all day, so the query key stays while the clock ticks.
  const since = isoLocalDate(addDays(new Date(now), -HORIZON_DAYS));
  // The queue reads the mirror: during its first sync, orders and names are still coming in.
  const mirror = useQuery(mirrorQueries.status());
  const namesPending = firstSyncRunning(mirror.data, 'customers');
  const query = useQuery({
    ...deskQueries.openOrders(since),
    refetchInterval: (open) =>
      (open.state.data && !open.state.data.complete) || namesPending ? FIRST_SYNC_POLL_MS : false,
  });
  const firstSync = (query.data !== undefined && !query.data.complete) || namesPending;
  const orders = query.data?.orders ?? [];
  // Known from the answer; before it, from the role (the gateway decides the same way).
  const readsOrders = useCan('orders:read', 'reports:read');
  const withOnline = query.data?.withOnline ?? readsOrders;
  // The polls of the first sync are not shown as a reading: the notice says the list updates itself.
  const reading = query.isFetching && !firstSync;
  const [which, setWhich] = useState<'running' | 'expired'>('running');
  // A buyer at the desk names themselves: the search (in the URL, so a reload keeps it) narrows both lists.
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const setSearch = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  const found = orders.filter((order) => matchesOrderSearch(order, search));
  const queue = reservationQueue(found, now);
  const reservations = queue[which];
  const awaiting = awaitingOnlinePaymentOf(found);
  const nothingFound = search.trim() !== '' ? t('noMatches', { search: search.trim() }) : null;

  return (
    <Stack gap="lg" maw={1200} data-testid="reservations-page">
      <Stack gap={4}>
        <Group justify="space-between" align="center">
          <Title order={1}>{t('reservationsTitle')}</Title>
          <Button variant="light" onClick={() => void query.refetch()} loading={query.isFetching} data-testid="refresh">
            {t('refresh')}
          </Button>
        </Group>
        <Text c="dimmed">{t('reservationsIntro')}</Text>
        <Text size="sm" c="dimmed">
          {t('horizon', { days: HORIZON_DAYS })}
        </Text>
      </Stack>
      <TextInput
        type="search"
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
        data-testid="reservations-search"
      />

      {reading ? (
        <Group gap="xs" role="status" data-testid="reading-progress">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">{t('reading')}</Text>
        </Group>
      ) : null}
      {firstSync ? (
        <Alert
          color="blue"
          variant="light"
          styles={READABLE_TITLE}
          title={t('firstSyncTitle')}
          role="status"
          data-testid="first-sync-notice"
        >
          <Stack gap="xs">
            <Text size="sm">{t('firstSync')}</Text>
            <MirrorFreshness resources={READ} />
          </Stack>
        </Alert>
      ) : null}

      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="reservations-heading">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h4" id="reservations-heading">
            {t('reservationsTitle')}
          </Title>
          {query.data ? (
            <SegmentedControl
              aria-label={t('whichLabel')}
              value={which}
              onChange={(value) => setWhich(value === 'expired' ? 'expired' : 'running')}
              data={[
                { value: 'running', label: t('running', { count: queue.running.length }) },
                { value: 'expired', label: t('lapsed', { count: queue.expired.length }) },
              ]}
            />
          ) : null}
        </Group>
        {query.isError ? null : query.isPending ? (
          <Stack gap="xs" aria-hidden="true">
            <Skeleton h={28} />
            <Skeleton h={28} />
            <Skeleton h={28} />
          </Stack>
        ) : reservations.length === 0 ? (
          <EmptyState title={nothingFound ?? t('noReservations')}>
            {nothingFound ? null : t('noReservationsHint')}
          </EmptyState>
        ) : (
          <ReservationRows key={which} orders={reservations} now={now} namesPending={namesPending} />
        )}
      </Paper>

      {withOnline ? (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="awaiting-heading">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="awaiting-heading">
              {t('onlineTitle')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            {t('onlineIntro')}
          </Text>
          {query.isError ? null : query.isPending ? (
            <Skeleton h={28} aria-hidden="true" />
          ) : awaiting.length === 0 ? (
            <EmptyState title={nothingFound ?? t('noOnline')} />
          ) : (
            <OnlineRows orders={awaiting} namesPending={namesPending} />
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}
