import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo, useMemo, useState } from 'react';
import { formatDate, formatMoney, formatNumber, type Locale } from '../../../lib/format';
import { useLocale, useLocalized, useMessages } from '../../../lib/i18n';
import { useChannelLabel } from '../order-parts';
import { ORDER_STATUSES } from '../order-status';
import './analysis-charts.css';
import {
  type AnalysisIndex,
  groupTotals,
  revenuePerDayByChannel,
  type Selection,
  topEventsByRevenue,
} from './analysis-index';
import { analysisMessages } from './analysis-messages';
import { BarListChart } from './bar-list-chart';
import { type AreaSeries, StackedAreaChart } from './stacked-area-chart';

const CHANNEL_COLORS = ['indigo', 'teal', 'orange', 'grape', 'gray'].map((name) => `var(--mantine-color-${name}-6)`);

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

const wholeEuros = (locale: Locale) => {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  return (value: number) => format.format(value);
};

/** `YYYY-MM-DD` as "23 nov. 2026" (the weekday of formatDate left off: the axis has little room). */
const shortDay = (locale: Locale) => (day: string) => formatDate(`${day}T12:00:00`, locale).replace(/^\S+ /, '');

/**
 * Revenue per day by channel, orders by status, top events by revenue — of the filtered orders. Plain SVG
 * and elements (stacked-area-chart.tsx, bar-list-chart.tsx) rather than the chart library: recharts took
 * 50–110 ms to lay these out after each filter change, in one task that the next change waited behind, and
 * these few paths and bars draw in a couple of ms. Loaded on its own (React.lazy) all the same, and
 * memoised: the charts render only when the selection changes, never on a sort or grouping change.
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
  const series = useMemo<AreaSeries[]>(
    () =>
      perDay.channels.map((channel, k) => ({
        key: channel,
        label: channelLabel(channel),
        color: CHANNEL_COLORS[k % CHANNEL_COLORS.length] as string,
      })),
    [perDay, channelLabel],
  );
  const byStatus = useMemo(
    () =>
      groupTotals(index, selection, 'status')
        .sort((a, b) => b.orders - a.orders)
        .map((group) => {
          const info = ORDER_STATUSES[group.key];
          return { key: group.key, label: info ? localized(info.label) : group.key, value: group.orders };
        }),
    [index, selection, localized],
  );
  const topEvents = useMemo(
    () =>
      topEventsByRevenue(index, selection, 10).map((group) => ({
        key: group.key,
        label: eventName(Number(group.key)),
        value: group.revenueCents / 100,
      })),
    [index, selection, eventName],
  );
  const formats = useMemo(
    () => ({
      money: (value: number) => formatMoney(value, locale),
      axisMoney: wholeEuros(locale),
      number: (value: number) => formatNumber(value, locale),
      day: shortDay(locale),
    }),
    [locale],
  );

  return (
    <Stack gap="xl" data-testid="analysis-charts">
      <Chart title={t('chartRevenuePerDay')} id="chart-revenue-per-day">
        <StackedAreaChart
          rows={perDay.rows}
          xKey="day"
          series={series}
          height={260}
          formatValue={formats.money}
          formatAxis={formats.axisMoney}
          formatX={formats.day}
          title={t('chartRevenuePerDay')}
        />
        <PerDayTable rows={perDay.rows} series={series} formatDay={formats.day} formatMoney={formats.money} />
      </Chart>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Chart title={t('chartOrdersByStatus')} id="chart-orders-by-status">
          <BarListChart
            bars={byStatus}
            color="var(--mantine-color-indigo-6)"
            formatValue={formats.number}
            labelledBy="chart-orders-by-status"
          />
        </Chart>
        <Chart title={t('chartTopEvents')} id="chart-top-events">
          {topEvents.length === 0 ? (
            <Text size="sm" c="dimmed">
              –
            </Text>
          ) : (
            <BarListChart
              bars={topEvents}
              color="var(--mantine-color-teal-6)"
              formatValue={formats.money}
              labelledBy="chart-top-events"
            />
          )}
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
  series: readonly AreaSeries[];
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
                  <th key={item.key} scope="col" className="foyer-groups-number">
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
                    <td key={item.key} className="foyer-tabular foyer-groups-number">
                      {money(Number(row[item.key]) || 0)}
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
