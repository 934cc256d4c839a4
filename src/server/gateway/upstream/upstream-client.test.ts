import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { quietLog } from '../../testing/test-gateway';
import { answerError, UpstreamUnavailableError } from '../errors';
import { type ServiceConnection, ServiceUnreachableError } from '../service-connection';
import { type RetryPolicy, UpstreamClient } from './upstream-client';

type Answer = Response | Error;

/** A service that answers each call with the next of `answers` (the last one again when they run out). */
function scriptedService(answers: Array<() => Answer>) {
  const calls: Array<{ path: string; method: string; authorization: string | null; body: string | null }> = [];
  const connection: ServiceConnection = {
    async fetch(path, init) {
      const headers = new Headers(init.headers);
      calls.push({
        path,
        method: init.method ?? 'GET',
        authorization: headers.get('authorization'),
        body: typeof init.body === 'string' ? init.body : null,
      });
      const answer = (answers[calls.length - 1] ?? answers[answers.length - 1])?.() as Answer;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    baseUrl: () => 'http://service.test',
    prepared: () => undefined,
  };
  return { connection, calls };
}

const json =
  (value: unknown, init: ResponseInit = {}) =>
  () =>
    new Response(JSON.stringify(value), { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
const status =
  (code: number, headers: Record<string, string> = {}) =>
  () =>
    new Response('{}', { status: code, headers });

const RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 100, maxDelayMs: 2000 };

function clientOf(answers: Array<() => Answer>) {
  const service = scriptedService(answers);
  const waits: number[] = [];
  let opened = 0;
  const organisations = {
    openKey: (_sealed: Uint8Array, clientName: string) => {
      opened++;
      return `key-of-${clientName}`;
    },
  };
  const client = UpstreamClient.forOrganisation(
    { service: service.connection, organisations },
    { organisationId: 7, clientName: 'demo', sealedKey: new Uint8Array() },
    'http://foyer.test',
    { retry: RETRY, sleep: async (ms) => void waits.push(ms) },
  );
  return { client, calls: service.calls, waits, opened: () => opened };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as UpstreamUnavailableError,
  );

describe('the upstream client', () => {
  it('sets the organisation’s key on every call below its client, opened per call', async () => {
    const { client, calls, opened } = clientOf([json({ a: 1 })]);
    await client.read('GET', '/partner/hall');
    await client.send('POST', '/partner/customer', { body: '{}' });
    expect(calls.map(({ path, authorization }) => ({ path, authorization }))).toEqual([
      { path: '/v1/demo/partner/hall', authorization: 'key-of-demo' },
      { path: '/v1/demo/partner/customer', authorization: 'key-of-demo' },
    ]);
    expect(opened()).toBe(2);
  });

  it('retries a 5xx and a network failure with backoff, then answers', async () => {
    const { client, calls, waits } = clientOf([
      status(500),
      () => new ServiceUnreachableError('connection reset', false),
      json({ ok: true }),
    ]);
    expect(await client.read('GET', '/partner/event/1')).toEqual({ ok: true });
    expect(calls).toHaveLength(3);
    expect(client.calls).toEqual({ requests: 3, retries: 2 });
    // 100 ms, then 200 ms, each up to a quarter more.
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[0]).toBeLessThanOrEqual(125);
    expect(waits[1]).toBeGreaterThanOrEqual(200);
    expect(waits[1]).toBeLessThanOrEqual(250);
  });

  it('waits what Retry-After asks (at most the budget’s longest wait), and passes it on when it gives up', async () => {
    const { client, calls, waits } = clientOf([status(429, { 'retry-after': '7' })]);
    const failure = await failureOf(client.read('GET', '/partner/order'));
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([2000, 2000]);
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    expect(failure?.status).toBe(503);
    expect(failure?.options.retryAfterSeconds).toBe(7);
    expect(failure?.detail).toBe('GET /partner/order answered 429 (after 3 attempts)');
  });

  it('never retries an answer retrying will not change; a refused key is a 502 that says so', async () => {
    for (const [code, message] of [
      [401, "The Ticketing Service refused the organisation's API key. An administrator must replace it."],
      [403, "The Ticketing Service refused the organisation's API key. An administrator must replace it."],
      [404, 'The Ticketing Service answered 404. Try again later.'],
      [422, 'The Ticketing Service answered 422. Try again later.'],
    ] as const) {
      const { client, calls } = clientOf([status(code)]);
      const failure = await failureOf(client.read('GET', '/partner/customer/1'));
      expect({ code, calls: calls.length, status: failure?.status, message: failure?.message }).toEqual({
        code,
        calls: 1,
        status: 502,
        message,
      });
    }
    const { client } = clientOf([status(404)]);
    expect(await client.read('GET', '/partner/customer/1', { missing: 'null' })).toBeNull();
  });

  it('is unreachable (502) or timed out (504) after its attempts; send never retries', async () => {
    const down = clientOf([() => new ServiceUnreachableError('connect ECONNREFUSED', false)]);
    expect((await failureOf(down.client.read('GET', '/partner/hall')))?.status).toBe(502);
    expect(down.calls).toHaveLength(3);
    const slow = clientOf([() => new ServiceUnreachableError('timed out after 30000 ms', true)]);
    expect((await failureOf(slow.client.read('GET', '/partner/hall')))?.status).toBe(504);
    const once = clientOf([status(500)]);
    expect((await once.client.send('POST', '/partner/cart/x/checkout')).status).toBe(500);
    expect(once.calls).toHaveLength(1);
  });

  it('reads an export page by page, in order, changedSince in the body', async () => {
    const pages = [1, 2, 3, 4].map((page) => json({ data: [page], current_page: page, last_page: 4, total: 4 }));
    const service = scriptedService(pages);
    const client = UpstreamClient.forOrganisation(
      { service: service.connection, organisations: { openKey: () => 'key' } },
      { organisationId: 7, clientName: 'demo', sealedKey: new Uint8Array() },
    );
    const read: unknown[] = [];
    for await (const page of client.exportPages<number>(
      '/partner/export/orders',
      new Date('2026-11-26T14:03:07.250Z'),
      {
        pagesAhead: 2,
      },
    )) {
      read.push(...page.data);
    }
    expect(read).toEqual([1, 2, 3, 4]);
    expect(service.calls.map((call) => call.path)).toEqual(
      [1, 2, 3, 4].map((n) => `/v1/demo/partner/export/orders?page=${n}`),
    );
    expect(service.calls.every((call) => call.body === '{"changedSince":"2026-11-26T14:03:07Z"}')).toBe(true);
  });

  it('fails a route with the status, message and Retry-After of its typed error', async () => {
    const { client } = clientOf([status(503, { 'retry-after': '5' })]);
    const app = new Hono();
    app.get('/report', async (c) => c.json(await client.read('GET', '/partner/event')));
    app.onError((error, c) => answerError(c, error, quietLog));
    const response = await app.request('/report');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ message: 'The Ticketing Service is busy. Try again shortly.' });
  });
});
