/**
 * Privacy requests (issue 30, item 7), as the rest of the gateway uses them: the routes (a customer's
 * subject-access package as JSON and as a printable letter, anonymising a customer, the retention setting and
 * list, batches of anonymising through the customer jobs), and the `anonymise` action the customer jobs run per
 * customer. Inside: privacy-service.ts (rules, audit), privacy-store.ts (SQL), anonymise.ts (what is erased),
 * subject-access.ts and package-letter.ts (the package).
 */
export { anonymiseAction } from './anonymise-action';
export { registerPrivacyRoutes } from './privacy-routes';
