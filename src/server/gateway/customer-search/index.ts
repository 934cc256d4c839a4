/**
 * The customer search, as the rest of the gateway uses it: its routes, and the per-process directories of
 * the mirrored customers that start-up makes and warms. The search's tokens and typo distance are the
 * search benchmark's too (its SQL candidate makes the same tokens). Inside: customer-search-routes.ts (thin),
 * customer-search-service.ts (what each search answers), customer-directory.ts and search-index.ts (the
 * in-memory index fed from the mirror); the customers themselves are read through the mirror's entry.
 */
export { CustomerDirectories, CustomerDirectory, SEARCH_CATCH_UP_MS } from './customer-directory';
export { registerCustomerSearchRoutes } from './customer-search-routes';
export { checkEmailUpstream } from './email-check';
export { prefixDistance } from './prefix-distance';
export { queryTerms } from './search-tokens';
