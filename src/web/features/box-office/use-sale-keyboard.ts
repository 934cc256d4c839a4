import { useEffect, useRef } from 'react';
import { isTypingTarget } from '../../lib/keys';
import { nextQuantity, type SaleStage, saleKeyAction, type TypedQuantity } from './sale-keys';

const CONTROL_SELECTOR =
  'button, a[href], [role="button"], [role="option"], [role="combobox"], [role="listbox"], summary';

export interface SaleKeyHandlers {
  focusSearch: () => void;
  /**
   * Digits set the quantity (`tooMany`: a digit would have passed the maximum, the quantity stays); null on the
   * plan, where seats are chosen there ("best N" has its own control).
   */
  setQuantity: ((quantity: number, tooMany: boolean) => void) | null;
  add: () => void;
  checkout: () => void;
  /** W: the quick walk-in sale (use-quick-sale.ts). */
  quickSale: () => void;
  paymentMethod: (index: number) => void;
  confirmPayment: () => void;
  back: () => void;
  newSale: () => void;
}

/**
 * The box office's keyboard map (sale-keys.ts) on the window, while no dialog is open (`paused`) and no
 * dialog has the key. The handlers are read through a ref, so the listener is added once and always sees
 * the current state.
 */
export function useSaleKeyboard(stage: SaleStage, paused: boolean, handlers: SaleKeyHandlers) {
  const typedQuantity = useRef<TypedQuantity | null>(null);
  const onKey = useRef<(event: KeyboardEvent) => void>(() => {});
  onKey.current = (keyEvent: KeyboardEvent) => {
    if (keyEvent.defaultPrevented || paused) return;
    const target = keyEvent.target instanceof HTMLElement ? keyEvent.target : null;
    if (target?.closest('[role="dialog"]')) return;
    const action = saleKeyAction(
      {
        key: keyEvent.key,
        ctrlKey: keyEvent.ctrlKey,
        metaKey: keyEvent.metaKey,
        altKey: keyEvent.altKey,
        typing: isTypingTarget(keyEvent.target),
        onControl: Boolean(target?.closest(CONTROL_SELECTOR)),
      },
      stage,
    );
    if (!action) return;
    keyEvent.preventDefault();
    switch (action.type) {
      case 'focusSearch':
        handlers.focusSearch();
        break;
      case 'quantityDigit': {
        if (!handlers.setQuantity) break;
        const next = nextQuantity(typedQuantity.current, action.digit, Date.now());
        typedQuantity.current = next;
        if (next) handlers.setQuantity(next.value, next.tooMany === true);
        break;
      }
      case 'add':
        handlers.add();
        break;
      case 'checkout':
        handlers.checkout();
        break;
      case 'quickSale':
        handlers.quickSale();
        break;
      case 'paymentMethod':
        handlers.paymentMethod(action.index);
        break;
      case 'confirmPayment':
        handlers.confirmPayment();
        break;
      case 'back':
        handlers.back();
        break;
      case 'newSale':
        handlers.newSale();
        break;
    }
  };
  useEffect(() => {
    const listener = (keyEvent: KeyboardEvent) => onKey.current(keyEvent);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
