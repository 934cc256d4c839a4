import { OPTIN_STATES, type OptinState } from '@/contract/customer-prefs';
import { CUSTOMER_SORT_COLUMNS, type CustomerSearchParams, type CustomerSortColumn } from '@/contract/customer-search';

/** Where a first click sorts: texts A to Z, amounts and dates highest and newest first. */
const DESCENDING_FIRST: ReadonlySet<CustomerSortColumn> = new Set(['credit', 'lastChanged']);

export interface CustomerSort {
  column: CustomerSortColumn;
  descending: boolean;
}

/**
 * The list's filters and sort, in the URL so they can be linked, reloaded and reached with Back. The search
 * text is not among them: it may be a name or an email, which must not land in the browser's history.
 */
export interface CustomerListParams {
  tag: string;
  optin: OptinState | '';
  /** `YYYY-MM-DD`: changed on or after that day. */
  since: string;
  /** null: best match first (a search), else by customer number. */
  sort: CustomerSort | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function descendingFirst(column: CustomerSortColumn): boolean {
  return DESCENDING_FIRST.has(column);
}

export function isSortColumn(id: string): id is CustomerSortColumn {
  return (CUSTOMER_SORT_COLUMNS as readonly string[]).includes(id);
}

/** `sort=<column>` sorts the column's first way (links from before header sorting mean the same); `dir` the other. */
export function readCustomerListParams(search: URLSearchParams): CustomerListParams {
  const column = search.get('sort') ?? '';
  const dir = search.get('dir');
  const optin = search.get('optin') as OptinState | null;
  const since = search.get('since') ?? '';
  return {
    tag: search.get('tag') ?? '',
    optin: optin && OPTIN_STATES.includes(optin) ? optin : '',
    since: DATE.test(since) ? since : '',
    sort: isSortColumn(column)
      ? { column, descending: dir === 'desc' ? true : dir === 'asc' ? false : descendingFirst(column) }
      : null,
  };
}

/** Params → URL search; defaults are left out, and a change of filters goes back to page 1. */
export function writeCustomerListParams(params: CustomerListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.tag) search.set('tag', params.tag);
  if (params.optin) search.set('optin', params.optin);
  if (params.since) search.set('since', params.since);
  if (params.sort) {
    search.set('sort', params.sort.column);
    if (params.sort.descending !== descendingFirst(params.sort.column)) {
      search.set('dir', params.sort.descending ? 'desc' : 'asc');
    }
  }
  return search;
}

export function hasFilters(params: Pick<CustomerListParams, 'tag' | 'optin' | 'since'>): boolean {
  return Boolean(params.tag || params.optin || params.since);
}

/** What the gateway's search is asked for a search text, the list's params and a page. */
export function searchParamsOf(text: string, params: CustomerListParams, page: number, perPage: number) {
  const query: CustomerSearchParams = { page, perPage };
  if (text.trim()) query.q = text.trim();
  if (params.tag) query.tag = params.tag;
  if (params.optin) query.optin = params.optin;
  if (params.since) query.since = params.since;
  if (params.sort) {
    query.sort = params.sort.column;
    query.dir = params.sort.descending ? 'desc' : 'asc';
  }
  return query;
}
