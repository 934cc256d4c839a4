import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { centsOf } from '../lib/money';
import { renderWithApp } from '../testing/render';
import { MoneyInput } from './money-input';

let held: number | string = '';

function Counted() {
  const [value, setValue] = useState<number | string>('');
  held = value;
  return (
    <>
      <MoneyInput label="Geteld" value={value} onChange={setValue} />
      <button type="button">Elders</button>
    </>
  );
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
    expect(centsOf(held)).toBe(59_550);
    // Entered again, the text stays as it is: nothing moves under the caret or the selection.
    await userEvent.click(field);
    expect(field).toHaveValue('€ 595,50');
  });

  it('tabbed into, an amount ending in ,00 is replaced by what is typed (a recount was added to "€ 234,00")', async () => {
    renderWithApp(<Counted />);
    const field = screen.getByRole('textbox', { name: 'Geteld' });
    await userEvent.click(field);
    await userEvent.keyboard('234');
    await userEvent.tab();
    expect(field).toHaveValue('€ 234,00');
    // Back into the field by Shift+Tab from the button after it, as a seller recounting does: all of it selected.
    await userEvent.tab({ shift: true });
    expect(field).toHaveFocus();
    await userEvent.keyboard('254');
    expect(field).toHaveValue('€ 254');
    expect(centsOf(held)).toBe(25_400);
  });

  it('keeps a minus and an amount beyond a limit as typed, for the form to refuse with a message', async () => {
    renderWithApp(<Counted />);
    const field = screen.getByRole('textbox', { name: 'Geteld' });
    await userEvent.click(field);
    await userEvent.keyboard('-50');
    await userEvent.tab();
    // It read "€ 50": a negative opening float became a positive one without a word.
    expect(field).toHaveValue('-€ 50');
    expect(centsOf(held)).toBeNull();
    await userEvent.clear(field);
    await userEvent.keyboard('2000000');
    await userEvent.tab();
    expect(field).toHaveValue('€ 2.000.000,00');
  });

  // A walkthrough's seller opened a shift with "1.000,00" typed as the float: it read € 1,00.
  it.each([
    ['1.000,00', 100_000],
    ['1.234,56', 123_456],
    ['1.000.000', 100_000_000],
    ['12.50', 1_250],
    ['12,505', 1_250],
  ])('takes "%s" typed at the desk as %i cents', async (typed, cents) => {
    renderWithApp(<Counted />);
    const field = screen.getByRole('textbox', { name: 'Geteld' });
    await userEvent.click(field);
    await userEvent.keyboard(typed);
    await userEvent.tab();
    expect(centsOf(held)).toBe(cents);
  });
});
