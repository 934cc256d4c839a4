/**
 * Shifts and cash-up, as the rest of the gateway uses them: the routes, the forwarder's step that has a
 * checkout's sale join the seller's open shift, the shift each sale joined (the desk's "sold by"), and for
 * printing: the seller's open shift (at which sales point), where a payment method's money goes, and the
 * drawer openings the Z-report counts.
 */

export { tenderOf } from '@/contract/tender';
export { registerShiftRoutes } from './shift-routes';
export { isCheckout, joinShift, SALE_READ_DELAY_MS } from './shift-sales';
export { type DrawerReason, insertDrawerOpening, openShiftAt, shiftsOfSales } from './shift-store';
