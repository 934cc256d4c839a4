import fc from 'fast-check';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  clientAddress,
  clientOrigin,
  forwardedClient,
  isIpAddress,
  peerAddress,
  type TrustProxy,
} from './client-address';

/** What a request looks like to the handlers: a socket peer (or none, in-process) and its headers. */
async function seen(trustProxy: TrustProxy, peer: string | null, headers: Record<string, string> = {}) {
  const app = new Hono();
  app.get('/', (c) =>
    c.json({ address: clientAddress(c, trustProxy), peer: peerAddress(c), origin: clientOrigin(c, trustProxy) }),
  );
  const env = peer === null ? undefined : { incoming: { socket: { remoteAddress: peer } } };
  const response = await app.request('http://foyer.internal:8080/', { headers }, env);
  return (await response.json()) as { address: string; peer: string | null; origin: string };
}

describe('client address', () => {
  it('ignores forwarded headers unless a proxy is trusted', async () => {
    const headers = {
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'tickets.example.org',
    };
    expect(await seen(false, '198.51.100.7', headers)).toEqual({
      address: '198.51.100.7',
      peer: '198.51.100.7',
      origin: 'http://foyer.internal:8080',
    });
    expect(await seen(1, '10.0.0.2', headers)).toEqual({
      address: '203.0.113.9',
      peer: '10.0.0.2',
      origin: 'https://tickets.example.org',
    });
  });

  it('reads X-Forwarded-For from the right, as far as the trusted hops go', () => {
    const chain = '1.1.1.1, 2.2.2.2, 3.3.3.3';
    expect(forwardedClient('10.0.0.1', chain, 1)).toBe('3.3.3.3');
    expect(forwardedClient('10.0.0.1', chain, 2)).toBe('2.2.2.2');
    expect(forwardedClient('10.0.0.1', chain, 5)).toBe('1.1.1.1');
    expect(forwardedClient('10.0.0.1', chain, true)).toBe('1.1.1.1');
    expect(forwardedClient('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
    // A client prepending its own guess does not move the address one trusted proxy appended.
    expect(forwardedClient('10.0.0.1', '6.6.6.6, 4.4.4.4', 1)).toBe('4.4.4.4');
  });

  it('stops at an entry that is not an address', () => {
    expect(forwardedClient('10.0.0.1', 'evil, 2.2.2.2', true)).toBe('2.2.2.2');
    expect(forwardedClient('10.0.0.1', '2.2.2.2, <script>', 2)).toBe('10.0.0.1');
    expect(forwardedClient('10.0.0.1', '999.1.1.1', 1)).toBe('10.0.0.1');
    expect(forwardedClient('10.0.0.1', '2001:db8::1', 1)).toBe('2001:db8::1');
  });

  it('counts an IPv4 peer on a dual-stack socket as its IPv4 address', async () => {
    expect((await seen(false, '::ffff:127.0.0.1')).address).toBe('127.0.0.1');
  });

  it('names no peer for an in-process request, even with forwarded headers', async () => {
    const result = await seen(true, null, { 'x-forwarded-for': '203.0.113.9' });
    expect(result.peer).toBeNull();
    expect(result.address).toBe('unknown');
  });

  it('keeps the request origin when the forwarded host or proto is hostile', async () => {
    for (const host of ['evil.test/path', 'a b', 'x@y', '']) {
      const { origin } = await seen(true, '10.0.0.2', { 'x-forwarded-host': host, 'x-forwarded-proto': 'javascript' });
      expect(origin).toBe('http://foyer.internal:8080');
    }
  });

  it('always yields the peer or an IP address that stood in the header, whatever the header holds', () => {
    const entry = fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.string({ maxLength: 20 }),
      fc.constantFrom('unknown', '', ' ', '::ffff:1.2.3.4'),
    );
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 6 }),
        fc.oneof(fc.constant(true as const), fc.integer({ min: 1, max: 8 })),
        (entries, trust) => {
          const header = entries.join(', ');
          const address = forwardedClient('10.0.0.1', header, trust);
          return (
            address === '10.0.0.1' ||
            (isIpAddress(address) && header.toLowerCase().includes(address.replace(/^::ffff:/, '')))
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
