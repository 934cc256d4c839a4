/**
 * The scanner (issue 31 item 4): a code typed by a barcode or QR scanner, resolved to the order it opens or, in the
 * box office, the customer it names. Inside: scanned-code.ts (what the text can be), scanner-service.ts (the
 * lookups and the rule of who opens what), scanner-routes.ts.
 */
export { registerScannerRoutes } from './scanner-routes';
