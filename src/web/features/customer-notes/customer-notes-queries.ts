import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type CustomerDeskNotes,
  customerDeskNotesSchema,
  customerFlagSchema,
  customerNoteSchema,
  type FlagSeverity,
  flagListSchema,
} from '@/contract/customer-notes';
import { apiClient, ignoredAnswer } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';

/**
 * Desk notes and flags (`/api/customers/:id/notes`, `/api/customer-flags`). Keys from generic to specific:
 * a change to the flag list reaches every customer's answer (their flags carry its labels).
 */
export const customerNotesKeys = {
  all: ['customer-notes'] as const,
  customers: () => [...customerNotesKeys.all, 'customer'] as const,
  customer: (customerId: number) => [...customerNotesKeys.customers(), customerId] as const,
  flagList: () => [...customerNotesKeys.all, 'flag-list'] as const,
};

const customerFlagsAnswerSchema = z.object({ data: z.array(customerFlagSchema) });

export const customerNotesQueries = {
  customer: (customerId: number) =>
    queryOptions({
      queryKey: customerNotesKeys.customer(customerId),
      queryFn: ({ signal }) =>
        apiClient.get(`/api/customers/${customerId}/notes`, { schema: customerDeskNotesSchema, signal }),
      staleTime: 15_000,
    }),
  flagList: () =>
    queryOptions({
      queryKey: customerNotesKeys.flagList(),
      queryFn: ({ signal }) => apiClient.get('/api/customer-flags', { schema: flagListSchema, signal }),
      select: (answer) => answer.data,
      staleTime: 60_000,
    }),
};

/** The mutations of one customer's notes and flags; each refreshes that customer's answer (and their story). */
export function useCustomerNoteMutations(customerId: number) {
  const queryClient = useQueryClient();
  const settled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customerNotesKeys.customer(customerId) }),
      // The story tells notes and flag changes too (features/customer-story: its keys start so).
      queryClient.invalidateQueries({ queryKey: ['customer-story', customerId] }),
    ]);
  const base = `/api/customers/${customerId}`;
  return {
    add: useMutation({
      mutationFn: async (text: string) => {
        const known = queryClient.getQueryData<CustomerDeskNotes>(customerNotesKeys.customer(customerId));
        const before = new Set(known?.notes.map((note) => note.id));
        try {
          return await apiClient.post(`${base}/notes`, { schema: customerNoteSchema, body: { text } });
        } catch (error) {
          // No answer: the note may have been saved (it showed in the list while its text stayed in the field with
          // "try again", and trying again saved it twice). A note of the reader's own with this text that was not
          // there before is it.
          if (!(isApiError(error) && (error.kind === 'network' || error.kind === 'server'))) throw error;
          const now = await queryClient
            .fetchQuery({ ...customerNotesQueries.customer(customerId), staleTime: 0 })
            .catch(() => null);
          // The gateway keeps a note's text trimmed (the contract's schema).
          const saved = now?.notes.find(
            (note) => note.text === text.trim() && !before.has(note.id) && now.editableNoteIds.includes(note.id),
          );
          if (saved && known) return saved;
          throw error;
        }
      },
      onSettled: settled,
    }),
    edit: useMutation({
      mutationFn: ({ noteId, text }: { noteId: number; text: string }) =>
        apiClient.request('PATCH', `${base}/notes/${noteId}`, { schema: customerNoteSchema, body: { text } }),
      onSettled: settled,
    }),
    remove: useMutation({
      mutationFn: (noteId: number) => apiClient.delete(`${base}/notes/${noteId}`, { schema: ignoredAnswer }),
      onSettled: settled,
    }),
    setFlags: useMutation({
      mutationFn: (flagIds: number[]) =>
        apiClient.put(`${base}/flags`, { schema: customerFlagsAnswerSchema, body: { flagIds } }),
      onSuccess: (answer) =>
        queryClient.setQueryData<CustomerDeskNotes>(customerNotesKeys.customer(customerId), (old) =>
          old ? { ...old, flags: answer.data } : old,
        ),
      onSettled: settled,
    }),
  };
}

/** The mutations of the organisation's flag list. */
export function useFlagListMutations() {
  const queryClient = useQueryClient();
  const settled = () => queryClient.invalidateQueries({ queryKey: customerNotesKeys.all });
  return {
    add: useMutation({
      mutationFn: (flag: { label: string; severity: FlagSeverity }) =>
        apiClient.post('/api/customer-flags', { schema: customerFlagSchema, body: flag }),
      onSettled: settled,
    }),
    change: useMutation({
      mutationFn: ({
        flagId,
        change,
      }: {
        flagId: number;
        change: { label?: string | null; severity?: FlagSeverity; retired?: boolean };
      }) => apiClient.request('PATCH', `/api/customer-flags/${flagId}`, { schema: customerFlagSchema, body: change }),
      onSettled: settled,
    }),
  };
}
