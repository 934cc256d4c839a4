import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { ApiClient } from './api-client';
import { startEarlyFetch, takeEarlyResponse } from './early-fetch';

afterEach(() => vi.unstubAllGlobals());

describe('early fetch', () => {
  it('hands a started request to the API client once, then the network is used again', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response('{"clientName":"demo"}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    startEarlyFetch('/api/session');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const client = new ApiClient();
    const schema = z.object({ clientName: z.string() });
    await expect(client.get('/api/session', { schema })).resolves.toEqual({ clientName: 'demo' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await client.get('/api/session', { schema });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is only for reads', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    startEarlyFetch('/api/x');
    expect(takeEarlyResponse('POST', '/api/x')).toBeUndefined();
    expect(takeEarlyResponse('GET', '/api/x')).toBeDefined();
  });
});
