import type { Customer } from '../../lib/schemas/customer';
import { type CustomerListParams, type CustomerSortColumn, hasFilters } from './customer-list-params';
import { optinState } from './customer-prefs';
import { normalizeText } from './customer-search-index';

/* The list's filters and sort as the directory's engine applies them (in its worker, next to the customers). */

/**
 * The filters as one test, or null when there are none. `since` compares the calendar day of `lastChanged`
 * as the service wrote it (its own time zone), so "since 1 November" means what the organisation means.
 */
export function customerFilter(
  params: Pick<CustomerListParams, 'tag' | 'optin' | 'since'>,
): ((customer: Customer) => boolean) | null {
  if (!hasFilters(params)) return null;
  return (customer) =>
    (!params.tag || customer.customerTags.includes(params.tag)) &&
    (!params.optin || optinState(customer.customerPrefs) === params.optin) &&
    (!params.since || customer.lastChanged.slice(0, 10) >= params.since);
}

/**
 * What a column sorts by, as text compared by code unit (lower case, accents removed: fast enough to sort
 * 100,000 names) or as a number.
 */
export function sortKey(column: CustomerSortColumn, customer: Customer): string | number {
  switch (column) {
    case 'name':
      return normalizeText(
        `${customer.customerLastName} ${customer.customerFirstName} ${customer.customerPreposition}`,
      );
    case 'email':
      return customer.email.toLowerCase();
    case 'city':
      return normalizeText(customer.customerCity);
    case 'credit':
      return customer.customerCredit;
    case 'lastChanged':
      // Offsets differ over the year (CET/CEST): compare instants, not the text.
      return Date.parse(customer.lastChanged) || 0;
  }
}
