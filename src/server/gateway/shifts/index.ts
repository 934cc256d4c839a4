/**
 * Shifts and cash-up, as the rest of the gateway uses them: the routes, the forwarder's step that has a
 * checkout's sale join the seller's open shift, and the shift each sale joined (the desk's "sold by").
 */
export { registerShiftRoutes } from './shift-routes';
export { isCheckout, joinShift, SALE_READ_DELAY_MS } from './shift-sales';
export { shiftsOfSales } from './shift-store';
