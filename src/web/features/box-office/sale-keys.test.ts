import { describe, expect, it } from 'vitest';
import { nextQuantity, type SaleKeyInput, saleKeyAction } from './sale-keys';

const press = (key: string, extra: Partial<SaleKeyInput> = {}): SaleKeyInput => ({
  key,
  typing: false,
  onControl: false,
  ...extra,
});

describe('saleKeyAction', () => {
  it('maps the selection keys: / search, digits, Enter add, C checkout, W quick walk-in sale, N new sale', () => {
    expect(saleKeyAction(press('/'), 'select')).toEqual({ type: 'focusSearch' });
    expect(saleKeyAction(press('4'), 'select')).toEqual({ type: 'quantityDigit', digit: 4 });
    expect(saleKeyAction(press('0'), 'select')).toEqual({ type: 'quantityDigit', digit: 0 });
    expect(saleKeyAction(press('Enter'), 'select')).toEqual({ type: 'add' });
    expect(saleKeyAction(press('c'), 'select')).toEqual({ type: 'checkout' });
    expect(saleKeyAction(press('C'), 'select')).toEqual({ type: 'checkout' });
    expect(saleKeyAction(press('n'), 'select')).toEqual({ type: 'newSale' });
    expect(saleKeyAction(press('w'), 'select')).toEqual({ type: 'quickSale' });
    expect(saleKeyAction(press('W'), 'checkout')).toBeNull();
  });

  it('in checkout, 1–9 choose a payment method, Enter pays, Escape goes back', () => {
    expect(saleKeyAction(press('1'), 'checkout')).toEqual({ type: 'paymentMethod', index: 0 });
    expect(saleKeyAction(press('9'), 'checkout')).toEqual({ type: 'paymentMethod', index: 8 });
    expect(saleKeyAction(press('0'), 'checkout')).toBeNull();
    expect(saleKeyAction(press('Enter'), 'checkout')).toEqual({ type: 'confirmPayment' });
    expect(saleKeyAction(press('Escape'), 'checkout')).toEqual({ type: 'back' });
    expect(saleKeyAction(press('c'), 'checkout')).toBeNull();
  });

  it('T adds too, also on a control (the seat plan keeps Enter for choosing a seat); not in checkout', () => {
    expect(saleKeyAction(press('t'), 'select')).toEqual({ type: 'add' });
    expect(saleKeyAction(press('T', { onControl: true }), 'select')).toEqual({ type: 'add' });
    expect(saleKeyAction(press('t'), 'checkout')).toBeNull();
    expect(saleKeyAction(press('t', { typing: true }), 'select')).toBeNull();
  });

  it('after a sale only N (and /) do something', () => {
    expect(saleKeyAction(press('N'), 'done')).toEqual({ type: 'newSale' });
    expect(saleKeyAction(press('2'), 'done')).toBeNull();
    expect(saleKeyAction(press('Enter'), 'done')).toBeNull();
  });

  it('leaves typing, modified keys and Enter/Space on controls alone', () => {
    expect(saleKeyAction(press('n', { typing: true }), 'select')).toBeNull();
    expect(saleKeyAction(press('3', { typing: true }), 'checkout')).toBeNull();
    expect(saleKeyAction(press('c', { ctrlKey: true }), 'select')).toBeNull();
    expect(saleKeyAction(press('n', { metaKey: true }), 'select')).toBeNull();
    expect(saleKeyAction(press('Enter', { onControl: true }), 'select')).toBeNull();
    expect(saleKeyAction(press(' ', { onControl: true }), 'checkout')).toBeNull();
    // A letter on a focused button still works: only activation keys belong to the control.
    expect(saleKeyAction(press('c', { onControl: true }), 'select')).toEqual({ type: 'checkout' });
  });
});

describe('nextQuantity', () => {
  it('starts with a digit and extends it when the next one follows quickly', () => {
    const one = nextQuantity(null, 1, 1000);
    expect(one).toEqual({ value: 1, at: 1000 });
    expect(nextQuantity(one, 2, 1500)).toEqual({ value: 12, at: 1500 });
    expect(nextQuantity(one, 0, 1900)).toEqual({ value: 10, at: 1900 });
  });

  it('starts over after a pause and ignores a lone 0', () => {
    expect(nextQuantity({ value: 1, at: 0 }, 3, 5000)).toEqual({ value: 3, at: 5000 });
    expect(nextQuantity({ value: 10, at: 0 }, 0, 100)).toEqual({ value: 100, at: 100 });
    expect(nextQuantity(null, 0, 0)).toBeNull();
  });

  // A walkthrough typed 800 and Enter: 80 tickets went into the cart without a word (the last 0 started over, alone).
  it('keeps the quantity and says so when a digit would pass 100', () => {
    const eight = nextQuantity(null, 8, 0);
    const eighty = nextQuantity(eight, 0, 100);
    expect(eighty).toEqual({ value: 80, at: 100 });
    expect(nextQuantity(eighty, 0, 200)).toEqual({ value: 80, at: 200, tooMany: true });
    expect(nextQuantity({ value: 12, at: 0 }, 5, 100)).toEqual({ value: 12, at: 100, tooMany: true });
  });
});
