import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { roleNetworksSchema, type SsoSettingsRequest, ssoSettingsSchema } from '@/contract/sso';
import { apiClient } from '../../lib/api-client';
import { staffKeys } from './staff-queries';

/** The organisation's access rules: its single sign-on settings and each role's networks. */
const accessKeys = {
  sso: () => [...staffKeys.all, 'sso'] as const,
  networks: (roleId: number) => [...staffKeys.roles(), roleId, 'networks'] as const,
};

export const accessQueries = {
  sso: () =>
    queryOptions({
      queryKey: accessKeys.sso(),
      queryFn: ({ signal }) => apiClient.get('/api/sso', { schema: ssoSettingsSchema, signal }),
    }),
  networks: (roleId: number) =>
    queryOptions({
      queryKey: accessKeys.networks(roleId),
      queryFn: ({ signal }) => apiClient.get(`/api/roles/${roleId}/networks`, { schema: roleNetworksSchema, signal }),
    }),
};

/** The secret goes to the gateway only; the answer (without it) replaces the cached settings. */
export function useSaveSso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoSettingsRequest) => apiClient.put('/api/sso', { schema: ssoSettingsSchema, body: input }),
    onSuccess: (saved) => queryClient.setQueryData(accessKeys.sso(), saved),
  });
}

export function useSaveNetworks(roleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (networks: string[]) =>
      apiClient.put(`/api/roles/${roleId}/networks`, { schema: roleNetworksSchema, body: { networks } }),
    onSuccess: (saved) => queryClient.setQueryData(accessKeys.networks(roleId), saved),
  });
}
