import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiKeyChange, type Connection, connectionSchema } from '@/contract/connection';
import { type InvitationRequest, invitationSchema, issuedLinkSchema, type StaffChange } from '@/contract/people';
import { type Role, type RoleRequest, roleSchema } from '@/contract/roles';
import { apiClient, ignoredAnswer } from '../../lib/api-client';
import { sessionKey } from '../../lib/session';
import { staffKeys } from './staff-queries';

/**
 * Every change the administration makes, each owning its effects: what it invalidates (through the key
 * factory) and, where the change may touch the signed-in person's own rights, the session.
 */

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationRequest) =>
      apiClient.post('/api/staff/invitations', {
        schema: invitationSchema,
        body: input,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.people() }),
        queryClient.invalidateQueries({ queryKey: staffKeys.roles() }),
      ]),
  });
}

export interface StaffChangeInput extends StaffChange {
  id: number;
  /** The change is to the signed-in person's own account: their session (what they may do) changes too. */
  self?: boolean;
}

export function useChangeStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, self: _self, ...change }: StaffChangeInput) =>
      apiClient.request('PATCH', `/api/staff/${id}`, { schema: ignoredAnswer, body: change }),
    onSettled: (_data, _error, change) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.people() }),
        // Member counts per role.
        queryClient.invalidateQueries({ queryKey: staffKeys.roles() }),
        change.self ? queryClient.invalidateQueries({ queryKey: sessionKey }) : null,
      ]),
  });
}

/** A reset link, or a fresh invitation for someone who never set a password (the gateway decides). */
export function useIssueLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.post(`/api/staff/${id}/reset-link`, { schema: issuedLinkSchema, body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.people() }),
  });
}

/** A role as the editor saves it (every field given: the gateway's defaults are the editor's own). */
export type RoleInput = Required<RoleRequest>;

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: RoleInput }): Promise<Role> =>
      id === null
        ? apiClient.post('/api/roles', { schema: roleSchema, body: input })
        : apiClient.put(`/api/roles/${id}`, { schema: roleSchema, body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.roles() }),
        // Role names in the people list; and the signed-in person's own role may be the one changed.
        queryClient.invalidateQueries({ queryKey: staffKeys.people() }),
        queryClient.invalidateQueries({ queryKey: sessionKey }),
      ]),
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete(`/api/roles/${id}`, { schema: ignoredAnswer }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.roles() }),
  });
}

/** The key goes to the gateway only; the answer (client name, when and by whom) replaces the cached summary. */
export function useReplaceKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: string) =>
      apiClient.put('/api/connection', { schema: connectionSchema, body: { apiKey } satisfies ApiKeyChange }),
    onSuccess: (connection: Connection | null) => queryClient.setQueryData(staffKeys.connection(), connection),
  });
}
