import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { eventKeys } from '../../lib/queries/event-queries';
import { seatPlanKeys } from '../../lib/queries/seat-plan-queries';
import type { CartAddItem, PartnerCart } from '../../lib/schemas/partner-cart';
import type { PaymentMethod } from '../../lib/schemas/payment-method';
import { serverNow } from '../../lib/server-clock';
import { sleep } from '../../lib/sleep';
import { type CompletedSale, holdsSeats } from './cart-model';
import {
  addCartItems,
  cartKeys,
  cartQueries,
  checkoutCart,
  createCart,
  deleteCart,
  removeCartItem,
} from './cart-queries';
import {
  readSentCheckout,
  readStoredCartId,
  readStoredSale,
  type SentCheckout,
  storeCartId,
  storeSale,
  storeSentCheckout,
} from './cart-storage';
import { UnansweredCheckoutError } from './sale-errors';

export type CartNotice = 'cartGone' | 'lapsed' | null;

/** Waits before sending an unanswered checkout again, then it is the seller's to retry. */
const CHECKOUT_RETRY_WAITS_MS = [500, 1_500];

/** No answer, or the gateway's failure: the checkout may have been made (as opposed to refused). */
const unanswered = (error: unknown) => isApiError(error) && (error.kind === 'network' || error.kind === 'server');

/**
 * Sends a checkout, and again as it was while it gets no answer (the connection dropped, the gateway failed):
 * the service answers a repeated checkout of a cart with the same order (DESIGN.md decision 7), so a lost answer
 * is found again instead of being taken for a failed sale.
 */
async function sendCheckout(sent: SentCheckout) {
  const body = { customerId: sent.customerId, paymentMethodId: sent.method.paymentMethodId };
  for (const wait of CHECKOUT_RETRY_WAITS_MS) {
    try {
      return await checkoutCart(sent.cartId, body);
    } catch (error) {
      if (!unanswered(error)) throw error;
      await sleep(wait);
    }
  }
  return checkoutCart(sent.cartId, body);
}

/** The sale a checkout made, as the screen shows it: what was sent, and the service's order. */
const completedSale = (sent: SentCheckout, result: CompletedSale['result']): CompletedSale => ({
  result,
  cart: sent.cart,
  method: sent.method,
  tenderedCents: sent.tenderedCents,
  customerId: sent.customerId,
});

/** A cart still holding at its timeOut is read again this long after it (and at most LAPSE_CHECKS times). */
const LAPSE_RECHECK_MS = 1_500;
const LAPSE_CHECKS = 3;

/** Seats were held, sold or released: the plan and the availability figures changed. */
function refreshAvailability(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: seatPlanKeys.all });
  void queryClient.invalidateQueries({ queryKey: eventKeys.details() });
}

/**
 * The sale's cart: created on the first add (`POST /cart/`), filled with `POST /partner/cart/{id}`, read
 * back after a reload from the id kept in sessionStorage, abandoned with `DELETE` on "new sale". Every
 * change answers with the whole cart, which replaces the cached one (no polling, spec 8).
 */
export function useSaleCart() {
  const queryClient = useQueryClient();
  const [cartId, setCartIdState] = useState<string | null>(readStoredCartId);
  // A reload after checkout shows the finished sale again: an online payment may still be under way.
  const [completed, setCompletedState] = useState<CompletedSale | null>(readStoredSale);
  const [notice, setNotice] = useState<CartNotice>(null);
  // The id as of now for mutation functions that run after a create within the same click.
  const cartIdRef = useRef(cartId);

  const setCompleted = useCallback((sale: CompletedSale | null) => {
    storeSale(sale);
    setCompletedState(sale);
  }, []);

  const setCartId = useCallback((next: string | null) => {
    cartIdRef.current = next;
    storeCartId(next);
    setCartIdState(next);
  }, []);

  const cart = useQuery({ ...cartQueries.detail(cartId ?? ''), enabled: cartId !== null && completed === null });

  // The stored cart is gone at the service (removed, or another database): start clean, and say so.
  const cartMissing = isApiError(cart.error) && cart.error.kind === 'notFound';
  useEffect(() => {
    if (cartMissing) {
      setCartId(null);
      setNotice('cartGone');
    }
  }, [cartMissing, setCartId]);

  const remember = useCallback(
    (next: PartnerCart) => queryClient.setQueryData(cartKeys.detail(next.cartId), next),
    [queryClient],
  );

  const add = useMutation({
    mutationFn: async (items: CartAddItem[]) => {
      let id = cartIdRef.current;
      if (!id) {
        id = await createCart();
        setCartId(id);
      }
      const before = new Set(
        queryClient.getQueryData<PartnerCart>(cartKeys.detail(id))?.cartItems.map((i) => i.itemId),
      );
      try {
        return await addCartItems(id, items);
      } catch (error) {
        if (!unanswered(error)) throw error;
        // No answer: the tickets may have been added. Tried again, they were added twice (two lines of 2 where the
        // seller wanted 2), so the cart is read first: a line that was not there before says the add was made.
        const fresh = await queryClient.fetchQuery({ ...cartQueries.detail(id), staleTime: 0 }).catch(() => null);
        if (fresh?.cartItems.some((item) => !before.has(item.itemId))) return fresh;
        throw error;
      }
    },
    onSuccess: (next) => {
      remember(next);
      setNotice(null);
      // Held now: availability on the plan and the event changed.
      refreshAvailability(queryClient);
    },
  });

  const remove = useMutation({
    mutationFn: (itemId: string) => {
      const id = cartIdRef.current;
      if (!id) throw new Error('No cart');
      return removeCartItem(id, itemId);
    },
    onSuccess: remember,
  });

  const forget = useCallback(() => {
    const id = cartIdRef.current;
    if (id) queryClient.removeQueries({ queryKey: cartKeys.detail(id) });
    setCartId(null);
  }, [queryClient, setCartId]);

  /** Abandons the cart at the service (its seats are released at once); a cart already gone is fine. */
  const abandon = useMutation({
    mutationFn: async () => {
      const id = cartIdRef.current;
      if (!id) return;
      if (readSentCheckout(id)) throw new UnansweredCheckoutError();
      try {
        await deleteCart(id);
      } catch (error) {
        if (!(isApiError(error) && error.kind === 'notFound')) throw error;
      }
    },
    onSuccess: () => {
      forget();
      setNotice(null);
    },
  });

  // A checkout sent without an answer yet (kept over a reload): until an answer settles it, the sale is the one
  // sent — the same buyer and method, sent again as it was — and the cart cannot be emptied, as it may be sold.
  const [unansweredCheckout, setUnansweredCheckout] = useState<SentCheckout | null>(() =>
    readSentCheckout(readStoredCartId()),
  );

  const checkout = useMutation({
    mutationFn: async (input: { customerId: number; method: PaymentMethod; tenderedCents: number | null }) => {
      const id = cartIdRef.current;
      const current = id ? queryClient.getQueryData<PartnerCart>(cartKeys.detail(id)) : undefined;
      const sent: SentCheckout | null =
        readSentCheckout(id) ?? (id && current ? { cartId: id, ...input, cart: current } : null);
      if (!sent) throw new Error('No cart to check out');
      storeSentCheckout(sent);
      return completedSale(sent, await sendCheckout(sent));
    },
    onSuccess: (sale) => {
      // The checked-out cart is closed: a reload must not continue it.
      storeSentCheckout(null);
      setUnansweredCheckout(null);
      storeCartId(null);
      setCompleted(sale);
    },
    onError: (error) => {
      // Refused (the buyer, the method, the cart): no order was made, and the seller may change the sale.
      if (!unanswered(error)) storeSentCheckout(null);
      setUnansweredCheckout(readSentCheckout(cartIdRef.current));
    },
  });

  // Reloaded while a checkout had no answer: it is sent again at once, as it was, to learn what became of it (a
  // reload showed an empty cart, the order made and paid, and the next sale went to the same buyer again).
  const resumed = useRef(unansweredCheckout === null);
  useEffect(() => {
    if (resumed.current || !unansweredCheckout || completed) return;
    resumed.current = true;
    checkout.mutate(unansweredCheckout);
  }, [unansweredCheckout, completed, checkout]);

  /** After the sale (or to give up on it): a clean screen, a new cart on the next add. */
  const reset = useCallback(() => {
    // Seats were sold or released: the plan and the availability figures changed.
    refreshAvailability(queryClient);
    forget();
    setCompleted(null);
    setNotice(null);
    add.reset();
    remove.reset();
    checkout.reset();
    abandon.reset();
    storeSentCheckout(null);
    setUnansweredCheckout(null);
  }, [queryClient, forget, setCompleted, add, remove, checkout, abandon]);

  /**
   * The countdown reached timeOut: read the cart again (the service drops the lapsed tickets on read).
   * The service decides: only a cart that comes back without its held tickets says "lapsed". One that
   * still holds them (a clock a moment ahead, or an add from elsewhere moved its timeOut) is asked again
   * once its timeOut has passed by the gateway's clock.
   */
  const lapsed = useCallback(async () => {
    for (let attempt = 0; attempt < LAPSE_CHECKS; attempt += 1) {
      const id = cartIdRef.current;
      if (!id) return;
      let fresh: PartnerCart;
      try {
        fresh = await queryClient.fetchQuery({ ...cartQueries.detail(id), staleTime: 0 });
      } catch {
        return; // the cart query shows the failure (or the cart being gone) itself
      }
      if (cartIdRef.current !== id) return;
      if (!holdsSeats(fresh)) {
        setNotice('lapsed');
        return;
      }
      const untilTimeOut = Date.parse(fresh.timeOut) - serverNow();
      if (untilTimeOut > LAPSE_RECHECK_MS) return; // extended meanwhile: its own countdown reports it
      await sleep(Math.max(untilTimeOut, 0) + LAPSE_RECHECK_MS);
    }
  }, [queryClient]);

  return {
    cartId,
    cart: cartId ? cart.data : undefined,
    cartQuery: cart,
    notice,
    dismissNotice: () => setNotice(null),
    completed,
    add,
    remove,
    abandon,
    checkout,
    unansweredCheckout,
    reset,
    lapsed,
  };
}

export type SaleCart = ReturnType<typeof useSaleCart>;
