import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../lib/api-client';

const accountSchema = z.object({
  person: z.object({ id: z.number(), email: z.string(), name: z.string() }),
  clientName: z.string(),
  role: z.object({ key: z.string(), name: z.string(), requireTotp: z.boolean() }),
  passwordSet: z.boolean(),
  totpEnabled: z.boolean(),
  sessions: z.array(
    z.object({
      ref: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      method: z.string(),
      userAgent: z.string().nullable(),
      address: z.string().nullable(),
      current: z.boolean(),
    }),
  ),
  passkeys: z.array(
    z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() }),
  ),
});

export type Account = z.infer<typeof accountSchema>;
export type AccountSession = Account['sessions'][number];

export const accountKeys = {
  all: ['account'] as const,
  detail: () => [...accountKeys.all, 'detail'] as const,
};

export const accountQueries = {
  detail: () =>
    queryOptions({
      queryKey: accountKeys.detail(),
      queryFn: ({ signal }) => apiClient.get('/api/account', { schema: accountSchema, signal }),
    }),
};
