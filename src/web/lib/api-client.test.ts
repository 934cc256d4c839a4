import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiClient } from './api-client';
import { parseRetryAfter } from './api-error';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function clientWith(responses: Array<Response | Error | DOMException>) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (!(next instanceof Response)) throw next;
    return next;
  });
  const client = new ApiClient({ fetch, timeoutMs: 1000 });
  client.setClientName('demo');
  return { client, calls };
}

describe('ApiClient', () => {
  it('builds client-relative URLs, sends cookies and JSON, and parses the body', async () => {
    const { client, calls } = clientWith([json(200, { clientName: 'demo' })]);
    const result = await client.post('/partner/customer/findByEmail', {
      schema: z.object({ clientName: z.string() }),
      body: { email: 'a@b.nl' },
      query: { page: 2, empty: '', gone: undefined },
    });
    expect(result).toEqual({ clientName: 'demo' });
    expect(calls[0]?.url).toBe('/api/v1/demo/partner/customer/findByEmail?page=2');
    expect(calls[0]?.init?.credentials).toBe('same-origin');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.body).toBe('{"email":"a@b.nl"}');
  });

  it('uses /api paths as they are (page URLs, session)', () => {
    const { client } = clientWith([]);
    expect(client.url('/api/v1/demo/partner/order?page=3')).toBe('/api/v1/demo/partner/order?page=3');
    expect(client.url('/api/session')).toBe('/api/session');
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'notFound'],
    [409, 'conflict'],
    [400, 'badRequest'],
    [500, 'server'],
    [503, 'server'],
  ])('maps status %i to kind %s with the server message', async (status, kind) => {
    const { client } = clientWith([json(status, { message: 'Told you so' })]);
    await expect(client.get('/partner/hall', { schema: z.unknown() })).rejects.toMatchObject({
      kind,
      status,
      message: 'Told you so',
    });
  });

  it('carries field errors of a 422', async () => {
    const { client } = clientWith([
      json(422, { message: 'The given data was invalid.', errors: { customerZip: ['Too long'] } }),
    ]);
    await expect(client.put('/partner/customer/1', { schema: z.unknown(), body: {} })).rejects.toMatchObject({
      kind: 'validation',
      fieldErrors: { customerZip: ['Too long'] },
    });
  });

  it('carries the reason of an address refusal, with the address, for the app to word', async () => {
    const { client } = clientWith([
      json(403, {
        message: 'Your role (Box office) may be used only…',
        refusal: 'outside-networks',
        address: '198.51.100.7',
      }),
    ]);
    await expect(client.get('/partner/event', { schema: z.unknown() })).rejects.toMatchObject({
      kind: 'forbidden',
      refusal: { kind: 'outside-networks', address: '198.51.100.7' },
    });
  });

  it('makes one attempt and reports a 429 with its Retry-After (retrying is retry-policy.ts)', async () => {
    const { client, calls } = clientWith([json(429, { message: 'slow' }, { 'retry-after': '2' })]);
    await expect(client.get('/partner/hall', { schema: z.unknown() })).rejects.toMatchObject({
      kind: 'rateLimited',
      retryAfterSeconds: 2,
    });
    expect(calls).toHaveLength(1);
  });

  it('never repeats a write after a 429', async () => {
    const { client, calls } = clientWith([json(429, { message: 'slow' }, { 'retry-after': '1' })]);
    await expect(client.post('/partner/customer', { schema: z.unknown(), body: {} })).rejects.toMatchObject({
      kind: 'rateLimited',
      retryAfterSeconds: 1,
    });
    expect(calls).toHaveLength(1);
  });

  it('reports a network failure as kind network', async () => {
    const { client } = clientWith([new TypeError('Failed to fetch')]);
    await expect(client.get('/partner/hall', { schema: z.unknown() })).rejects.toMatchObject({ kind: 'network' });
  });

  it('passes a caller abort on instead of reporting a failure', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('stop', 'AbortError'));
    const { client } = clientWith([new DOMException('stop', 'AbortError')]);
    await expect(client.get('/partner/hall', { schema: z.unknown(), signal: controller.signal })).rejects.toMatchObject(
      { name: 'AbortError' },
    );
  });

  it('reports a body of the wrong shape as unexpectedResponse', async () => {
    const { client } = clientWith([json(200, { nope: true })]);
    await expect(client.get('/partner/hall', { schema: z.array(z.unknown()) })).rejects.toMatchObject({
      kind: 'unexpectedResponse',
    });
  });

  it('refuses client-relative calls when nobody is signed in', () => {
    const client = new ApiClient({ fetch: vi.fn() });
    expect(() => client.url('/partner/hall')).toThrowError(expect.objectContaining({ kind: 'unauthorized' }));
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
  });
});
