import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient } from './query-client';
import { readRetryDelayMs, shouldRetryRead } from './retry-policy';

describe('query defaults', () => {
  it('retry reads under the app policy', () => {
    const queries = createQueryClient({ onUnauthorized: vi.fn() }).getDefaultOptions().queries;
    expect(queries?.retry).toBe(shouldRetryRead);
    expect(queries?.retryDelay).toBe(readRetryDelayMs);
  });

  it('never retries mutations and reports 401 from queries and mutations', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    expect(client.getDefaultOptions().mutations?.retry).toBe(false);
    const unauthorized = new ApiError({ kind: 'unauthorized', status: 401, message: 'Not signed in' });
    await expect(
      client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(unauthorized), retry: false }),
    ).rejects.toBe(unauthorized);
    const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(unauthorized) });
    await expect(mutation.execute(undefined)).rejects.toBe(unauthorized);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });
});
