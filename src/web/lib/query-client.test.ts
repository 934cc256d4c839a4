import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from './query-client';

describe('query defaults', () => {
  it('retries transient failures only, and at most three attempts', () => {
    expect(shouldRetryQuery(0, new ApiError({ kind: 'network', message: '' }))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError({ kind: 'server', status: 502, message: '' }))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError({ kind: 'rateLimited', status: 429, message: '' }))).toBe(true);
    expect(shouldRetryQuery(3, new ApiError({ kind: 'network', message: '' }))).toBe(false);
    for (const kind of ['unauthorized', 'forbidden', 'notFound', 'validation', 'conflict'] as const) {
      expect(shouldRetryQuery(0, new ApiError({ kind, message: '' }))).toBe(false);
    }
  });

  it('waits as long as Retry-After says', () => {
    expect(
      queryRetryDelay(0, new ApiError({ kind: 'rateLimited', status: 429, message: '', retryAfterSeconds: 4 })),
    ).toBe(4000);
    expect(queryRetryDelay(0, new Error('x'))).toBeGreaterThan(0);
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
