import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AnonymiseOutcome,
  anonymiseOutcomeSchema,
  type PrivacySettings,
  privacySettingsSchema,
  retentionBatchAnswerSchema,
  retentionIdsSchema,
  retentionPageSchema,
} from '@/contract/privacy';
import { apiClient } from '../../lib/api-client';

/** Privacy requests (`/api/privacy/…`, src/contract/privacy.ts): keys from generic to specific. */
export const privacyKeys = {
  all: ['privacy'] as const,
  settings: () => [...privacyKeys.all, 'settings'] as const,
  retentions: () => [...privacyKeys.all, 'retention'] as const,
  retention: (page: number) => [...privacyKeys.retentions(), page] as const,
};

export const privacyQueries = {
  settings: () =>
    queryOptions({
      queryKey: privacyKeys.settings(),
      queryFn: ({ signal }) => apiClient.get('/api/privacy/settings', { schema: privacySettingsSchema, signal }),
    }),
  retention: (page: number) =>
    queryOptions({
      queryKey: privacyKeys.retention(page),
      queryFn: ({ signal }) =>
        apiClient.get('/api/privacy/retention', { schema: retentionPageSchema, query: { page }, signal }),
      placeholderData: keepPreviousData,
    }),
};

/** Anonymises one customer; `onAnonymised` lets the page refresh what it shows of them. */
export function useAnonymise(customerId: number, onAnonymised: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string): Promise<AnonymiseOutcome> =>
      apiClient.post(`/api/privacy/customers/${customerId}/anonymise`, {
        schema: anonymiseOutcomeSchema,
        body: { confirmation },
      }),
    onSuccess: () => {
      onAnonymised();
      void queryClient.invalidateQueries({ queryKey: privacyKeys.retentions() });
    },
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PrivacySettings) =>
      apiClient.put('/api/privacy/settings', { schema: privacySettingsSchema, body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(privacyKeys.settings(), saved);
      void queryClient.invalidateQueries({ queryKey: privacyKeys.retentions() });
    },
  });
}

/** Every proposed customer's number (up to the contract's maximum), for "choose all". */
export function fetchRetentionIds() {
  return apiClient.get('/api/privacy/retention/ids', { schema: retentionIdsSchema });
}

/** Hands one batch of customers to the customer jobs. */
export function startRetentionBatch(customerIds: readonly number[]) {
  return apiClient.post('/api/privacy/retention/anonymise', {
    schema: retentionBatchAnswerSchema,
    body: { customerIds },
  });
}
