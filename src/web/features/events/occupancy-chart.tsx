import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
// The legend draws its swatches with Mantine's ColorSwatch, whose styles come per component like the others.
import '@mantine/core/styles/ColorSwatch.css';
import { formatDate, formatNumber, formatTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import type { PerformanceOccupancy } from './occupancy';
import { occupancyMessages } from './occupancy-messages';

/** Height per bar: enough for a one-line label beside it. */
const ROW_HEIGHT = 30;

/**
 * Sold, blocked and available per performance as shares of its capacity: halls of 300 and 20,000 seats
 * side by side. Loaded on its own (React.lazy): the chart library is by far the largest part of this page.
 */
export default function OccupancyChart({ items }: { items: readonly PerformanceOccupancy[] }) {
  const t = useMessages(occupancyMessages);
  const { locale } = useLocale();
  const data = items.map((item) => ({
    label: `${formatDate(item.event.start, locale).replace(/ \d{4}$/, '')} ${formatTime(item.event.start, locale)} · ${item.event.eventName}`,
    sold: item.sold,
    blocked: item.blocked,
    available: item.available,
  }));
  return (
    <BarChart
      h={Math.max(160, data.length * ROW_HEIGHT + 60)}
      data={data}
      dataKey="label"
      type="percent"
      orientation="vertical"
      withLegend
      // Recharts sorts legend items by name unless told not to; in series order they read as the bars do.
      legendProps={{ verticalAlign: 'top', height: 36, itemSorter: null }}
      yAxisProps={{ width: 300, interval: 0 }}
      gridAxis="x"
      valueFormatter={(value) => formatNumber(value, locale)}
      series={[
        { name: 'sold', label: t('sold'), color: 'indigo.6' },
        { name: 'blocked', label: t('blocked'), color: 'gray.5' },
        { name: 'available', label: t('available'), color: 'teal.4' },
      ]}
      data-testid="occupancy-chart"
    />
  );
}
