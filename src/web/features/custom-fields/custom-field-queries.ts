import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  CUSTOM_FIELD_READ_PERMISSIONS,
  CUSTOM_FIELDS,
  type CustomField,
  type CustomFieldNames,
  customFieldNamesSchema,
} from '@/contract/custom-fields';
import { apiClient } from '../../lib/api-client';
import { useCan } from '../../lib/use-can';

const customFieldKeys = { names: ['custom-fields'] as const };

/** `GET /api/custom-fields`: names change seldom, and a change here sets them at once. */
export const customFieldQueries = {
  names: () =>
    queryOptions({
      queryKey: customFieldKeys.names,
      queryFn: ({ signal }) => apiClient.get('/api/custom-fields', { schema: customFieldNamesSchema, signal }),
      staleTime: 5 * 60_000,
    }),
};

/** `PUT /api/custom-fields`: the names as saved become everyone's on this screen. */
export function useRenameCustomFields() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (names: CustomFieldNames) =>
      apiClient.put('/api/custom-fields', { schema: customFieldNamesSchema, body: names }),
    onSuccess: (saved) => queryClient.setQueryData(customFieldKeys.names, saved),
  });
}

/**
 * What to call each custom field: the organisation's name for it, else `unnamed(n)` ("Eigen veld 3"), also while
 * the names are on their way, when they could not be read, and for a person who may not read them.
 */
export function useCustomFieldLabels(unnamed: (n: number, field: CustomField) => string): Record<CustomField, string> {
  const mayRead = useCan(...CUSTOM_FIELD_READ_PERMISSIONS);
  const names = useQuery({ ...customFieldQueries.names(), enabled: mayRead }).data;
  return useMemo(
    () =>
      Object.fromEntries(
        CUSTOM_FIELDS.map((field, index) => [field, names?.[field] || unnamed(index + 1, field)]),
      ) as Record<CustomField, string>,
    [names, unnamed],
  );
}
