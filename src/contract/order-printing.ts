/**
 * Whether an order's tickets and receipt may be printed: not a cancelled (`cancel`) or deleted (`trash`) order,
 * nor one whose payment was cancelled. Its seats are no valid tickets any more, and a printed ticket with a QR
 * code would look like one at the door. Shared by the gateway (printing at a sales point) and the web (the order
 * page's print buttons and the print page), so they agree.
 */
export const VOID_ORDER_STATUSES = ['cancel', 'trash'] as const;

export function isPrintableOrder(order: { orderStatus?: unknown; orderPaymentStatus?: unknown }): boolean {
  return (
    !(VOID_ORDER_STATUSES as readonly unknown[]).includes(order.orderStatus) && order.orderPaymentStatus !== 'cancelled'
  );
}
