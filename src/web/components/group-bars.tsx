import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.css';
import { Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import type { GroupTotals } from '../../contract/reports';
import { defineMessages, useMessages } from '../lib/i18n';
import { evenTicks } from './axis-ticks';
import './chart-details.css';

const messages = defineMessages(
  { asTable: 'Als tabel tonen', group: 'Groep' },
  { asTable: 'Show as a table', group: 'Group' },
);

/** Height per bar of the horizontal bar charts: room for a one-line label beside it. */
const BAR_HEIGHT = 28;
/** The labels' room beside the bars (the category axis's width); less in a phone's narrow chart. */
const LABEL_WIDTH = 180;
const NARROW_LABEL_WIDTH = 120;
/** A chart narrower than this gives its labels NARROW_LABEL_WIDTH. */
const NARROW_CHART = 480;
/** Room a value axis label takes ("€ 200.000" at 12 px), with a gap: no more ticks than fit. */
const TICK_ROOM = 76;
/** A label's line height at the axis's 12 px font. */
const LINE_HEIGHT = 14;
/**
 * Characters of a label line, reckoned on the wide side (8 px each at 12 px; the axis keeps a few pixels for its
 * tick): the chart wraps a longer label at its spaces, and an event's name with its date took three lines.
 */
const lineCharacters = (labelWidth: number) => Math.floor((labelWidth - 8) / 8);

/** The lines a label takes when wrapped at spaces into a line of `labelWidth`, as the chart wraps it (an estimate). */
export function labelLines(label: string, labelWidth = LABEL_WIDTH): number {
  const LINE_CHARACTERS = lineCharacters(labelWidth);
  let lines = 1;
  let length = 0;
  for (const word of label.split(/\s+/).filter(Boolean)) {
    if (length > 0 && length + 1 + word.length > LINE_CHARACTERS) {
      lines += 1;
      length = word.length;
    } else {
      length += (length > 0 ? 1 : 0) + word.length;
    }
  }
  return lines;
}

/**
 * Report groups (`GroupTotals`) as horizontal bars, largest first, empty groups left out: the orders analysis
 * and a performance's sales both chart their groups this way.
 */
export function GroupBars({
  groups,
  value,
  label,
  format,
  axisFormat = format,
  color,
  measure,
  testId,
}: {
  groups: readonly GroupTotals[];
  value: (group: GroupTotals) => number;
  label: (key: string) => string;
  format: (value: number) => string;
  /** The value axis's labels (shorter than `format`'s where room is short: "€ 250K"). */
  axisFormat?: (value: number) => string;
  color: string;
  /** What the bars measure, for the tooltip. */
  measure: string;
  testId: string;
}) {
  const t = useMessages(messages);
  const { ref, width } = useElementSize();
  const [tableOpen, setTableOpen] = useState(false);
  const data = groups
    .map((group) => ({ name: label(group.key), value: value(group) }))
    .filter((bar) => bar.value > 0)
    .sort((a, b) => b.value - a.value);
  // As many value ticks as their labels have room for: at 390 px four of them ran into each other.
  const labelWidth = width > 0 && width < NARROW_CHART ? NARROW_LABEL_WIDTH : LABEL_WIDTH;
  const most = width > 0 ? Math.min(4, Math.max(1, Math.floor((width - labelWidth - 28) / TICK_ROOM))) : 4;
  const ticks = evenTicks(Math.max(0, ...data.map((bar) => bar.value)), most);
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  }
  // Every bar as tall as the longest label needs, so that wrapped labels do not run into each other.
  const barHeight = Math.max(BAR_HEIGHT, ...data.map((bar) => labelLines(bar.name, labelWidth) * LINE_HEIGHT + 8));
  return (
    <div ref={ref}>
      <BarChart
        h={Math.max(120, data.length * barHeight + 40)}
        data={data}
        dataKey="name"
        orientation="vertical"
        series={[{ name: 'value', label: measure, color }]}
        valueFormatter={format}
        yAxisProps={{ width: labelWidth, interval: 0 }}
        // Our own even ticks, every one labelled: the library's own dropped labels that did not fit (uneven steps).
        xAxisProps={{ tickFormatter: axisFormat, ticks, domain: [0, ticks.at(-1) ?? 1], interval: 0 }}
        gridAxis="x"
        // Room for the last tick's label, which is centred on the right edge.
        barChartProps={{ margin: { right: 28 } }}
        data-testid={testId}
      />
      {/* The figures themselves, for whoever cannot see or point at the bars (the drawing gives only its axes). */}
      <details className="foyer-chart-details" onToggle={(event) => setTableOpen(event.currentTarget.open)}>
        <summary>{t('asTable')}</summary>
        {tableOpen ? (
          <table className="foyer-bars-table" data-testid={`${testId}-table`}>
            <thead>
              <tr>
                <th scope="col">{t('group')}</th>
                <th scope="col" className="foyer-bars-number">
                  {measure}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((bar) => (
                <tr key={bar.name}>
                  <th scope="row">{bar.name}</th>
                  <td className="foyer-tabular foyer-bars-number">{format(bar.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </details>
    </div>
  );
}
