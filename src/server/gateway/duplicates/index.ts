/**
 * Likely duplicate customers, as the rest of the gateway uses them: the review queue's routes, and the scanner
 * that start-up builds and the background jobs run (a full scan, then one after each complete mirror sync).
 */
export { DuplicateScanner } from './duplicate-scanner';
export { registerDuplicateRoutes } from './duplicates-routes';
