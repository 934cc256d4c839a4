/**
 * The desk concern's public entry: the gateway registers its routes (print data, the reservations queue, prints
 * and "sold by"), and the forwarder applies its rule of which orders a seller may open (order-access.ts).
 * Printing (printing/) reads an order's print data through DeskService.
 */
export { registerDeskRoutes } from './desk-routes';
export { type DeskCaller, type DeskDeps, DeskService } from './desk-service';
export { orderAccess } from './order-access';
