import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import { Text } from '@mantine/core';
import type { GroupTotals } from '../../contract/reports';

/** Height per bar of the horizontal bar charts: room for a one-line label beside it. */
const BAR_HEIGHT = 28;

/**
 * Report groups (`GroupTotals`) as horizontal bars, largest first, empty groups left out: the orders analysis
 * and a performance's sales both chart their groups this way.
 */
export function GroupBars({
  groups,
  value,
  label,
  format,
  color,
  measure,
  testId,
}: {
  groups: readonly GroupTotals[];
  value: (group: GroupTotals) => number;
  label: (key: string) => string;
  format: (value: number) => string;
  color: string;
  /** What the bars measure, for the tooltip. */
  measure: string;
  testId: string;
}) {
  const data = groups
    .map((group) => ({ name: label(group.key), value: value(group) }))
    .filter((bar) => bar.value > 0)
    .sort((a, b) => b.value - a.value);
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  }
  return (
    <BarChart
      h={Math.max(120, data.length * BAR_HEIGHT + 40)}
      data={data}
      dataKey="name"
      orientation="vertical"
      series={[{ name: 'value', label: measure, color }]}
      valueFormatter={format}
      yAxisProps={{ width: 180, interval: 0 }}
      xAxisProps={{ tickFormatter: format }}
      gridAxis="x"
      data-testid={testId}
    />
  );
}
