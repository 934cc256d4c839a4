/**
 * The reports, as the rest of the gateway uses them: their routes (with the event catalog they read the
 * service's performances through), and the keeper of the daily rollups that start-up makes and the
 * background jobs run. Inside: report-routes.ts (thin), report-service.ts (what each report does), and the
 * SQL of the rollups (report-rollups.ts) and of the reports over them and the mirror's orders
 * (order-report.ts, performance-report.ts).
 */
export { registerCatalogRoutes } from './catalog-routes';
export { DETAIL_TTL_MS, EventCatalog, LIST_TTL_MS } from './event-catalog';
export { ReportRollupKeeper } from './report-rollups';
export { registerReportRoutes } from './report-routes';
export { SharedReadKeeper } from './shared-read-keeper';
