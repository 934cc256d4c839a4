import { describe, expect, it } from 'vitest';
import { chosenQuantity, quickSaleClosed, quickSaleKey, typedQuantity } from './quick-sale-model';

describe('the quick walk-in sale', () => {
  it('takes a digit, then Enter to hold the seats, then Enter to pay: four keys with the W that opened it', () => {
    const keys = [quickSaleKey('2', 'quantity'), quickSaleKey('Enter', 'quantity'), quickSaleKey('Enter', 'confirm')];
    expect(keys).toEqual([{ type: 'digit', digit: 2 }, { type: 'next' }, { type: 'next' }]);
  });

  it('ignores Enter while the seats are being held or paid (never a second sale), and digits after the quantity', () => {
    expect(quickSaleKey('Enter', 'holding')).toBeNull();
    expect(quickSaleKey('Enter', 'paying')).toBeNull();
    expect(quickSaleKey('3', 'confirm')).toBeNull();
  });

  it('cancels on Escape before it pays, but not while the seats are on their way', () => {
    for (const step of ['quantity', 'confirm'] as const) {
      expect(quickSaleKey('Escape', step)).toEqual({ type: 'cancel' });
    }
    expect(quickSaleKey('Escape', 'holding')).toBeNull();
    expect(quickSaleKey('Escape', 'paying')).toBeNull();
  });

  it('reads digits typed quickly as one quantity, a 0 alone as none', () => {
    const open = { ...quickSaleClosed, step: 'quantity' as const };
    expect(typedQuantity(open, 0, 0).quantity).toBeNull();
    const twelve = typedQuantity(typedQuantity(open, 1, 0), 2, 300);
    expect(twelve.quantity?.value).toBe(12);
    expect(typedQuantity(twelve, 4, 5_000).quantity?.value).toBe(4);
  });

  it('takes a tapped quantity in place of a typed one; a digit typed after it starts anew', () => {
    const open = { step: 'quantity' as const, quantity: null };
    const tapped = chosenQuantity(typedQuantity(open, 1, 1_000), 4);
    expect(tapped.quantity?.value).toBe(4);
    expect(typedQuantity(tapped, 2, 1_050).quantity?.value).toBe(2);
  });
});
