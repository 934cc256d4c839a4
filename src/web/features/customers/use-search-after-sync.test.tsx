import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { MirrorStatus } from '@/contract/mirror';
import { mirrorQueries } from '../../lib/queries/mirror-queries';
import { customerKeys } from './customer-queries';
import { useSearchAfterSync } from './use-search-after-sync';

const status = (lastSuccessAt: string | null): MirrorStatus => ({
  intervalSeconds: 30,
  running: false,
  resources: [
    {
      resource: 'customers',
      watermark: lastSuccessAt,
      lastAttemptAt: lastSuccessAt,
      lastSuccessAt,
      lastError: null,
      fullSync: { startedAt: null, finishedAt: lastSuccessAt, total: 10, done: lastSuccessAt ? 10 : 3 },
    },
  ],
});

describe('useSearchAfterSync', () => {
  it('asks the searches again when a sync of the customers finished after the page opened, not before', async () => {
    // Nothing is fetched: the data is set, and never stale.
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    const listKey = customerKeys.list({ q: 'jansen', page: 1 });
    client.setQueryData(listKey, { data: [], total: 0 });
    client.setQueryData(mirrorQueries.status().queryKey, status('2026-11-26T10:00:00.000Z'));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useSearchAfterSync(), { wrapper });
    // The status the page opened with changes nothing.
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 20)));
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);
    await act(async () => {
      client.setQueryData(mirrorQueries.status().queryKey, status('2026-11-26T10:00:30.000Z'));
    });
    await waitFor(() => expect(client.getQueryState(listKey)?.isInvalidated).toBe(true));
  });

  it('asks again when the first sync finishes while the page is open', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    });
    const listKey = customerKeys.list({ page: 1 });
    client.setQueryData(listKey, { data: [], total: 0 });
    client.setQueryData(mirrorQueries.status().queryKey, status(null));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useSearchAfterSync(), { wrapper });
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 20)));
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);
    await act(async () => {
      client.setQueryData(mirrorQueries.status().queryKey, status('2026-11-26T10:00:30.000Z'));
    });
    await waitFor(() => expect(client.getQueryState(listKey)?.isInvalidated).toBe(true));
  });
});
