import { useQuery } from '@tanstack/react-query';
import { type Dispatch, useEffect, useState } from 'react';
import { buyerQueries } from '../../lib/queries/buyer-queries';
import { readCheckoutDraft, storeCheckoutDraft } from './cart-storage';
import { initialSaleState, type SaleAction, type SaleState } from './sale-state';
import type { SaleCart } from './use-sale-cart';

/** The sale's state on opening the box office: a checkout's payment method kept over a reload is chosen again. */
export function saleStateOnOpen(cartId: string | null): SaleState {
  const methodId = readCheckoutDraft(cartId)?.methodId ?? null;
  return { ...initialSaleState, methodId };
}

/**
 * A reload in the middle of a checkout comes back to it with its buyer and payment method (they were gone, the
 * cart kept): both are kept for the cart (cart-storage.ts), the buyer by number only and read again here. The
 * checkout stage itself comes back from the URL (use-checkout-history.ts).
 */
export function useCheckoutDraft(sale: SaleCart, state: SaleState, dispatch: Dispatch<SaleAction>): void {
  const [draft] = useState(() => readCheckoutDraft(sale.cartId));
  const storedBuyerId = draft?.customerId ?? null;
  const [restoringBuyer, setRestoringBuyer] = useState(storedBuyerId !== null);
  const storedBuyer = useQuery({ ...buyerQueries.summary(storedBuyerId ?? 0), enabled: restoringBuyer });
  const cartRead = sale.cart !== undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the kept buyer's answer and the cart are in
  useEffect(() => {
    if (!restoringBuyer || storedBuyer.isPending || !cartRead) return;
    setRestoringBuyer(false);
    // A buyer chosen meanwhile (or scanned) stays; a buyer no longer readable is simply not chosen again.
    if (storedBuyer.data && state.customer === null) dispatch({ type: 'customerChosen', customer: storedBuyer.data });
  }, [restoringBuyer, storedBuyer.isPending, cartRead]);

  // The kept cart is gone at the service (it lapsed, or was removed): the sale starts clean, without the buyer and
  // method chosen for that cart (they went on to the next sale, as emptying the cart once did).
  const cartGone = sale.notice === 'cartGone';
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the kept cart turns out gone
  useEffect(() => {
    if (!cartGone || draft === null) return;
    setRestoringBuyer(false);
    dispatch({ type: 'newSaleStarted' });
  }, [cartGone]);

  // Until the kept buyer is read again, the draft keeps their number (a second reload must not lose them).
  const customerId = state.customer?.customerId ?? (restoringBuyer ? storedBuyerId : null);
  const { cartId, completed } = sale;
  useEffect(() => {
    const chosen = customerId !== null || state.methodId !== null;
    storeCheckoutDraft(cartId && !completed && chosen ? { cartId, customerId, methodId: state.methodId } : null);
  }, [cartId, completed, customerId, state.methodId]);
}
