import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useTablePage } from '../../components/data-table/use-table-page';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { orderQueries } from '../../lib/queries/order-queries';
import { customerName, type OrderExport } from '../../lib/schemas/order';
import { useCan } from '../../lib/use-can';
import { seedOrderCache } from './order-cache';
import { OrderJump } from './order-jump';
import { OrderStatusBadge, PaymentStatusBadge, useChannelLabel } from './order-parts';
import { readChangedSince, withChangedSince } from './order-ref';
import { ordersMessages } from './orders-messages';
import { salesQueries } from './sales-queries';
import './orders.css';
import { MirrorFreshness } from '../../components/mirror-freshness';

/**
 * "25 nov 2026, 23:29" that may wrap after the comma only: at 1280 px the list's eleven columns need the
 * room, and a date broken between its words reads badly.
 */
function BreakableDateTime({ text }: { text: string }) {
  const cut = text.lastIndexOf(', ');
  if (cut < 0) return <span className="foyer-nowrap">{text}</span>;
  return (
    <>
      <span className="foyer-nowrap">{text.slice(0, cut + 1)}</span>{' '}
      <span className="foyer-nowrap">{text.slice(cut + 2)}</span>
    </>
  );
}

const ORDERS_MIRROR = ['orders'] as const;

/** `GET /partner/order`: newest first, 100 a page; page and `changedSince` live in the URL. */
export function OrdersListPage() {
  const t = useMessages(ordersMessages);
  const mayOpenCustomers = useCan('customers:read');
  const mayAnalyse = useCan('reports:read');
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const channelLabel = useChannelLabel();
  const [search, setSearch] = useSearchParams();
  const [page] = useTablePage();
  const changedSince = readChangedSince(search);
  const query = useQuery(orderQueries.list({ page, changedSince }));
  const rows = query.data?.data;
  // Sold by, for the orders on screen that were sold through Foyer (the gateway's audit trail).
  const maySeeSellers = useCan('orders:read', 'sales:sell');
  const sales = useQuery({
    ...salesQueries.forOrders((rows ?? []).map((row) => row.orderId)),
    enabled: maySeeSellers && (rows?.length ?? 0) > 0,
  });
  const sold = sales.data;

  const columns = useMemo<DataTableColumn<OrderExport>[]>(
    () => [
      {
        id: 'orderId',
        header: t('columnId'),
        enableHiding: false,
        cell: ({ row }) => (
          <Anchor
            component={Link}
            to={`/orders/${row.original.orderId}`}
            onClick={() => seedOrderCache(queryClient, row.original)}
            fw={600}
            className="foyer-tabular"
            data-testid="order-link"
          >
            {row.original.orderId}
          </Anchor>
        ),
      },
      {
        id: 'orderKey',
        header: t('columnKey'),
        cell: ({ row }) => (
          <Text size="xs" ff="monospace" className="foyer-order-key" title={row.original.orderKey}>
            {row.original.orderKey}
          </Text>
        ),
      },
      {
        id: 'orderDate',
        header: t('columnDate'),
        cell: ({ row }) => (
          <time dateTime={row.original.orderDate} className="foyer-tabular" data-testid="order-date">
            <BreakableDateTime text={formatDateTime(row.original.orderDate, locale)} />
          </time>
        ),
      },
      {
        id: 'customer',
        header: t('columnCustomer'),
        cell: ({ row }) => {
          const user = row.original.user;
          if (!user) {
            return (
              <Text size="sm" c="dimmed">
                {row.original.customerId === null
                  ? t('anonymous')
                  : t('customerNumber', { id: row.original.customerId })}
              </Text>
            );
          }
          // The customer page is for roles that may read customers; others see the name.
          return mayOpenCustomers ? (
            <Anchor component={Link} to={`/customers/${user.customerId}`} size="sm">
              {customerName(user)}
            </Anchor>
          ) : (
            <Text size="sm">{customerName(user)}</Text>
          );
        },
      },
      {
        id: 'status',
        header: t('columnStatus'),
        cell: ({ row }) => <OrderStatusBadge status={row.original.orderStatus} />,
      },
      {
        id: 'payment',
        header: t('columnPayment'),
        cell: ({ row }) => <PaymentStatusBadge status={row.original.orderPaymentStatus} />,
      },
      { id: 'channel', header: t('columnChannel'), cell: ({ row }) => channelLabel(row.original.orderChannel) },
      { id: 'method', header: t('columnMethod'), cell: ({ row }) => row.original.handlingTextPayment },
      {
        id: 'amount',
        header: t('columnAmount'),
        cell: ({ row }) => (
          <span className="foyer-tabular foyer-nowrap">{formatMoney(row.original.amount, locale)}</span>
        ),
      },
      {
        id: 'fee',
        header: t('columnFee'),
        cell: ({ row }) => <span className="foyer-tabular foyer-nowrap">{formatMoney(row.original.fee, locale)}</span>,
      },
      {
        id: 'donation',
        header: t('columnDonation'),
        cell: ({ row }) => (
          <span className="foyer-tabular foyer-nowrap">{formatMoney(row.original.donation, locale)}</span>
        ),
      },
      {
        id: 'seats',
        header: t('columnSeats'),
        cell: ({ row }) => <span className="foyer-tabular">{formatNumber(row.original.seats.length, locale)}</span>,
      },
      {
        id: 'soldBy',
        header: t('columnSoldBy'),
        cell: ({ row }) => {
          const sale = sold?.get(row.original.orderId);
          return sale ? (
            <Text size="sm" data-testid="order-sold-by">
              {sale.seller.name ?? sale.seller.email}
              {sale.shift ? (
                <Text component="span" size="xs" c="dimmed">
                  {' '}
                  · {sale.shift.desk}
                </Text>
              ) : null}
            </Text>
          ) : null;
        },
      },
    ],
    [t, locale, queryClient, channelLabel, mayOpenCustomers, sold],
  );

  return (
    <Stack gap="lg" maw={1400} className="foyer-orders-list">
      <Group justify="space-between" align="flex-end">
        <Group gap="md" align="baseline" wrap="wrap">
          <Title order={1}>{t('listTitle')}</Title>
          <MirrorFreshness resources={ORDERS_MIRROR} />
        </Group>
        {mayAnalyse ? (
          <Button component={Link} to="/orders/analysis" variant="light" size="sm">
            {t('analysisLink')}
          </Button>
        ) : null}
      </Group>
      <DataTable
        label={t('listLabel')}
        columns={columns}
        data={rows}
        rowCount={query.data?.total}
        query={query}
        onRetry={() => void query.refetch()}
        getRowId={(row) => String(row.orderId)}
        emptyTitle={t('noOrders')}
        emptyText={changedSince ? t('noOrdersSince', { date: formatDate(changedSince, locale) }) : t('noOrdersHint')}
        initialColumnVisibility={{ orderKey: false }}
        // Fees and donations are on every order's page and in the analysis.
        hiddenBelowWide={['fee', 'donation']}
        toolbar={
          <Group gap="md" align="flex-start" wrap="wrap">
            <OrderJump rowsOnScreen={rows ?? []} />
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                type="date"
                label={t('changedSince')}
                description={t('changedSinceHint')}
                value={changedSince}
                onChange={(event) => setSearch(withChangedSince(search, event.currentTarget.value))}
                size="sm"
                data-testid="changed-since"
              />
              {changedSince ? (
                <Button variant="subtle" size="sm" mt={44} onClick={() => setSearch(withChangedSince(search, ''))}>
                  {t('clearChangedSince')}
                </Button>
              ) : null}
            </Group>
          </Group>
        }
      />
    </Stack>
  );
}
