import { useElementSize } from '@mantine/hooks';
import { type MouseEvent, useMemo, useState } from 'react';

export interface AreaSeries {
  /** The field of each row that holds this series' value. */
  key: string;
  label: string;
  /** A CSS colour. */
  color: string;
}

const MARGIN = { top: 8, right: 12, bottom: 26, left: 84 };
const Y_TICKS = 4;
const X_TICKS = 6;

/**
 * A round tick step for about Y_TICKS ticks, and the axis top: 1, 2, 2.5 or 5 times a power of ten, and a
 * whole number (the axis shows whole euros, so a step of 0.5 or 2.5 would print the same label twice).
 */
export function niceScale(max: number): { top: number; step: number } {
  if (max <= 0) return { top: Y_TICKS, step: 1 };
  const rough = max / Y_TICKS;
  const power = 10 ** Math.max(0, Math.floor(Math.log10(rough)));
  const factors = power >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10];
  const step = (factors.find((factor) => factor * power >= rough) ?? 10) * power;
  return { top: Math.ceil(max / step) * step, step };
}

/** Coordinates of the stacked areas: one closed path per series, from its top edge back along its base. */
function stackedLayout(
  rows: ReadonlyArray<Record<string, string | number>>,
  series: readonly AreaSeries[],
  width: number,
  height: number,
) {
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = Math.max(1, height - MARGIN.top - MARGIN.bottom);
  const count = rows.length;
  const xAt = (i: number) => MARGIN.left + (count === 1 ? plotWidth / 2 : (i * plotWidth) / (count - 1));
  const base = new Float64Array(count);
  const edges: Float64Array[] = [];
  for (const { key } of series) {
    const edge = new Float64Array(count);
    for (let i = 0; i < count; i++) edge[i] = (base[i] as number) + (Number(rows[i]?.[key]) || 0);
    edges.push(edge);
    base.set(edge);
  }
  const { top, step } = niceScale(Math.max(0, ...base));
  const yAt = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const point = (i: number, value: number) => `${xAt(i).toFixed(1)},${yAt(value).toFixed(1)}`;
  const paths = edges.map((edge, k) => {
    const below = edges[k - 1];
    const upper = Array.from(edge, (value, i) => point(i, value));
    const lower: string[] = [];
    for (let i = count - 1; i >= 0; i--) lower.push(point(i, below ? (below[i] as number) : 0));
    return { area: `M${upper.join('L')}L${lower.join('L')}Z`, line: `M${upper.join('L')}` };
  });
  const yTicks = Array.from({ length: Math.round(top / step) + 1 }, (_, k) => ({ value: k * step, y: yAt(k * step) }));
  const xTicks = [
    ...new Set(
      Array.from({ length: Math.min(X_TICKS, count) }, (_, k) =>
        Math.round((k * (count - 1)) / Math.max(1, Math.min(X_TICKS, count) - 1)),
      ),
    ),
  ];
  return { paths, yTicks, xTicks, xAt, plotWidth, plotHeight };
}

/**
 * Values per row stacked as areas, drawn as plain SVG: a few paths however many rows, so a new selection
 * redraws in a millisecond or two (recharts laid the same chart out in 50–110 ms, in one piece that input
 * waited behind). Hovering shows the row's values; the figure's table alternative lists them all.
 */
export function StackedAreaChart({
  rows,
  xKey,
  series,
  height,
  formatValue,
  formatAxis,
  formatX,
  title,
}: {
  rows: ReadonlyArray<Record<string, string | number>>;
  xKey: string;
  series: readonly AreaSeries[];
  height: number;
  formatValue: (value: number) => string;
  /** The value axis's labels: round figures, shorter than formatValue's. */
  formatAxis: (value: number) => string;
  formatX: (x: string) => string;
  /** What the chart shows, for assistive technology (the figure's caption says the same). */
  title: string;
}) {
  const { ref, width } = useElementSize();
  const layout = useMemo(
    () => (width > 0 && rows.length > 0 ? stackedLayout(rows, series, width, height) : null),
    [rows, series, width, height],
  );
  const [hovered, setHovered] = useState<number | null>(null);
  const hover = (event: MouseEvent<SVGSVGElement>) => {
    if (!layout || rows.length === 0) return;
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left - MARGIN.left;
    const at = rows.length === 1 ? 0 : Math.round((x / layout.plotWidth) * (rows.length - 1));
    setHovered(Math.min(rows.length - 1, Math.max(0, at)));
  };
  const hoveredRow = hovered === null ? undefined : rows[hovered];

  return (
    <div className="foyer-chart">
      <ul className="foyer-chart-legend">
        {series.map((item) => (
          <li key={item.key}>
            <span className="foyer-chart-swatch" style={{ background: item.color }} aria-hidden="true" />
            {item.label}
          </li>
        ))}
      </ul>
      <div ref={ref} className="foyer-chart-plot" style={{ height }}>
        {layout ? (
          <svg width={width} height={height} role="img" onMouseMove={hover} onMouseLeave={() => setHovered(null)}>
            <title>{title}</title>
            {layout.yTicks.map((tick) => (
              <g key={tick.value}>
                <line
                  x1={MARGIN.left}
                  x2={MARGIN.left + layout.plotWidth}
                  y1={tick.y}
                  y2={tick.y}
                  className="foyer-chart-grid"
                />
                <text x={MARGIN.left - 8} y={tick.y} dy="0.32em" textAnchor="end" className="foyer-chart-tick">
                  {formatAxis(tick.value)}
                </text>
              </g>
            ))}
            {layout.xTicks.map((i) => (
              <text
                key={i}
                x={layout.xAt(i)}
                y={MARGIN.top + layout.plotHeight + 18}
                textAnchor={i === 0 ? 'start' : i === rows.length - 1 ? 'end' : 'middle'}
                className="foyer-chart-tick"
              >
                {formatX(String(rows[i]?.[xKey]))}
              </text>
            ))}
            {layout.paths.map((path, k) => {
              const color = series[k]?.color;
              return (
                <g key={series[k]?.key}>
                  <path d={path.area} fill={color} fillOpacity={0.25} />
                  <path d={path.line} fill="none" stroke={color} strokeWidth={1.5} strokeLinejoin="round" />
                </g>
              );
            })}
            {hovered === null ? null : (
              <line
                x1={layout.xAt(hovered)}
                x2={layout.xAt(hovered)}
                y1={MARGIN.top}
                y2={MARGIN.top + layout.plotHeight}
                className="foyer-chart-cursor"
              />
            )}
          </svg>
        ) : null}
        {layout && hovered !== null && hoveredRow ? (
          <div
            className="foyer-chart-tooltip"
            style={
              layout.xAt(hovered) > width / 2
                ? { right: width - layout.xAt(hovered) + 8 }
                : { left: layout.xAt(hovered) + 8 }
            }
          >
            <div className="foyer-chart-tooltip-title">{formatX(String(hoveredRow[xKey]))}</div>
            {series.map((item) => (
              <div key={item.key} className="foyer-chart-tooltip-row">
                <span className="foyer-chart-swatch" style={{ background: item.color }} aria-hidden="true" />
                <span>{item.label}</span>
                <span className="foyer-tabular">{formatValue(Number(hoveredRow[item.key]) || 0)}</span>
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
