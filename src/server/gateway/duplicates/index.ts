/**
 * Likely duplicate customers, as the rest of the gateway uses them: the review queue's routes, and the scanner
 * that start-up builds and the background jobs run (a full scan, then one after each complete mirror sync), and
 * which customers were merged away into which (the buyer lookup names it).
 */
export { DuplicateScanner } from './duplicate-scanner';
export { registerDuplicateRoutes } from './duplicates-routes';
export { mergedInto } from './duplicates-store';
