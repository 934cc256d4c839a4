import { useQuery } from '@tanstack/react-query';
import { type Dispatch, useEffect, useRef } from 'react';
import { toCents } from '../../lib/money';
import { useBuyerClearance } from '../customer-notes/public';
import { totalWithFee } from './cart-model';
import { cartQueries } from './cart-queries';
import { cashChange, takesCash } from './cash-change';
import type { SaleAction, SaleState } from './sale-state';
import type { SaleCart } from './use-sale-cart';

/** Checkout: the buyer and the payment method chosen in the sale, paid once per press. */
export function useCheckout(sale: SaleCart, state: SaleState, dispatch: Dispatch<SaleAction>) {
  const methods = useQuery(cartQueries.paymentMethods());
  const customerId = state.customer?.customerId ?? null;
  // The buyer's flags and notes: a stop flag holds the sale until the seller confirms.
  const clearance = useBuyerClearance(customerId);
  const method = methods.data?.find((entry) => entry.paymentMethodId === state.methodId);
  const cartHasLines = (sale.cart?.cartItems.length ?? 0) > 0;
  // Two Enters within one frame both see "not pending" yet: this ref says it at once, so a quick double
  // press does not send the checkout twice (the service would answer it with the same order anyway,
  // DESIGN.md decision 7).
  const paying = useRef(false);

  // Enter pressed while the buyer's notes are still on their way: paid once they are in, unless they hold the sale.
  const payOnceCleared = useRef(false);

  // Cash handed over counts only for cash; less than the total cannot pay (the panel says so on its field).
  const tenderedCents = takesCash(method) ? state.tenderedCents : null;
  const short =
    method !== undefined &&
    cashChange(toCents(totalWithFee(sale.cart?.amount ?? 0, method.fee)), tenderedCents).kind === 'short';

  const pay = () => {
    if (paying.current || sale.checkout.isPending) return;
    // A checkout without an answer goes again as it was sent, whatever the screen holds now.
    const unanswered = sale.unansweredCheckout;
    if (unanswered) {
      paying.current = true;
      sale.checkout.mutate(unanswered, { onSettled: () => (paying.current = false) });
      return;
    }
    if (customerId === null || !method || !cartHasLines || short) return;
    if (clearance.loading) payOnceCleared.current = true;
    if (!clearance.cleared) return;
    paying.current = true;
    sale.checkout.mutate(
      { customerId, method, tenderedCents },
      {
        onSettled: () => {
          paying.current = false;
        },
      },
    );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new buyer drops a press meant for the one before
  useEffect(() => {
    payOnceCleared.current = false;
  }, [customerId]);
  useEffect(() => {
    if (clearance.loading || !payOnceCleared.current) return;
    payOnceCleared.current = false;
    pay();
  });

  // The cart emptied (lines removed, or the hold lapsed) while in checkout: back to the sale.
  const { stage } = state;
  const unanswered = sale.unansweredCheckout !== null;
  useEffect(() => {
    if (stage === 'checkout' && !cartHasLines && !sale.checkout.isPending && !sale.completed && !unanswered)
      dispatch({ type: 'backToSelect' });
  }, [stage, cartHasLines, sale.checkout.isPending, sale.completed, unanswered, dispatch]);

  return {
    methods: methods.data,
    customerId,
    clearance,
    cartHasLines,
    short,
    pay,
    toCheckout: () => dispatch({ type: 'toCheckout', cartHasLines }),
    /** A new sale: a checkout still under way no longer counts. */
    release: () => {
      paying.current = false;
    },
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
