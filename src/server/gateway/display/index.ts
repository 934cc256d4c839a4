/**
 * The buyer's screen at a sales point (issue 31 item 5): its routes, and the service the gateway builds once —
 * it also tells access which paired screen a request's cookie names.
 */
export { createDisplayService, registerDisplayRoutes } from './display-routes';
