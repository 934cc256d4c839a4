import { type Dispatch, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SaleAction, SaleState } from './sale-state';

/** The URL's mark of the checkout stage: `?step=checkout` beside the performance. */
const STEP = 'step';
const CHECKOUT = 'checkout';

/**
 * The checkout as a step of the browser's history: going to it adds an entry, so Back (the browser's, a mouse's
 * side button, Alt+←) returns to the tickets with the cart as it was, and Forward goes to the checkout again (a
 * walkthrough's Back left the box office in the middle of a sale). Left another way (its Back button, Esc, a
 * cart emptied), the entry it added is taken back, so Back then leaves the desk as it did before.
 */
export function useCheckoutHistory(
  stage: SaleState['stage'],
  cartHasLines: boolean,
  dispatch: Dispatch<SaleAction>,
): void {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const inUrl = search.get(STEP) === CHECKOUT;
  const seen = useRef({ inUrl, stage });
  // Whether the entry in the URL is the one this page added (a reload's is not: going back from it would leave).
  const added = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL's step or the stage changed
  useEffect(() => {
    const before = seen.current;
    seen.current = { inUrl, stage };
    const urlMoved = inUrl !== before.inUrl;
    const stageMoved = stage !== before.stage;
    if (urlMoved && !stageMoved) {
      // Back or Forward through the entry.
      if (!inUrl && stage === 'checkout') dispatch({ type: 'backToSelect' });
      if (inUrl && stage === 'select') {
        // Forward to a checkout whose cart has gone meanwhile: the tickets stay, and so does the URL's word for it.
        if (cartHasLines) dispatch({ type: 'toCheckout', cartHasLines });
        else setSearch((previous) => withStep(previous, false), { replace: true });
      }
      return;
    }
    if (stage === 'checkout' && !inUrl) {
      added.current = true;
      setSearch((previous) => withStep(previous, true));
    } else if (stage === 'select' && inUrl) {
      if (added.current) void navigate(-1);
      else setSearch((previous) => withStep(previous, false), { replace: true });
      added.current = false;
    }
  }, [inUrl, stage]);
}

function withStep(search: URLSearchParams, checkout: boolean): URLSearchParams {
  const next = new URLSearchParams(search);
  if (checkout) next.set(STEP, CHECKOUT);
  else next.delete(STEP);
  return next;
}
