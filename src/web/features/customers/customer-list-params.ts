import type { Customer } from '../../lib/schemas/customer';
import { type OptinState, optinState } from './customer-prefs';
import { normalizeText } from './customer-search-index';

export type CustomerSort = 'relevance' | 'name' | 'lastChanged' | 'credit';
const SORTS: readonly CustomerSort[] = ['relevance', 'name', 'lastChanged', 'credit'];
const OPTINS: readonly OptinState[] = ['yes', 'no', 'unknown'];

/**
 * The list's filters and sort, in the URL so they can be linked, reloaded and reached with Back. The search
 * text is not among them: it may be a name or an email, which must not land in the browser's history.
 */
export interface CustomerListParams {
  tag: string;
  optin: OptinState | '';
  /** `YYYY-MM-DD`: changed on or after that day. */
  since: string;
  sort: CustomerSort;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readCustomerListParams(search: URLSearchParams): CustomerListParams {
  const sort = search.get('sort') as CustomerSort | null;
  const optin = search.get('optin') as OptinState | null;
  const since = search.get('since') ?? '';
  return {
    tag: search.get('tag') ?? '',
    optin: optin && OPTINS.includes(optin) ? optin : '',
    since: DATE.test(since) ? since : '',
    sort: sort && SORTS.includes(sort) ? sort : 'relevance',
  };
}

/** Params → URL search; defaults are left out, and a change of filters goes back to page 1. */
export function writeCustomerListParams(params: CustomerListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.tag) search.set('tag', params.tag);
  if (params.optin) search.set('optin', params.optin);
  if (params.since) search.set('since', params.since);
  if (params.sort !== 'relevance') search.set('sort', params.sort);
  return search;
}

export function hasFilters(params: CustomerListParams): boolean {
  return Boolean(params.tag || params.optin || params.since);
}

const collator = new Intl.Collator('nl');

const nameKey = (customer: Customer) =>
  normalizeText(`${customer.customerLastName} ${customer.customerFirstName} ${customer.customerPreposition}`);

/**
 * The filters and the sort over customers already found (or all of them). `since` compares the calendar
 * day of `lastChanged` as the service wrote it (its own time zone), so "since 1 November" means what the
 * organisation means. Relevance keeps the order given (the search's best-first; else the export's).
 */
export function filterAndSortCustomers(customers: readonly Customer[], params: CustomerListParams): Customer[] {
  let result = customers.filter(
    (customer) =>
      (!params.tag || customer.customerTags.includes(params.tag)) &&
      (!params.optin || optinState(customer.customerPrefs) === params.optin) &&
      (!params.since || customer.lastChanged.slice(0, 10) >= params.since),
  );
  if (params.sort === 'name') {
    const keys = new Map(result.map((customer) => [customer.customerId, nameKey(customer)]));
    result = result.sort((a, b) => collator.compare(keys.get(a.customerId) ?? '', keys.get(b.customerId) ?? ''));
  } else if (params.sort === 'lastChanged') {
    // Offsets differ over the year (CET/CEST): compare instants, not the text.
    const times = new Map(result.map((customer) => [customer.customerId, Date.parse(customer.lastChanged) || 0]));
    result = result.sort((a, b) => (times.get(b.customerId) ?? 0) - (times.get(a.customerId) ?? 0));
  } else if (params.sort === 'credit') {
    result = result.sort((a, b) => b.customerCredit - a.customerCredit);
  }
  return result;
}
