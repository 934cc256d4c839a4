/**
 * Printing to a sales point's network printers and its cash drawer (issue 31 items 2 and 3): the routes, and
 * the scheduler's sweep that sends the jobs a gone sender left queued.
 */
export { PRINT_SWEEP_INTERVAL_MS, sendOrphanedJobs } from './print-sender';
export { registerPrintingRoutes } from './printing-routes';
