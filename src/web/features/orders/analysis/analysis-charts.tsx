import { AreaChart, BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo, useMemo } from 'react';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../../lib/i18n';
import { useChannelLabel } from '../order-parts';
import { ORDER_STATUSES } from '../order-status';
import {
  type AnalysisIndex,
  groupTotals,
  revenuePerDayByChannel,
  type Selection,
  topEventsByRevenue,
} from './analysis-index';
import { analysisMessages } from './analysis-messages';

const CHANNEL_COLORS = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'gray.6'];

function Chart({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="figure" m={0} aria-labelledby={id}>
      <Title order={3} size="h5" id={id} component="figcaption">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Revenue per day by channel, orders by status, top events by revenue — of the filtered orders. Loaded on
 * its own (React.lazy): the chart library is the largest part of the analysis. Memoised: the page renders
 * on every filter, sort or group change, and recharts re-lays out every chart whenever its props are new
 * objects (hundreds of ms with a year of days), so the charts render only when the selection changes.
 */
export default memo(function AnalysisCharts({
  index,
  selection,
  eventName,
}: {
  index: AnalysisIndex;
  selection: Selection;
  eventName: (eventId: number) => string;
}) {
  const t = useMessages(analysisMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const channelLabel = useChannelLabel();
  const perDay = useMemo(() => revenuePerDayByChannel(index, selection), [index, selection]);
  const byStatus = useMemo(
    () =>
      groupTotals(index, selection, 'status')
        .sort((a, b) => b.orders - a.orders)
        .map((group) => {
          const info = ORDER_STATUSES[group.key];
          return {
            status: info ? localized(info.label) : group.key,
            orders: group.orders,
          };
        }),
    [index, selection, localized],
  );
  const topEvents = useMemo(
    () =>
      topEventsByRevenue(index, selection, 10).map((group) => ({
        event: eventName(Number(group.key)),
        revenue: group.revenueCents / 100,
      })),
    [index, selection, eventName],
  );
  const money = (value: number) => formatMoney(value, locale);

  return (
    <Stack gap="xl" data-testid="analysis-charts">
      <Chart title={t('chartRevenuePerDay')} id="chart-revenue-per-day">
        {/* An area per channel rather than a bar per day: a year of days stays one path per channel. */}
        <AreaChart
          h={260}
          data={perDay.rows}
          dataKey="day"
          type="stacked"
          curveType="linear"
          withDots={false}
          withLegend
          legendProps={{ verticalAlign: 'top', height: 36 }}
          valueFormatter={money}
          series={perDay.channels.map((channel, index) => ({
            name: channel,
            label: channelLabel(channel),
            color: CHANNEL_COLORS[index % CHANNEL_COLORS.length] ?? 'gray.6',
          }))}
        />
      </Chart>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Chart title={t('chartOrdersByStatus')} id="chart-orders-by-status">
          <BarChart
            h={Math.max(160, byStatus.length * 34 + 40)}
            data={byStatus}
            dataKey="status"
            orientation="vertical"
            yAxisProps={{ width: 110 }}
            valueFormatter={(value) => formatNumber(value, locale)}
            series={[{ name: 'orders', label: t('totalOrders'), color: 'indigo.6' }]}
          />
        </Chart>
        <Chart title={t('chartTopEvents')} id="chart-top-events">
          {topEvents.length === 0 ? (
            <Text size="sm" c="dimmed">
              –
            </Text>
          ) : (
            <BarChart
              h={Math.max(160, topEvents.length * 34 + 40)}
              data={topEvents}
              dataKey="event"
              orientation="vertical"
              yAxisProps={{ width: 200, interval: 0 }}
              valueFormatter={money}
              series={[{ name: 'revenue', label: t('totalRevenue'), color: 'teal.6' }]}
            />
          )}
        </Chart>
      </SimpleGrid>
    </Stack>
  );
});
