import { useQuery } from '@tanstack/react-query';
import { type Dispatch, useEffect, useRef, useState } from 'react';
import { toCents } from '../../lib/money';
import { quantityItem, type RankPrice, totalWithFee } from './cart-model';
import { cashChange } from './cash-change';
import { chosenQuantity, type QuickSaleState, quickSaleClosed, quickSaleKey, typedQuantity } from './quick-sale-model';
import type { SaleAction } from './sale-state';
import type { useAddToCart } from './use-add-to-cart';
import type { Checkout } from './use-checkout';
import type { PerformanceTickets } from './use-performance-tickets';
import type { SaleCart } from './use-sale-cart';
import { walkInQueries } from './walk-in-queries';

/**
 * The quick walk-in sale (quick-sale-model.ts) on the sale's own cart and checkout: the best available seats by
 * quantity at the chosen price (the quantity path of the box office, quantityItem), the organisation's walk-in
 * customer, cash. Paid once per sale, however often Enter is pressed; printed as every sale is (SaleComplete).
 */
export function useQuickSale({
  sale,
  tickets,
  price,
  quantity: typedOnPage,
  addToCart,
  checkout,
  dispatch,
  abandonAndStartOver,
}: {
  sale: SaleCart;
  tickets: PerformanceTickets;
  price: RankPrice | undefined;
  /** The quantity on the sale's own field: a number typed before W is the walk-in's (a walkthrough's 4 became –). */
  quantity: number;
  addToCart: ReturnType<typeof useAddToCart>;
  checkout: Checkout;
  dispatch: Dispatch<SaleAction>;
  abandonAndStartOver: () => void;
}) {
  const [state, setState] = useState<QuickSaleState>(quickSaleClosed);
  const open = state.step !== 'closed';
  const walkIn = useQuery({ ...walkInQueries.customer(), enabled: open });
  const cashMethod = checkout.methods?.find((method) => method.paymentMethodId === walkIn.data?.cashMethodId);
  /** What the held seats cost paid cash, fee included: the dialog shows it, and less handed over cannot pay. */
  const toPay = totalWithFee(sale.cart?.amount ?? 0, cashMethod?.fee ?? 0);
  // Two Enters within one frame both see "not paying" yet: this ref says it at once.
  const paying = useRef(false);
  const cartHasLines = checkout.cartHasLines;
  /** Opened on a sale that already had lines: it says so, and sells nothing. */
  const [blocked, setBlocked] = useState(false);
  /** The cash handed over (null: the exact amount), and so the change to count out on the sale's screen. */
  const [tenderedCents, setTenderedCents] = useState<number | null>(null);

  const close = () => {
    setState(quickSaleClosed);
    setBlocked(false);
  };

  /** A performance and its price are there: the quick sale can open (by W, or its button on a touchscreen). */
  const available = Boolean(tickets.event.data && tickets.plan.data && price);
  const start = () => {
    if (!available) return;
    setBlocked(cartHasLines);
    setTenderedCents(null);
    // The field's quantity as if tapped: Enter holds it, and a digit typed next starts a new number.
    setState(chosenQuantity({ step: 'quantity', quantity: null }, typedOnPage));
  };

  const hold = () => {
    const quantity = state.quantity?.value;
    const { event } = tickets;
    if (blocked || !quantity || !price || !event.data) return;
    setState({ ...state, step: 'holding' });
    addToCart.add([quantityItem(event.data.eventId, price, quantity)], 'tickets', () =>
      setState((current) => (current.step === 'holding' ? { ...current, step: 'confirm' } : current)),
    );
  };

  const pay = () => {
    const buyer = walkIn.data?.customer;
    if (paying.current || sale.checkout.isPending || !buyer || !cashMethod || !cartHasLines) return;
    // Less than the total handed over cannot pay (the field says what is missing).
    if (cashChange(toCents(toPay), tenderedCents).kind === 'short') return;
    paying.current = true;
    setState({ ...state, step: 'paying' });
    dispatch({ type: 'customerChosen', customer: buyer });
    dispatch({ type: 'methodChosen', methodId: cashMethod.paymentMethodId });
    sale.checkout.mutate(
      { customerId: buyer.customerId, method: cashMethod, tenderedCents },
      {
        onSettled: () => {
          paying.current = false;
        },
        onError: () => setState((current) => ({ ...current, step: 'confirm' })),
      },
    );
  };

  const cancel = () => {
    if (state.step === 'confirm') abandonAndStartOver();
    close();
  };

  // The hold failed (sold out meanwhile, the service refused): back to the quantity, the error on screen.
  const addFailed = sale.add.isError;
  useEffect(() => {
    if (addFailed) setState((current) => (current.step === 'holding' ? { ...current, step: 'quantity' } : current));
  }, [addFailed]);
  // Paid: the sale's own screen takes over (the order, its prints).
  const completed = sale.completed !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: close only when the sale completes
  useEffect(() => {
    if (completed) close();
  }, [completed]);

  const onKey = useRef<(event: KeyboardEvent) => void>(() => {});
  onKey.current = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    // A button of the dialog keeps its own Enter and Space.
    if (event.target instanceof HTMLElement && event.target.closest('button')) return;
    const action = quickSaleKey(event.key, state.step);
    if (!action) return;
    event.preventDefault();
    if (action.type === 'cancel') cancel();
    else if (action.type === 'digit') setState(typedQuantity(state, action.digit, Date.now()));
    else if (state.step === 'quantity') hold();
    else pay();
  };
  useEffect(() => {
    if (!open) return;
    const listener = (event: KeyboardEvent) => onKey.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [open]);

  return {
    state,
    blocked,
    price,
    walkIn,
    cashMethod,
    available,
    start,
    /** A quantity tapped rather than typed. */
    choose: (value: number) => {
      if (state.step === 'quantity') setState(chosenQuantity(state, value));
    },
    hold,
    pay,
    cancel,
    toPay,
    tenderedCents,
    /** The cash handed over, while the seats are held. */
    setTenderedCents: (cents: number | null) => {
      if (state.step === 'confirm') setTenderedCents(cents);
    },
    addError: sale.add.error,
    checkoutError: sale.checkout.error,
  };
}

export type QuickSale = ReturnType<typeof useQuickSale>;
