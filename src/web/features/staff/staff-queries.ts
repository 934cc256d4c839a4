import { queryOptions } from '@tanstack/react-query';
import { connectionSchema } from '@/contract/connection';
import { staffListSchema } from '@/contract/people';
import { rolesAnswerSchema } from '@/contract/roles';
import { apiClient } from '../../lib/api-client';

/** Keys from generic to specific; mutations invalidate through these, never through hand-copied arrays. */
export const staffKeys = {
  all: ['staff'] as const,
  people: () => [...staffKeys.all, 'people'] as const,
  roles: () => [...staffKeys.all, 'roles'] as const,
  connection: () => [...staffKeys.all, 'connection'] as const,
};

export const staffQueries = {
  /** Everyone of the organisation (a venue's staff: tens, not thousands), filtered in the browser. */
  people: () =>
    queryOptions({
      queryKey: staffKeys.people(),
      queryFn: ({ signal }) => apiClient.get('/api/staff', { schema: staffListSchema, signal }),
    }),
  roles: () =>
    queryOptions({
      queryKey: staffKeys.roles(),
      queryFn: ({ signal }) => apiClient.get('/api/roles', { schema: rolesAnswerSchema, signal }),
    }),
  connection: () =>
    queryOptions({
      queryKey: staffKeys.connection(),
      queryFn: ({ signal }) => apiClient.get('/api/connection', { schema: connectionSchema, signal }),
    }),
};
