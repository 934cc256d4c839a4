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
import { readStoredCartId, readStoredSale, storeCartId, storeSale } from './cart-storage';

export type CartNotice = 'cartGone' | 'lapsed' | null;

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
      return addCartItems(id, items);
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

  const checkout = useMutation({
    mutationFn: async (input: { customerId: number; method: PaymentMethod; tenderedCents: number | null }) => {
      const id = cartIdRef.current;
      const current = id ? queryClient.getQueryData<PartnerCart>(cartKeys.detail(id)) : undefined;
      if (!id || !current) throw new Error('No cart to check out');
      // The service answers a repeated checkout of a cart with the same order (DESIGN.md decision 7).
      const result = await checkoutCart(id, {
        customerId: input.customerId,
        paymentMethodId: input.method.paymentMethodId,
      });
      return {
        result,
        cart: current,
        method: input.method,
        tenderedCents: input.tenderedCents,
        customerId: input.customerId,
      } satisfies CompletedSale;
    },
    onSuccess: (sale) => {
      // The checked-out cart is closed: a reload must not continue it.
      storeCartId(null);
      setCompleted(sale);
    },
  });

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
    reset,
    lapsed,
  };
}

export type SaleCart = ReturnType<typeof useSaleCart>;
