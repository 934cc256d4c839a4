/**
 * Sales points (issue 31 item 1), as the rest of the gateway uses them: the routes; the choices a seller opens a
 * shift at and the check of the one chosen (shifts/); a sales point's printers and drawer (printing/).
 */
export { registerSalesPointRoutes } from './sales-point-routes';
export { isRefusedBy, PG_CHECK_VIOLATION, SalesPointService, salesPointForShift } from './sales-point-service';
export { findSalesPoint } from './sales-point-store';
