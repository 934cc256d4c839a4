import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render';
import { DateRangeFields } from './date-range-fields';

function Filter({ initial }: { initial: { from: string; to: string } }) {
  const [range, setRange] = useState(initial);
  return (
    <DateRangeFields
      labels={{ from: 'Geopend vanaf', to: 'Geopend tot en met' }}
      from={range.from}
      to={range.to}
      onChange={(field, value) => setRange((current) => ({ ...current, [field]: value }))}
      testIdPrefix="filter"
    />
  );
}

describe('DateRangeFields', () => {
  it('says on the second field that a reversed range ends before it starts, keeping both dates', () => {
    renderWithApp(<Filter initial={{ from: '2026-12-10', to: '' }} />);
    const to = screen.getByTestId('filter-to');
    fireEvent.change(to, { target: { value: '2026-12-01' } });
    expect(to).toHaveValue('2026-12-01');
    expect(screen.getByTestId('filter-from')).toHaveValue('2026-12-10');
    expect(to).toHaveAccessibleDescription('Ligt vóór de datum bij Geopend vanaf');
    expect(to).toHaveAttribute('aria-invalid', 'true');
  });

  it('says nothing for a range in order, the same day, or one end left open', () => {
    for (const range of [
      { from: '2026-12-01', to: '2026-12-10' },
      { from: '2026-12-01', to: '2026-12-01' },
      { from: '', to: '2026-12-01' },
      { from: '2026-12-10', to: '' },
    ]) {
      const { unmount } = renderWithApp(<Filter initial={range} />);
      expect(screen.getByTestId('filter-to')).not.toHaveAttribute('aria-invalid', 'true');
      unmount();
    }
  });
});
