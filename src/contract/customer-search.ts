import type { Customer } from './customer';
import type { OptinState } from './customer-prefs';

/**
 * The gateway's customer search (issue 21), served from its mirror of the organisation's customers: the
 * customer list (`GET /api/customers`, customers:read) and the box office's buyer lookup
 * (`GET /api/customers/lookup`, customers:lookup), which answers only what the picker shows.
 */

/** Columns the list sorts by. Without a sort, a search comes best match first. */
export const CUSTOMER_SORT_COLUMNS = ['name', 'email', 'city', 'credit', 'lastChanged'] as const;
export type CustomerSortColumn = (typeof CUSTOMER_SORT_COLUMNS)[number];

/** Rows per page of the list; the app asks for this many. */
export const CUSTOMER_PAGE_SIZE = 100;
/** Most rows a page may ask for. */
export const CUSTOMER_PAGE_SIZE_MAX = 500;
/** Options the buyer lookup returns at most: enough to choose from, too few to page through the customers. */
export const CUSTOMER_LOOKUP_LIMIT = 8;
/** Characters the buyer lookup needs before it answers: a single letter would list everyone. */
export const CUSTOMER_LOOKUP_MIN_LENGTH = 2;
/** Most matches "select all matches" hands over at once (each then costs two calls of a bulk tag change). */
export const CUSTOMER_MATCHES_MAX = 10_000;

/**
 * Query parameters of `GET /api/customers` (and `/api/customers/matches`): `q` the search text; filters `tag`,
 * `optin` and `since` (YYYY-MM-DD: changed on or after that day, as the service dates it); `sort` with `dir`
 * (`asc`/`desc`); `page` (1-based) and `perPage`.
 */
export interface CustomerSearchParams {
  q?: string;
  tag?: string;
  optin?: OptinState;
  since?: string;
  sort?: CustomerSortColumn;
  dir?: 'asc' | 'desc';
  page?: number;
  perPage?: number;
}

/**
 * What the service said when the search text was an exact email: it is asked too (`findByEmail`), so that a
 * customer created elsewhere a moment ago is found. `found` puts that customer first.
 */
export type EmailCheck = 'found' | 'not-found' | 'failed';

/**
 * `GET /api/customers`. The customers are the service's as the mirror keeps them; a reader that turns them into
 * its own shape (the app's reads credit as a number, tags as a list) names that shape as `C`.
 */
export interface CustomerSearchPage<C = Customer> {
  data: C[];
  /** Matches in all. */
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
  /** Present when `q` was an exact email. */
  emailCheck?: EmailCheck;
  /** Of the page's customers, those merged away as a duplicate: their number → the customer kept (none: absent). */
  mergedInto?: Record<number, number>;
}

/** A buyer as the box-office picker shows one: nothing more leaves the gateway for customers:lookup. */
export type BuyerSummary = Pick<
  Customer,
  | 'customerId'
  | 'customerFirstName'
  | 'customerPreposition'
  | 'customerLastName'
  | 'email'
  | 'customerPhone'
  | 'customerCity'
>;

export const BUYER_SUMMARY_FIELDS = [
  'customerId',
  'customerFirstName',
  'customerPreposition',
  'customerLastName',
  'email',
  'customerPhone',
  'customerCity',
] as const satisfies readonly (keyof BuyerSummary)[];

/**
 * What the buyer picker's quick create may set: the summary's fields but the id (no address, preferences,
 * credit, external id or custom fields, which take customers:write).
 */
export const QUICK_CREATE_FIELDS = BUYER_SUMMARY_FIELDS.filter(
  (field): field is Exclude<(typeof BUYER_SUMMARY_FIELDS)[number], 'customerId'> => field !== 'customerId',
);

/** Of a customer (as the contract has it, or as the service answered), only what the buyer picker shows. */
export function buyerSummaryOf<C extends { [F in keyof BuyerSummary]?: unknown }>(
  customer: C,
): Pick<C, keyof BuyerSummary> {
  return Object.fromEntries(BUYER_SUMMARY_FIELDS.map((field) => [field, customer[field]])) as Pick<
    C,
    keyof BuyerSummary
  >;
}

/**
 * A match of the buyer lookup. A record merged away as a duplicate names the customer it was merged into: it is
 * still a customer at the service (which deletes none), but the seller should sell to the one kept.
 */
export type BuyerMatch = BuyerSummary & { mergedInto?: number };

export interface BuyerLookupAnswer {
  /** The best matches, at most CUSTOMER_LOOKUP_LIMIT; records merged away after the others. */
  data: BuyerMatch[];
  /** Matches in all (the picker says how many more there are). */
  total: number;
  emailCheck?: EmailCheck;
}

/** A match as a bulk action names it. */
export type CustomerMatch = Pick<
  Customer,
  'customerId' | 'customerFirstName' | 'customerPreposition' | 'customerLastName' | 'email'
>;

/** `GET /api/customers/matches`: every match of a search and its filters (bulk actions), up to the limit. */
export interface CustomerMatches {
  data: CustomerMatch[];
  total: number;
  /** More matched than CUSTOMER_MATCHES_MAX: only the first ones are in `data`. */
  truncated: boolean;
}

/** `GET /api/customers/tags`: customers per tag, every tag held by anyone (most held first). */
export interface CustomerTagCounts {
  data: { tag: string; customers: number }[];
}
