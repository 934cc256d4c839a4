import { queryOptions } from '@tanstack/react-query';
import { apiClient, ignoredAnswer } from '../../lib/api-client';
import { type OrderStatus, orderStatusSchema } from '../../lib/schemas/order-status';
import {
  type CartAddItem,
  type CheckoutResult,
  cartCreatedSchema,
  checkoutResultSchema,
  type PartnerCart,
  partnerCartSchema,
} from '../../lib/schemas/partner-cart';
import { paymentMethodListSchema } from '../../lib/schemas/payment-method';

/** Keys from generic to specific (see event-queries.ts). */
export const cartKeys = {
  all: ['carts'] as const,
  detail: (cartId: string) => [...cartKeys.all, cartId] as const,
};

export const paymentMethodKeys = { all: ['payment-methods'] as const };

export const orderStatusKeys = {
  all: ['order-status'] as const,
  detail: (orderKey: string) => [...orderStatusKeys.all, orderKey] as const,
};

/** Spec 8: no more than one order-status call every 10 seconds while waiting for a payment. */
export const ORDER_STATUS_POLL_MS = 10_000;

export const cartQueries = {
  /**
   * The cart as the service holds it. Spec 8 asks not to poll carts on a timer: it is read on demand (a
   * reload, the lapse of the countdown) and otherwise replaced by the answers of the changes.
   */
  detail: (cartId: string) =>
    queryOptions({
      queryKey: cartKeys.detail(cartId),
      queryFn: ({ signal }) =>
        apiClient.get(`/partner/cart/${encodeURIComponent(cartId)}`, { schema: partnerCartSchema, signal }),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
    }),
  /** Payment methods change rarely; the spec asks clients to cache them (section 8). */
  paymentMethods: () =>
    queryOptions({
      queryKey: paymentMethodKeys.all,
      queryFn: ({ signal }) => apiClient.get('/partner/paymentmethods', { schema: paymentMethodListSchema, signal }),
      staleTime: 30 * 60_000,
    }),
  /** The public order status; the caller decides about polling (at most ORDER_STATUS_POLL_MS). */
  orderStatus: (orderKey: string) =>
    queryOptions({
      queryKey: orderStatusKeys.detail(orderKey),
      queryFn: ({ signal }): Promise<OrderStatus> =>
        apiClient.get(`/order/${encodeURIComponent(orderKey)}`, { schema: orderStatusSchema, signal }),
      staleTime: ORDER_STATUS_POLL_MS,
      refetchOnWindowFocus: false,
    }),
};

/** `POST /cart/` — the one public call the app makes: it creates a cart the partner endpoints accept. */
export async function createCart(): Promise<string> {
  const created = await apiClient.post('/cart/', { schema: cartCreatedSchema });
  return created.cart_id;
}

export function addCartItems(cartId: string, items: CartAddItem[]): Promise<PartnerCart> {
  return apiClient.post(`/partner/cart/${encodeURIComponent(cartId)}`, { schema: partnerCartSchema, body: items });
}

export function removeCartItem(cartId: string, itemId: string): Promise<PartnerCart> {
  return apiClient.delete(`/partner/cart/${encodeURIComponent(cartId)}/${encodeURIComponent(itemId)}`, {
    schema: partnerCartSchema,
  });
}

/** Abandons the cart: the service releases its seats at once. */
export async function deleteCart(cartId: string): Promise<void> {
  await apiClient.delete(`/partner/cart/${encodeURIComponent(cartId)}`, { schema: ignoredAnswer });
}

/** Idempotent per cart at the service (DESIGN.md decision 7): a repeat returns the same order. */
export function checkoutCart(
  cartId: string,
  body: { customerId: number; paymentMethodId: number; redirectURL?: string },
): Promise<CheckoutResult> {
  return apiClient.post(`/partner/cart/${encodeURIComponent(cartId)}/checkout`, { schema: checkoutResultSchema, body });
}
