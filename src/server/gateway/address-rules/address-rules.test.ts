import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, sessionCookieFor, type TestGateway } from '../../testing/test-gateway';
import { embeddedService } from '../service-connection';
import { isWithin, parseNetwork } from './networks';

function stubService() {
  const stub = new Hono();
  stub.all('*', (c) => c.json([]));
  return embeddedService(stub);
}

describe('networks (CIDR, IPv4 and IPv6)', () => {
  it('reads networks and bare addresses, and refuses what is none', () => {
    expect(parseNetwork('192.0.2.0/24')).toEqual({ address: '192.0.2.0', prefix: 24, family: 4 });
    expect(parseNetwork('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 6 });
    expect(parseNetwork('203.0.113.9')?.prefix).toBe(32);
    for (const wrong of ['192.0.2.0/33', '2001:db8::/129', 'office', '10.0.0.0/8/1', '300.1.1.1/8', '10.0.0.0/x']) {
      expect(parseNetwork(wrong), wrong).toBeNull();
    }
  });

  it('places addresses inside or outside, IPv4 mapped into IPv6 as IPv4', () => {
    const networks = ['192.0.2.0/24', '2001:db8::/32'];
    expect(isWithin('192.0.2.77', networks)).toBe(true);
    expect(isWithin('::ffff:192.0.2.77', networks)).toBe(true);
    expect(isWithin('2001:db8:1::5', networks)).toBe(true);
    expect(isWithin('198.51.100.1', networks)).toBe(false);
    expect(isWithin('2001:db9::1', networks)).toBe(false);
    expect(isWithin('unknown', networks)).toBe(false);
  });
});

describe('address rules: a role used only from its networks (addresses through TRUST_PROXY)', () => {
  let gateway: TestGateway;
  let server: ServerType;
  let origin: string;
  let marketingRole: number;

  beforeAll(async () => {
    gateway = await createTestGateway({
      service: stubService(),
      organisations: [
        {
          clientName: 'demo',
          apiKey: 'stub-key',
          people: [
            { email: 'admin@demo.test', name: 'Ada', role: 'administrator' },
            { email: 'mira@demo.test', name: 'Mira', role: 'marketing' },
          ],
        },
      ],
      addresses: 'trust-proxy',
      trustProxy: 1,
    });
    server = serve({ fetch: gateway.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { rows } = await gateway.db.query<{ id: string }>(`select id from gateway.roles where key = 'marketing'`);
    marketingRole = Number(rows[0]?.id);
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await gateway?.close();
  });

  /** A request through the one trusted proxy, which says the client is `address`. */
  const from = (address: string, path: string, cookie: string, init: RequestInit = {}) =>
    fetch(`${origin}/api${path}`, {
      ...init,
      headers: { 'x-forwarded-for': address, cookie, origin, 'content-type': 'application/json', ...init.headers },
    });

  it('refuses a request from outside the role networks with a clear message, and audits it once per hour', async () => {
    const admin = await sessionCookieFor(gateway, 'admin@demo.test');
    const set = await from('192.0.2.1', `/roles/${marketingRole}/networks`, admin, {
      method: 'PUT',
      body: JSON.stringify({ networks: ['192.0.2.7/24', '2001:db8::/32'] }),
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ networks: ['192.0.2.0/24', '2001:db8::/32'] });

    const mira = await sessionCookieFor(gateway, 'mira@demo.test');
    expect((await from('192.0.2.50', '/session', mira)).status).toBe(200);
    expect((await from('2001:db8:5::1', '/session', mira)).status).toBe(200);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const outside = await from('198.51.100.23', '/session', mira);
      expect(outside.status).toBe(403);
      expect(((await outside.json()) as { message: string }).message).toMatch(
        /Your role \(Marketing\) may be used only from your organisation's own networks, and this connection comes from 198\.51\.100\.23/,
      );
    }
    // A forwarded read (read ahead of the session check) is refused the same way.
    expect((await from('198.51.100.23', '/v1/demo/partner/event', mira)).status).toBe(403);
    const { rows } = await gateway.db.query<{ details: { address: string; refusals: number } }>(
      `select details from gateway.audit_entries where action = 'address-refused'`,
    );
    expect(rows).toEqual([{ details: expect.objectContaining({ address: '198.51.100.23', refusals: 1 }) }]);
    const counted = await gateway.db.query<{ total: number }>('select total from gateway.address_refusals');
    expect(counted.rows).toEqual([{ total: 4 }]);
  });

  it('refuses a sign-in from outside, and lets nobody shut their own role out', async () => {
    const outside = await from('198.51.100.23', '/session', '', {
      method: 'POST',
      body: JSON.stringify({ email: 'mira@demo.test', password: 'foyer-demo-2026' }),
    });
    expect(outside.status).toBe(403);
    expect(outside.headers.getSetCookie().join()).not.toMatch(/foyer_session=[^;]+\.[^;]+;/);
    const inside = await from('192.0.2.9', '/session', '', {
      method: 'POST',
      body: JSON.stringify({ email: 'mira@demo.test', password: 'foyer-demo-2026' }),
    });
    expect(inside.status).toBe(200);

    const admin = await sessionCookieFor(gateway, 'admin@demo.test');
    const { rows } = await gateway.db.query<{ id: string }>(`select id from gateway.roles where key = 'administrator'`);
    const shut = await from('203.0.113.5', `/roles/${rows[0]?.id}/networks`, admin, {
      method: 'PUT',
      body: JSON.stringify({ networks: ['192.0.2.0/24'] }),
    });
    expect(shut.status).toBe(422);
  });

  it('names each refused network by its position: a range past its bits and a word alike', async () => {
    const admin = await sessionCookieFor(gateway, 'admin@demo.test');
    const { rows } = await gateway.db.query<{ id: string }>(`select id from gateway.roles where key = 'box-office'`);
    const refused = await from('192.0.2.9', `/roles/${rows[0]?.id}/networks`, admin, {
      method: 'PUT',
      body: JSON.stringify({ networks: ['192.0.2.0/24', '10.0.0.0/33', 'foo', '2001:db8::/129'] }),
    });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors).sort()).toEqual(['networks.1', 'networks.2', 'networks.3']);
  });
});
