/**
 * The walk-in customer of the quick sale (issue 31 item 6): one per organisation, made once through the service and
 * remembered in the gateway's store. Inside: walk-in-store.ts (its table and claim), walk-in-service.ts (the rules),
 * walk-in-routes.ts.
 */
export { registerWalkInRoutes } from './walk-in-routes';
