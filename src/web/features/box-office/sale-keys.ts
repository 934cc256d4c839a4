/**
 * The box office's keyboard map, pure so it is tested without a DOM: which key does what in which stage
 * of a sale. The page listens on the window and runs the action; keys typed into a field never count
 * (except Escape), and Enter or Space on a button or link keeps its own meaning.
 */

export type SaleStage = 'select' | 'checkout' | 'done';

export type SaleKeyAction =
  | { type: 'focusSearch' }
  | { type: 'quantityDigit'; digit: number }
  | { type: 'add' }
  | { type: 'checkout' }
  | { type: 'quickSale' }
  | { type: 'paymentMethod'; index: number }
  | { type: 'confirmPayment' }
  | { type: 'newSale' }
  | { type: 'back' };

export interface SaleKeyInput {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The key went to a text field (see lib/keys.ts isTypingTarget). */
  typing: boolean;
  /** The key went to a button, link or other control that Enter and Space activate by themselves. */
  onControl: boolean;
}

export function saleKeyAction(input: SaleKeyInput, stage: SaleStage): SaleKeyAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  const { key } = input;
  if (input.typing) return null;
  if ((key === 'Enter' || key === ' ') && input.onControl) return null;
  if (key === '/') return { type: 'focusSearch' };
  const lower = key.toLowerCase();
  if (lower === 'n') return { type: 'newSale' };
  if (stage === 'select') {
    if (/^[0-9]$/.test(key)) return { type: 'quantityDigit', digit: Number(key) };
    // T (toevoegen) as well as Enter: on the seat plan Enter chooses the seat in focus, and a seller who
    // chose seats there by keyboard took 19 Tabs to reach the add button.
    if (key === 'Enter' || lower === 't') return { type: 'add' };
    if (lower === 'c') return { type: 'checkout' };
    if (lower === 'w') return { type: 'quickSale' };
  }
  if (stage === 'checkout') {
    if (/^[1-9]$/.test(key)) return { type: 'paymentMethod', index: Number(key) - 1 };
    if (key === 'Enter') return { type: 'confirmPayment' };
    if (key === 'Escape') return { type: 'back' };
  }
  return null;
}

/** Digits typed within this time make one number ("1" then "2" → 12). */
export const DIGIT_SEQUENCE_MS = 1000;
export const MAX_QUANTITY = 100;

export interface TypedQuantity {
  value: number;
  at: number;
  /** The digit would have made more than MAX_QUANTITY: the value stays, and the seller is told. */
  tooMany?: boolean;
}

/**
 * The quantity after a digit key: a digit shortly after another extends it (up to the service's 100 per
 * item), otherwise it starts over. 0 alone is not a quantity; it only extends ("1", "0" → 10). A digit that
 * would pass the maximum keeps the value and says so (`tooMany`): "800" had become 80 without a word.
 */
export function nextQuantity(previous: TypedQuantity | null, digit: number, now: number): TypedQuantity | null {
  if (previous && now - previous.at <= DIGIT_SEQUENCE_MS) {
    const combined = previous.value * 10 + digit;
    if (combined <= MAX_QUANTITY) return { value: combined, at: now };
    return { value: previous.value, at: now, tooMany: true };
  }
  return digit === 0 ? null : { value: digit, at: now };
}
