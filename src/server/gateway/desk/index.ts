/**
 * The desk concern's public entry: the gateway registers its routes (print data, the reservations queue, prints
 * and "sold by"), and the forwarder applies its rule of which orders a seller may open (order-access.ts).
 * Nothing else is used from outside this folder.
 */
export { registerDeskRoutes } from './desk-routes';
export { orderAccess } from './order-access';
