import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import {
  CUSTOMER_LOOKUP_MIN_LENGTH,
  type CustomerSearchPage,
  type CustomerSearchParams,
} from '@/contract/customer-search';
import type { LikelyDuplicatesDraft } from '@/contract/likely-duplicates';
import { apiClient } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { retryRead } from '../../lib/retry-policy';
import {
  buyerLookupSchema,
  type Customer,
  customerMatchesSchema,
  customerSchema,
  customerSearchPageSchema,
  likelyDuplicatesSchema,
  tagCountsSchema,
  tagListSchema,
} from '../../lib/schemas/customer';

/**
 * Customer calls: the partner group's (spec 4.2), forwarded, and the gateway's search over its mirror of the
 * customers (`/api/customers…`, src/contract/customer-search.ts). Keys from generic to specific, so
 * `invalidateQueries({ queryKey: customerKeys.all })` reaches every customer query, and
 * `customerKeys.searches()` every answer drawn from the mirror (after a change the gateway wrote there).
 */
export const customerKeys = {
  all: ['customers'] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  detail: (customerId: number) => [...customerKeys.details(), customerId] as const,
  byEmails: () => [...customerKeys.all, 'by-email'] as const,
  byEmail: (email: string) => [...customerKeys.byEmails(), email.trim().toLowerCase()] as const,
  searches: () => [...customerKeys.all, 'search'] as const,
  lists: () => [...customerKeys.searches(), 'list'] as const,
  list: (params: CustomerSearchParams) => [...customerKeys.lists(), params] as const,
  lookup: (text: string) => [...customerKeys.searches(), 'lookup', text.trim()] as const,
  matches: (params: CustomerSearchParams) => [...customerKeys.searches(), 'matches', params] as const,
  tagCounts: () => [...customerKeys.searches(), 'tag-counts'] as const,
  likelyDuplicates: (draft: LikelyDuplicatesDraft) => [...customerKeys.searches(), 'likely-duplicates', draft] as const,
  clientTypes: () => [...customerKeys.all, 'client-types'] as const,
};

/** The parameters as the gateway reads them: empty ones left out. */
function searchQuery(params: CustomerSearchParams): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query[name] = value;
  }
  return query;
}

/** `POST /partner/customer/findByEmail`: the customer with that email (case-insensitive), or null (404). */
export async function findCustomerByEmail(email: string, signal?: AbortSignal): Promise<Customer | null> {
  try {
    return await apiClient.post('/partner/customer/findByEmail', {
      schema: customerSchema,
      body: { email: email.trim() },
      signal,
    });
  } catch (error) {
    // 404: nobody has it. 422: not an address the service accepts; for a lookup that is "nobody" too.
    if (isApiError(error) && (error.kind === 'notFound' || error.kind === 'validation')) return null;
    throw error;
  }
}

export const customerQueries = {
  detail: (customerId: number) =>
    queryOptions({
      queryKey: customerKeys.detail(customerId),
      queryFn: ({ signal }) => apiClient.get(`/partner/customer/${customerId}`, { schema: customerSchema, signal }),
      staleTime: 30_000,
    }),
  byEmail: (email: string) =>
    queryOptions({
      queryKey: customerKeys.byEmail(email),
      queryFn: ({ signal }) => findCustomerByEmail(email, signal),
      // Short: the point of asking the service is to find a customer created elsewhere a moment ago.
      staleTime: 10_000,
    }),
  /**
   * A page of the customer list: search, filters, sort, page, all on the gateway. The previous answer stays
   * on screen while the next is asked (keepPreviousData), and says which text it answers (`q`).
   */
  list: (params: CustomerSearchParams) =>
    queryOptions({
      queryKey: customerKeys.list(params),
      queryFn: async ({ signal }) => ({
        ...(await apiClient.get('/api/customers', {
          schema: customerSearchPageSchema,
          query: searchQuery(params),
          signal,
        })),
        q: params.q ?? '',
      }),
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  /** The box office's buyer lookup: a handful of matches with what the picker shows. */
  lookup: (text: string) =>
    queryOptions({
      queryKey: customerKeys.lookup(text),
      queryFn: async ({ signal }) => ({
        ...(await apiClient.get('/api/customers/lookup', {
          schema: buyerLookupSchema,
          query: { q: text.trim() },
          signal,
        })),
        q: text,
      }),
      enabled: text.trim().length >= CUSTOMER_LOOKUP_MIN_LENGTH,
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  /**
   * Who a customer being created may already be, from the mirror's duplicate keys (a POST: the draft's name,
   * email and phone stay out of URLs). Drawn from the mirror, so a save elsewhere refreshes it (searches()).
   */
  likelyDuplicates: (draft: LikelyDuplicatesDraft) =>
    queryOptions({
      queryKey: customerKeys.likelyDuplicates(draft),
      queryFn: ({ signal }) =>
        apiClient.post('/api/customers/likely-duplicates', { schema: likelyDuplicatesSchema, body: draft, signal }),
      staleTime: 15_000,
    }),
  /** Customers per tag, from the mirror. */
  tagCounts: () =>
    queryOptions({
      queryKey: customerKeys.tagCounts(),
      queryFn: ({ signal }) => apiClient.get('/api/customers/tags', { schema: tagCountsSchema, signal }),
      staleTime: 30_000,
    }),
  /** The client's valid tags; they change rarely, so cached for the session and refreshed now and then. */
  clientTypes: () =>
    queryOptions({
      queryKey: customerKeys.clientTypes(),
      queryFn: ({ signal }) => apiClient.get('/partner/export/clienttypes', { schema: tagListSchema, signal }),
      staleTime: 10 * 60_000,
    }),
};

/** The customer as a page of the list in the cache shows it (to show at once while the service is asked). */
export function listedCustomer(queryClient: QueryClient, customerId: number): Customer | undefined {
  for (const [, page] of queryClient.getQueriesData<CustomerSearchPage<Customer>>({
    queryKey: customerKeys.lists(),
  })) {
    const found = page?.data.find((customer) => customer.customerId === customerId);
    if (found) return found;
  }
  return undefined;
}

/** Every match of a search and its filters (up to the gateway's limit), for a bulk action. */
export function fetchCustomerMatches(params: CustomerSearchParams, signal?: AbortSignal) {
  return retryRead(
    () =>
      apiClient.get('/api/customers/matches', { schema: customerMatchesSchema, query: searchQuery(params), signal }),
    { signal },
  );
}

/**
 * The writable fields of spec 2.7 (create and update bodies): the customer's own fields, with credit sent as
 * the decimal text the form validated rather than the number the reader makes of it.
 */
export type CustomerBody = Partial<
  Omit<Customer, 'customerId' | 'customerCredit' | 'customerPrefs' | 'lastChanged' | 'customerTags'> & {
    customerCredit: string;
  }
>;

export function createCustomer(body: CustomerBody): Promise<Customer> {
  return apiClient.post('/partner/customer', { schema: customerSchema, body });
}

/** Only the fields in `body` change (spec 4.2). */
export function updateCustomer(customerId: number, body: CustomerBody): Promise<Customer> {
  return apiClient.put(`/partner/customer/${customerId}`, { schema: customerSchema, body });
}

/** Replaces the customer's tags with exactly `tags` (set semantics; [] removes all); returns the new list. */
export function setCustomerTags(customerId: number, tags: readonly string[], signal?: AbortSignal): Promise<string[]> {
  return apiClient.post(`/partner/customer/${customerId}/clienttypes`, {
    schema: tagListSchema,
    body: { clienttypes: [...tags] },
    signal,
  });
}

/** The customer's tags as the service holds them now (read before a bulk change, so no other tag is lost). */
export function getCustomerTags(customerId: number, signal?: AbortSignal): Promise<string[]> {
  return retryRead(
    () => apiClient.get(`/partner/customer/${customerId}/clienttypes`, { schema: tagListSchema, signal }),
    { signal },
  );
}
