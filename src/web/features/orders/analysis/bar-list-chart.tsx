export interface Bar {
  key: string;
  label: string;
  value: number;
}

/**
 * Horizontal bars as plain elements: each row is its label, a bar as long as its share of the largest
 * value, and the value as text, so the chart reads as a list without the bars (they are hidden from
 * assistive technology) and a new selection redraws ten rows, nothing more.
 */
export function BarListChart({
  bars,
  color,
  formatValue,
  labelledBy,
}: {
  bars: readonly Bar[];
  /** A CSS colour. */
  color: string;
  formatValue: (value: number) => string;
  labelledBy: string;
}) {
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  return (
    <ul className="foyer-bar-list" aria-labelledby={labelledBy}>
      {bars.map((bar) => (
        <li key={bar.key} className="foyer-bar-row">
          <span className="foyer-bar-label" title={bar.label}>
            {bar.label}
          </span>
          <span className="foyer-bar-track" aria-hidden="true">
            <span
              className="foyer-bar"
              style={{ width: `${largest > 0 ? (bar.value / largest) * 100 : 0}%`, background: color }}
            />
          </span>
          <span className="foyer-bar-value foyer-tabular">{formatValue(bar.value)}</span>
        </li>
      ))}
    </ul>
  );
}
