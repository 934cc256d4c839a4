import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/render';
import { MoneyInput } from './money-input';

function Counted() {
  const [value, setValue] = useState<number | string>('');
  return <MoneyInput label="Geteld" value={value} onChange={setValue} />;
}

describe('MoneyInput', () => {
  it('reads as money out of the field, and adds no zeros while typing', async () => {
    renderWithApp(<Counted />);
    const field = screen.getByRole('textbox', { name: 'Geteld' });
    await userEvent.click(field);
    await userEvent.keyboard('595,5');
    expect(field).toHaveValue('€ 595,5');
    await userEvent.tab();
    expect(field).toHaveValue('€ 595,50');
    await userEvent.click(field);
    expect(field).toHaveValue('€ 595,5');
  });
});
