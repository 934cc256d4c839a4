import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import { Anchor, Button, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ProductionDashboard } from '@/contract/promoter';
import { KeyFigure } from '../../components/key-figure';
import { EmptyState, ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, type Locale } from '../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../lib/i18n';
import { ORDER_CHANNELS } from '../../lib/order-channels';
import { mirrorQueries } from '../../lib/queries/mirror-queries';
import { promoterMessages } from './promoter-messages';
import { promoterQueries } from './promoter-queries';
import { ReportSchedulePanel } from './report-schedule-panel';

type T = ReturnType<typeof useMessages<keyof typeof promoterMessages.nl>>;

const CHANNEL_COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6'];

/** Sold seats per day, a bar per channel. */
function SalesPerDay({ dashboard, t, locale }: { dashboard: ProductionDashboard; t: T; locale: Locale }) {
  const localized = useLocalized();
  const channels = [...new Set(dashboard.days.map((row) => row.channel))];
  const byDay = new Map<string, Record<string, string | number>>();
  for (const row of dashboard.days) {
    const entry = byDay.get(row.day) ?? { day: formatDate(row.day, locale) };
    entry[row.channel] = row.tickets;
    byDay.set(row.day, entry);
  }
  if (dashboard.days.length === 0) return <Text c="dimmed">{t('perDayEmpty')}</Text>;
  return (
    <BarChart
      h={240}
      data={[...byDay.values()]}
      dataKey="day"
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'top', height: 36, itemSorter: null }}
      valueFormatter={(value) => formatNumber(value, locale)}
      series={channels.map((channel, index) => ({
        name: channel,
        label: ORDER_CHANNELS[channel] ? localized(ORDER_CHANNELS[channel]) : channel,
        color: CHANNEL_COLORS[index % CHANNEL_COLORS.length] as string,
      }))}
      data-testid="sales-per-day"
    />
  );
}

function Dashboard({ dashboard }: { dashboard: ProductionDashboard }) {
  const t = useMessages(promoterMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const channelName = (channel: string) => (ORDER_CHANNELS[channel] ? localized(ORDER_CHANNELS[channel]) : channel);
  const money = (cents: number) => formatMoney(cents / 100, locale);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Anchor component={Link} to="/production-sales" size="sm" className="foyer-no-print">
            {t('back')}
          </Anchor>
          <Title order={1}>{dashboard.title}</Title>
          <Text size="sm" c="dimmed" data-testid="synced-at">
            {dashboard.syncedAt ? t('syncedAt', { time: formatDateTime(dashboard.syncedAt, locale) }) : t('notSynced')}
          </Text>
        </Stack>
        <Button variant="default" className="foyer-no-print" onClick={() => window.print()}>
          {t('print')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <KeyFigure
          size="sm"
          label={t('ticketsSold')}
          value={formatNumber(dashboard.ticketsSold, locale)}
          testId="tickets-sold"
        />
        <KeyFigure size="sm" label={t('amountSold')} value={money(dashboard.amountCents)} testId="amount-sold" />
        <KeyFigure
          size="sm"
          label={t('capacity')}
          value={dashboard.capacity === null ? t('unknown') : formatNumber(dashboard.capacity, locale)}
          testId="capacity"
        />
        <KeyFigure
          size="sm"
          label={t('occupancy')}
          value={dashboard.capacity ? formatPercent(dashboard.ticketsSold / dashboard.capacity, locale) : t('unknown')}
          testId="occupancy"
        />
      </SimpleGrid>
      <Stack gap="xs" component="section" aria-labelledby="per-day">
        <Title order={2} size="h4" id="per-day">
          {t('perDay')}
        </Title>
        <SalesPerDay dashboard={dashboard} t={t} locale={locale} />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="events">
        <Title order={2} size="h4" id="events">
          {t('events')}
        </Title>
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('event')}</Table.Th>
                <Table.Th ta="right">{t('sold')}</Table.Th>
                <Table.Th ta="right">{t('capacity')}</Table.Th>
                <Table.Th ta="right">{t('amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dashboard.events.map((event) => (
                <Table.Tr key={event.eventId}>
                  <Table.Td>
                    {formatDateTime(event.start, locale)} · {event.eventName}
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(event.ticketsSold, locale)}</Table.Td>
                  <Table.Td ta="right">
                    {event.capacity === null ? t('unknown') : formatNumber(event.capacity, locale)}
                  </Table.Td>
                  <Table.Td ta="right">{money(event.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="last-orders">
        <Title order={2} size="h4" id="last-orders">
          {t('lastOrders')}
        </Title>
        {dashboard.lastOrders.length === 0 ? (
          <Text c="dimmed">{t('lastOrdersEmpty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="last-orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('order')}</Table.Th>
                  <Table.Th>{t('date')}</Table.Th>
                  <Table.Th>{t('buyer')}</Table.Th>
                  <Table.Th>{t('channel')}</Table.Th>
                  <Table.Th ta="right">{t('tickets')}</Table.Th>
                  <Table.Th ta="right">{t('amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dashboard.lastOrders.map((order) => (
                  <Table.Tr key={order.orderId}>
                    <Table.Td className="foyer-tabular">{order.orderId}</Table.Td>
                    <Table.Td>{formatDateTime(order.orderDate, locale)}</Table.Td>
                    <Table.Td>
                      {order.buyerName ?? t('anonymous')}
                      {order.buyerEmail ? (
                        <Text span size="xs" c="dimmed" display="block">
                          {order.buyerEmail}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{channelName(order.channel)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(order.tickets, locale)}</Table.Td>
                    <Table.Td ta="right">{money(order.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ReportSchedulePanel productionId={dashboard.productionId} />
    </Stack>
  );
}

/** The mirror's last complete sync, as the status says it (the earliest resource's last success). */
function syncMarkOf(status: { resources: { lastSuccessAt: string | null }[] } | undefined): string | null {
  if (!status || status.resources.some((resource) => resource.lastSuccessAt === null)) return null;
  return status.resources.map((resource) => resource.lastSuccessAt as string).sort()[0] ?? null;
}

/** One production's dashboard (issue 33 item 4): read again whenever the mirror completes a sync. */
export function ProductionDashboardPage() {
  const t = useMessages(promoterMessages);
  const productionId = Number(useParams().productionId);
  const status = useQuery(mirrorQueries.status());
  const dashboard = useQuery({
    ...promoterQueries.dashboard(productionId, syncMarkOf(status.data)),
    enabled: Number.isSafeInteger(productionId),
  });
  if (
    !Number.isSafeInteger(productionId) ||
    (dashboard.isError && isApiError(dashboard.error) && dashboard.error.status === 404)
  ) {
    return (
      <EmptyState
        heading={1}
        title={t('notFound')}
        action={
          <Anchor component={Link} to="/production-sales">
            {t('back')}
          </Anchor>
        }
      />
    );
  }
  if (dashboard.isPending) return <Skeleton h={320} />;
  if (dashboard.isError) return <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  return <Dashboard dashboard={dashboard.data} />;
}
