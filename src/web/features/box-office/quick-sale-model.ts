import { nextQuantity, type TypedQuantity } from './sale-keys';

/**
 * The quick walk-in sale (issue 31 item 6), pure: W opens it after choosing a performance, a digit says how many,
 * Enter holds the best available seats at the chosen price, Enter pays cash — four keys. Escape cancels before
 * paying (the held seats are released).
 */
export type QuickSaleStep = 'closed' | 'quantity' | 'holding' | 'confirm' | 'paying';

export interface QuickSaleState {
  step: QuickSaleStep;
  quantity: TypedQuantity | null;
}

export const quickSaleClosed: QuickSaleState = { step: 'closed', quantity: null };

export type QuickSaleKey = { type: 'digit'; digit: number } | { type: 'next' } | { type: 'cancel' };

/** What a key does in the quick sale's dialog; keys of other steps (while seats are held or paid) do nothing. */
export function quickSaleKey(key: string, step: QuickSaleStep): QuickSaleKey | null {
  if (step === 'quantity' && /^[0-9]$/.test(key)) return { type: 'digit', digit: Number(key) };
  if (key === 'Enter' && (step === 'quantity' || step === 'confirm')) return { type: 'next' };
  // Not while the seats are on their way: the hold's answer would make a cart after the cancel.
  if (key === 'Escape' && (step === 'quantity' || step === 'confirm')) return { type: 'cancel' };
  return null;
}

/** The quantity after a digit (sale-keys.ts: "1", "2" quickly → 12). */
export function typedQuantity(state: QuickSaleState, digit: number, now: number): QuickSaleState {
  return { ...state, quantity: nextQuantity(state.quantity, digit, now) ?? state.quantity };
}

/** The quantity tapped on the dialog's buttons: it replaces what was typed, and a digit typed next starts anew. */
export function chosenQuantity(state: QuickSaleState, value: number): QuickSaleState {
  return { ...state, quantity: { value, at: 0 } };
}
