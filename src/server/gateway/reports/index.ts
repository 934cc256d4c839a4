/**
 * The reports, as the rest of the gateway uses them: their routes (with the event catalog they read the
 * service's performances through), and the keeper of the daily rollups that start-up makes and the
 * background jobs run.
 */
export { EventCatalog } from './event-catalog';
export { ReportRollupKeeper } from './report-rollups';
export { registerReportRoutes } from './report-routes';
