import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiClient } from './api-client';
import { ApiError } from './api-error';
import { createQueryClient } from './query-client';
import { readRetryDelayMs, retryRead, shouldRetryRead } from './retry-policy';

const rateLimited = (retryAfterSeconds?: number) =>
  new ApiError({ kind: 'rateLimited', status: 429, message: '', retryAfterSeconds });

describe('the read retry policy', () => {
  it('retries transient failures only, and at most three times', () => {
    expect(shouldRetryRead(0, new ApiError({ kind: 'network', message: '' }))).toBe(true);
    expect(shouldRetryRead(1, new ApiError({ kind: 'server', status: 502, message: '' }))).toBe(true);
    expect(shouldRetryRead(2, rateLimited())).toBe(true);
    expect(shouldRetryRead(3, new ApiError({ kind: 'network', message: '' }))).toBe(false);
    for (const kind of ['unauthorized', 'forbidden', 'notFound', 'validation', 'conflict'] as const) {
      expect(shouldRetryRead(0, new ApiError({ kind, message: '' }))).toBe(false);
    }
  });

  it('waits as long as Retry-After says, and leaves a longer wait than 30 s to the person', () => {
    expect(readRetryDelayMs(0, rateLimited(4))).toBe(4000);
    expect(readRetryDelayMs(0, new Error('x'))).toBeGreaterThan(0);
    expect(shouldRetryRead(0, rateLimited(30))).toBe(true);
    expect(shouldRetryRead(0, rateLimited(31))).toBe(false);
  });

  it('outside React Query: waits for Retry-After and repeats a GET after a 429', async () => {
    vi.useFakeTimers();
    try {
      const responses = [
        new Response('{"message":"slow"}', { status: 429, headers: { 'retry-after': '2' } }),
        new Response('[]', { status: 200 }),
      ];
      const fetch = vi.fn(async () => responses.shift() ?? new Response(null, { status: 500 }));
      const client = new ApiClient({ fetch });
      client.setClientName('demo');
      const result = retryRead(() => client.get('/partner/hall', { schema: z.array(z.unknown()) }));
      await vi.advanceTimersByTimeAsync(1999);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toEqual([]);
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up after its attempts, and at once on an abort', async () => {
    const failing = vi.fn(() => Promise.reject(new ApiError({ kind: 'server', status: 503, message: '' })));
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    await expect(retryRead(failing, { attempts: 2, wait })).rejects.toMatchObject({ status: 503 });
    expect(failing).toHaveBeenCalledTimes(2);
    expect(waits).toHaveLength(1);

    const controller = new AbortController();
    const aborting = vi.fn(() => {
      controller.abort(new DOMException('Left the page', 'AbortError'));
      return Promise.reject(new ApiError({ kind: 'network', message: '' }));
    });
    await expect(retryRead(aborting, { signal: controller.signal, wait })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(aborting).toHaveBeenCalledTimes(1);
  });

  it('is what React Query uses: one 429 then success is one retry, not a stack of them', async () => {
    const client = createQueryClient({ onUnauthorized: vi.fn() });
    const read = vi.fn().mockRejectedValueOnce(rateLimited(0)).mockResolvedValueOnce('ok');
    await expect(client.fetchQuery({ queryKey: ['policy'], queryFn: read })).resolves.toBe('ok');
    expect(read).toHaveBeenCalledTimes(2);
  });
});
