/**
 * Printing to a sales point's printers and its cash drawer (issue 31 items 2 and 3): the routes (the seller's
 * browser claims the jobs of USB and serial printers through them), and the scheduler's sweep that sends the
 * network printers' jobs a gone sender left queued.
 */
export { PRINT_SWEEP_INTERVAL_MS, sendOrphanedJobs } from './print-sender';
export { registerPrintingRoutes } from './printing-routes';
