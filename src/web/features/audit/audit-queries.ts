import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditChainSchema, auditPageSchema } from '@/contract/audit';
import { apiClient } from '../../lib/api-client';

/** The filter of the audit page, as the URL keeps it (`from`/`to` are local days, YYYY-MM-DD). */
export interface AuditFilter {
  person: string;
  action: string;
  order: string;
  customer: string;
  from: string;
  to: string;
}

export const AUDIT_FILTER_KEYS = ['person', 'action', 'order', 'customer', 'from', 'to'] as const;

/** The gateway's query parameters for a filter: the local days become the instants that bound them. */
export function auditQuery(filter: AuditFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.person.trim()) query.person = filter.person.trim();
  if (filter.action) query.action = filter.action;
  if (/^\d+$/.test(filter.order)) query.order = filter.order;
  if (/^\d+$/.test(filter.customer)) query.customer = filter.customer;
  if (/^\d{4}-\d{2}-\d{2}$/.test(filter.from)) query.from = new Date(`${filter.from}T00:00:00`).toISOString();
  if (/^\d{4}-\d{2}-\d{2}$/.test(filter.to)) query.to = new Date(`${filter.to}T23:59:59.999`).toISOString();
  return query;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: Record<string, string>, page: number) => [...auditKeys.all, 'list', query, page] as const,
  chain: () => [...auditKeys.all, 'chain'] as const,
};

export const auditQueries = {
  list: (filter: AuditFilter, page: number) => {
    const query = auditQuery(filter);
    return queryOptions({
      queryKey: auditKeys.list(query, page),
      queryFn: ({ signal }) =>
        apiClient.get('/api/audit', { schema: auditPageSchema, query: { ...query, page }, signal }),
      placeholderData: keepPreviousData,
    });
  },
  chain: () =>
    queryOptions({
      queryKey: auditKeys.chain(),
      queryFn: ({ signal }) => apiClient.get('/api/audit/verify', { schema: auditChainSchema, signal }),
    }),
};
