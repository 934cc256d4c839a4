/** An order's and its payment's status as badges, in the reader's words (the shifts' sales, for one). */
export { OrderStatusBadge, PaymentStatusBadge } from './order-parts';
export { ORDER_STATUSES, PAYMENT_STATUSES } from './order-status';
