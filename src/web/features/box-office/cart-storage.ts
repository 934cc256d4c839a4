/**
 * The open cart's id, kept for this tab only (sessionStorage), so a reload continues the sale. Only the
 * id: the cart's contents come from the service again, and nothing about the buyer is ever stored.
 */
const CART_ID_KEY = 'foyer.box-office.cartId';

export function readStoredCartId(): string | null {
  try {
    const value = sessionStorage.getItem(CART_ID_KEY);
    return value && /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeCartId(cartId: string | null): void {
  try {
    if (cartId) sessionStorage.setItem(CART_ID_KEY, cartId);
    else sessionStorage.removeItem(CART_ID_KEY);
  } catch {
    // Storage refused (private mode): the sale still works, it just does not survive a reload.
  }
}
