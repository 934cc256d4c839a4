/**
 * Order status (spec 2.6), `GET /order/{order_key}`: the payment status and the public tickets and receipt
 * pages. Payment status values a real service may add are kept as they come. Read as the order screens read it
 * (schemas/order.ts).
 */
export { type PublicOrderStatus as OrderStatus, publicOrderStatusSchema as orderStatusSchema } from './order';

/** Statuses after which nothing more happens at the desk: polling stops. */
export function isFinalPaymentStatus(status: string): boolean {
  return status === 'paid' || status === 'cancelled';
}
