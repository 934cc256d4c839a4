import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { MirrorResource, MirrorStatus } from '@/contract/mirror';
import { mirrorQueries } from './mirror-queries';
import { useRefetchAfterSync } from './use-refetch-after-sync';

const part = (resource: MirrorResource, lastSuccessAt: string | null) => ({
  resource,
  watermark: lastSuccessAt,
  lastAttemptAt: lastSuccessAt,
  lastSuccessAt,
  lastError: null,
  fullSync: { startedAt: null, finishedAt: lastSuccessAt, total: 10, done: 10 },
});

const status = (at: Partial<Record<MirrorResource, string>>): MirrorStatus => ({
  intervalSeconds: 30,
  running: false,
  resources: (['customers', 'orders', 'waitinglist'] as const).map((resource) => part(resource, at[resource] ?? null)),
});

describe('useRefetchAfterSync', () => {
  it('asks every key again when a sync of any of its parts finished, and not for a part it does not read', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    const counts = ['segments', 'count', 'a rule'];
    const previews = ['segments', 'preview', 'a rule', 1];
    client.setQueryData(counts, { count: 3 });
    client.setQueryData(previews, { members: [] });
    const opened = { customers: '2026-11-26T10:00:00.000Z', orders: '2026-11-26T10:00:00.000Z' };
    client.setQueryData(mirrorQueries.status().queryKey, status(opened));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useRefetchAfterSync(['customers', 'orders'], [counts, previews]), { wrapper });
    // The waiting list is not read here: its sync changes nothing.
    await act(async () => {
      client.setQueryData(
        mirrorQueries.status().queryKey,
        status({ ...opened, waitinglist: '2026-11-26T10:00:30.000Z' }),
      );
    });
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 20)));
    expect(client.getQueryState(counts)?.isInvalidated).toBe(false);
    // A sync of the orders (not the customers) did finish: both keys are asked again.
    await act(async () => {
      client.setQueryData(mirrorQueries.status().queryKey, status({ ...opened, orders: '2026-11-26T10:00:30.000Z' }));
    });
    await waitFor(() => expect(client.getQueryState(counts)?.isInvalidated).toBe(true));
    expect(client.getQueryState(previews)?.isInvalidated).toBe(true);
  });
});
