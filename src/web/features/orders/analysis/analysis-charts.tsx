import { AreaChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/SimpleGrid.css';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import type { Charts } from '@/contract/reports';
import { formatDate, formatMoney, formatNumber, type Locale } from '@/web/lib/format';
import { formatCompactMoney } from '@/web/lib/format-extra';
import { useLocale, useLocalized, useMessages } from '@/web/lib/i18n';
import { useChannelLabel } from '../order-parts';
import { ORDER_STATUSES } from '../order-status';
import '@/web/components/chart-details.css';
import { GroupBars } from '@/web/components/group-bars';
import { analysisMessages } from './analysis-messages';
import { useMethodLabel } from './use-analysis-labels';

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

/** `YYYY-MM-DD` as "23 nov. 2026" (the weekday of formatDate left off: the axis has little room). */
const shortDay = (locale: Locale) => (day: string) => formatDate(`${day}T12:00:00`, locale).replace(/^\S+ /, '');

const wholeEuros = (locale: Locale) => {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  return (value: number) => format.format(value);
};

/**
 * The charts of the filtered orders, as the gateway counted them: revenue per day by channel, orders by
 * status, the events with the most revenue, seats per price name, revenue by channel and by payment method.
 * Loaded on its own (React.lazy): the chart library is the largest part of the page.
 */
export default memo(function AnalysisCharts({
  charts,
  eventName,
}: {
  charts: Charts;
  eventName: (eventId: number) => string;
}) {
  const t = useMessages(analysisMessages);
  const { locale } = useLocale();
  const localized = useLocalized();
  const channelLabel = useChannelLabel();
  const methodLabel = useMethodLabel();
  const formats = useMemo(
    () => ({
      money: (value: number) => formatMoney(value, locale),
      axisMoney: wholeEuros(locale),
      compactMoney: (value: number) => formatCompactMoney(value, locale),
      number: (value: number) => formatNumber(value, locale),
      day: shortDay(locale),
    }),
    [locale],
  );
  const perDay = useMemo(() => {
    const channels = [...new Set(charts.perDay.map((point) => point.channel))];
    const byDay = new Map<string, Record<string, string | number>>();
    for (const point of charts.perDay) {
      // `label`: the day as the axis and the tooltip show it (the tooltip showed "2026-11-07").
      const row = byDay.get(point.day) ?? {
        day: point.day,
        label: formats.day(point.day),
        ...Object.fromEntries(channels.map((c) => [c, 0])),
      };
      row[point.channel] = point.revenueCents / 100;
      byDay.set(point.day, row);
    }
    return {
      rows: [...byDay.values()],
      series: channels.map((channel, index) => ({
        name: channel,
        label: channelLabel(channel),
        color: CHANNEL_COLORS[index % CHANNEL_COLORS.length] as string,
      })),
    };
  }, [charts.perDay, channelLabel, formats]);
  const statusLabel = (key: string) => (ORDER_STATUSES[key] ? localized(ORDER_STATUSES[key].label) : key);

  return (
    <Stack gap="xl" data-testid="analysis-charts">
      <Chart title={t('chartRevenuePerDay')} id="chart-revenue-per-day">
        <AreaChart
          h={260}
          data={perDay.rows}
          dataKey="label"
          // Stacked, as the title says: the top line is the day's total, each band a channel's share.
          type="stacked"
          series={perDay.series}
          curveType="monotone"
          withDots={perDay.rows.length < 40}
          valueFormatter={formats.money}
          yAxisProps={{ tickFormatter: formats.axisMoney, width: 80 }}
          withLegend
          legendProps={{ verticalAlign: 'top', height: 36 }}
        />
        <PerDayTable rows={perDay.rows} series={perDay.series} formatDay={formats.day} formatMoney={formats.money} />
      </Chart>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Chart title={t('chartOrdersByStatus')} id="chart-orders-by-status">
          <GroupBars
            groups={charts.byStatus}
            value={(group) => group.orders}
            measure={t('totalOrders')}
            label={statusLabel}
            format={formats.number}
            color="indigo.6"
            testId="chart-status"
          />
        </Chart>
        <Chart title={t('chartTopEvents')} id="chart-top-events">
          <GroupBars
            groups={charts.topEvents}
            value={(group) => group.revenueCents / 100}
            measure={t('totalRevenue')}
            label={(key) => eventName(Number(key))}
            format={formats.money}
            axisFormat={formats.compactMoney}
            color="teal.6"
            testId="chart-events"
          />
        </Chart>
        <Chart title={t('chartByPrice')} id="chart-by-price">
          <GroupBars
            groups={charts.byPrice.slice(0, 12)}
            value={(group) => group.tickets}
            measure={t('totalTickets')}
            label={(key) => key || '–'}
            format={formats.number}
            color="grape.6"
            testId="chart-prices"
          />
        </Chart>
        <Chart title={t('chartByChannel')} id="chart-by-channel">
          <GroupBars
            groups={charts.byChannel}
            value={(group) => group.revenueCents / 100}
            measure={t('totalRevenue')}
            label={channelLabel}
            format={formats.money}
            axisFormat={formats.compactMoney}
            color="orange.6"
            testId="chart-channels"
          />
        </Chart>
        <Chart title={t('chartByMethod')} id="chart-by-method">
          <GroupBars
            groups={charts.byMethod}
            value={(group) => group.revenueCents / 100}
            measure={t('totalRevenue')}
            label={methodLabel}
            format={formats.money}
            axisFormat={formats.compactMoney}
            color="cyan.6"
            testId="chart-methods"
          />
        </Chart>
      </SimpleGrid>
    </Stack>
  );
});

/** The per-day chart's figures as a table, for whoever cannot see or point at the chart; drawn once opened. */
function PerDayTable({
  rows,
  series,
  formatDay,
  formatMoney: money,
}: {
  rows: ReadonlyArray<Record<string, string | number>>;
  series: ReadonlyArray<{ name: string; label: string }>;
  formatDay: (day: string) => string;
  formatMoney: (value: number) => string;
}) {
  const t = useMessages(analysisMessages);
  const [open, setOpen] = useState(false);
  return (
    <details className="foyer-chart-details" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('chartAsTable')}</summary>
      {open ? (
        <section
          className="foyer-groups-scroll"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label={t('chartRevenuePerDay')}
        >
          <table className="foyer-groups-table">
            <caption className="foyer-visually-hidden">{t('chartRevenuePerDay')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('groupDay')}</th>
                {series.map((item) => (
                  <th key={item.name} scope="col" className="foyer-groups-number">
                    {item.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={String(row.day)}>
                  <th scope="row">{formatDay(String(row.day))}</th>
                  {series.map((item) => (
                    <td key={item.name} className="foyer-tabular foyer-groups-number">
                      {money(Number(row[item.name]) || 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </details>
  );
}
