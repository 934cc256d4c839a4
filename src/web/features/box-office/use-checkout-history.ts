import { type Dispatch, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { SaleAction, SaleState } from './sale-state';

/** The URL's mark of the checkout stage: `?step=checkout` beside the performance. */
const STEP = 'step';
const CHECKOUT = 'checkout';

/**
 * The checkout as a step of the browser's history: going to it adds an entry, so Back (the browser's, a mouse's
 * side button, Alt+←) returns to the tickets with the cart as it was, and Forward goes to the checkout again (a
 * walkthrough's Back left the box office in the middle of a sale). While a payment is on its way, Back keeps the
 * checkout on screen, as the keyboard's Back does. Left another way (its Back button, Esc, a cart emptied, a new
 * sale), the step leaves the URL in place: going back in history instead would bring back the performance of the
 * entry before it, where the seller may have chosen another meanwhile. Opened with the step in the URL (a reload in
 * the middle of a checkout), the checkout comes back once the kept cart is read, if it still has lines.
 */
export function useCheckoutHistory(
  stage: SaleState['stage'],
  sale: { cartHasLines: boolean; cartLoading: boolean; paying: boolean },
  dispatch: Dispatch<SaleAction>,
): void {
  const [search, setSearch] = useSearchParams();
  const inUrl = search.get(STEP) === CHECKOUT;
  const seen = useRef({ inUrl, stage });
  const openedInCheckout = useRef(inUrl && stage === 'select');

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL's step, the stage or the cart's loading changed
  useEffect(() => {
    if (openedInCheckout.current) {
      if (sale.cartLoading) return;
      openedInCheckout.current = false;
      if (inUrl && stage === 'select' && sale.cartHasLines) {
        seen.current = { inUrl, stage: 'checkout' };
        dispatch({ type: 'toCheckout', cartHasLines: true });
        return;
      }
    }
    const before = seen.current;
    seen.current = { inUrl, stage };
    const urlMoved = inUrl !== before.inUrl;
    const stageMoved = stage !== before.stage;
    if (urlMoved && !stageMoved) {
      // Back or Forward through the entry.
      if (!inUrl && stage === 'checkout') {
        if (sale.paying) setSearch((previous) => withStep(previous, true));
        else dispatch({ type: 'backToSelect' });
      }
      if (inUrl && stage === 'select') {
        // Forward to a checkout whose cart has gone meanwhile: the tickets stay, and so does the URL's word for it.
        if (sale.cartHasLines) dispatch({ type: 'toCheckout', cartHasLines: true });
        else setSearch((previous) => withStep(previous, false), { replace: true });
      }
      return;
    }
    if (stage === 'checkout' && !inUrl) setSearch((previous) => withStep(previous, true));
    else if (stage === 'select' && inUrl) setSearch((previous) => withStep(previous, false), { replace: true });
  }, [inUrl, stage, sale.cartLoading]);
}

function withStep(search: URLSearchParams, checkout: boolean): URLSearchParams {
  const next = new URLSearchParams(search);
  if (checkout) next.set(STEP, CHECKOUT);
  else next.delete(STEP);
  return next;
}
