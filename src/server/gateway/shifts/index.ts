/**
 * Shifts and cash-up, as the rest of the gateway uses them: the routes, and the forwarder's step that has a
 * checkout's sale join the seller's open shift.
 */
export { registerShiftRoutes } from './shift-routes';
export { isCheckout, joinShift, SALE_READ_DELAY_MS } from './shift-sales';
