import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { limitBodies } from '../body-limit';
import { inProcessRequest } from './in-process-request';

const json = (value: unknown) => JSON.stringify(value);

/** As the embedded service's connection sends it: with the body's length, unless `withLength` is false. */
function post(body: string | ArrayBuffer | Uint8Array<ArrayBuffer> | null, withLength = true) {
  const headers = new Headers({ 'content-type': 'application/json' });
  const length = body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  if (withLength) headers.set('content-length', String(length));
  return inProcessRequest('http://gateway.test/v1/demo/partner/cart/abc?x=1', { method: 'post', headers, body });
}

describe('the in-process request', () => {
  it('is a Request with the method, URL and headers given, and its body read once as text, JSON or bytes', async () => {
    const request = post(json({ seats: [1, 2] }));
    expect(request).toBeInstanceOf(Request);
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://gateway.test/v1/demo/partner/cart/abc?x=1');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.signal.aborted).toBe(false);
    expect(request.bodyUsed).toBe(false);
    expect(await request.json()).toEqual({ seats: [1, 2] });
    expect(request.bodyUsed).toBe(true);
    await expect(request.text()).rejects.toThrow(TypeError);

    const bytes = new TextEncoder().encode('héllo');
    expect(await post(bytes.buffer).text()).toBe('héllo');
    expect(await post(bytes).text()).toBe('héllo');
    expect(new Uint8Array(await post('héllo').arrayBuffer())).toEqual(bytes);
    expect(await post(null).text()).toBe('');
  });

  it('makes the whole Request for what only it has: the body as a stream, a clone', async () => {
    const streamed = post(json({ a: 1 }));
    const body = streamed.body;
    expect(body).toBeInstanceOf(ReadableStream);
    expect(await new Response(body).json()).toEqual({ a: 1 });

    const cloned = post('text').clone();
    // By its tag: @hono/node-server swaps the global Request when a test of the same worker serves.
    expect(Object.prototype.toString.call(cloned)).toBe('[object Request]');
    expect(await cloned.text()).toBe('text');

    const read = post('once');
    await read.text();
    expect(() => read.body).toThrow(TypeError);

    const empty = inProcessRequest('http://gateway.test/v1/demo/events', { method: 'GET', headers: new Headers() });
    expect(empty.body).toBeNull();
  });

  it('is a Request of the global one also after @hono/node-server put its own in its place (as npm start does)', async () => {
    const before = post('{}');
    getRequestListener(() => new Response(null));
    const after = post('{}');
    expect(after).toBeInstanceOf(Request);
    expect(before).toBeInstanceOf(Request);
    expect(await after.json()).toEqual({});
  });

  it('is served by a Hono app as a socket request is: route, parameters, query, JSON body and the body limit', async () => {
    const app = new Hono();
    app.use(
      '*',
      limitBodies(20, (c) => c.json({ message: 'too large' }, 413)),
    );
    app.post('/v1/:client/partner/cart/:id', async (c) =>
      c.json({ client: c.req.param('client'), id: c.req.param('id'), x: c.req.query('x'), body: await c.req.json() }),
    );
    const small = json({ n: 1 });
    const answer = await app.fetch(post(small));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ client: 'demo', id: 'abc', x: '1', body: { n: 1 } });

    const large = json({ n: 'x'.repeat(40) });
    expect((await app.fetch(post(large))).status).toBe(413);
    // Without a length the limit counts the body as a stream: a whole Request's.
    expect(post(large, false)).toBeInstanceOf(Request);
    expect((await app.fetch(post(large, false))).status).toBe(413);
    const unmeasured = await app.fetch(post(small, false));
    expect(unmeasured.status).toBe(200);
    expect(await unmeasured.json()).toMatchObject({ body: { n: 1 } });
  });
});
