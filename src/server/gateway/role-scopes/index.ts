/**
 * The role-scopes concern's public entry: a role limited to chosen productions and/or events (promoters), its
 * routes (`/api/roles/:id/scope`), what a scope comes to in the organisation's events, and the reads that
 * decide whether an order or a buyer lies within one. Nothing else is used from outside this folder.
 */
export { eventInScope } from './event-scope';
export { orderStatusWithinEvents, orderWithinEvents } from './order-cut';
export { registerRoleScopeRoutes } from './scope-routes';
export {
  customerBoughtEvents,
  orderAmountWithinEvents,
  orderKeySeats,
  ordersWithEvents,
  readRoleScope,
} from './scope-store';
export { scopedEvents } from './scoped-events';
