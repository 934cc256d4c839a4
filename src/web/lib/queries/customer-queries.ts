import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { isApiError } from '../api-error';
import { type Customer, customerPageSchema, customerSchema, tagListSchema } from '../schemas/customer';

/**
 * Customer calls of the partner group (spec 4.2). Keys from generic to specific, so
 * `invalidateQueries({ queryKey: customerKeys.all })` reaches every customer query. The full customer list
 * is not a query: it lives in the in-memory directory of features/customers (loaded once per session).
 */
export const customerKeys = {
  all: ['customers'] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  detail: (customerId: number) => [...customerKeys.details(), customerId] as const,
  byEmail: (email: string) => [...customerKeys.all, 'by-email', email.trim().toLowerCase()] as const,
  exportPage: (page: number) => [...customerKeys.all, 'export-page', page] as const,
  clientTypes: () => [...customerKeys.all, 'client-types'] as const,
};

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
  /** One page of the export: what the table shows while the full load is still running. */
  exportPage: (page: number) =>
    queryOptions({
      queryKey: customerKeys.exportPage(page),
      queryFn: ({ signal }) =>
        apiClient.post('/partner/export/customers', { schema: customerPageSchema, query: { page }, body: {}, signal }),
      staleTime: 60_000,
    }),
  /** The client's valid tags; they change rarely, so cached for the session and refreshed now and then. */
  clientTypes: () =>
    queryOptions({
      queryKey: customerKeys.clientTypes(),
      queryFn: ({ signal }) => apiClient.get('/partner/export/clienttypes', { schema: tagListSchema, signal }),
      staleTime: 10 * 60_000,
    }),
};

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
  return apiClient.get(`/partner/customer/${customerId}/clienttypes`, { schema: tagListSchema, signal });
}
