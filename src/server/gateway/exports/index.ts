/**
 * The exports concern's public entry: the gateway registers its routes (and those of the productions'
 * scheduled sales reports, which the same scheduler writes), and start-up makes (and the background jobs run)
 * the scheduler of scheduled exports; the forwarder answers a scoped person's order lists from the mirror as the
 * exports read it (scopedOrderListing). Nothing else is used from outside this folder.
 */
export { registerExportRoutes } from './export-routes';
export { ExportScheduler } from './export-scheduler';
export { registerProductionReportRoutes } from './production-report-routes';
export { type OrderListing, scopedOrderListing } from './scoped-order-listing';
