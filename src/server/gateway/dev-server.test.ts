import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../testing/test-gateway';
import { type DevServer, startDevServer } from './dev-server';
import { embeddedService } from './service-connection';

/** `npm run dev`: one origin, the gateway for /api and /v1, Vite (with hot reload) for the app. */
describe('dev server', () => {
  let dev: DevServer;
  let base: string;
  let gateway: TestGateway;

  beforeAll(async () => {
    const service = new Hono();
    service.get('/v1/demo/ping', (c) => c.json({ pong: true }));
    gateway = await createTestGateway({ service: embeddedService(service), runtime: null });
    dev = await startDevServer(gateway.app, { port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(dev.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await dev?.close();
    await new Promise((resolve) => dev?.server.close(resolve));
    await gateway?.close();
  });

  it('hands /api to the gateway', async () => {
    const response = await fetch(`${base}/api/session`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Not signed in' });
  });

  it('serves the app through Vite, with its hot-reload client, for any client route', async () => {
    for (const path of ['/', '/orders/42']) {
      const response = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('/@vite/client');
      expect(html).toContain('<div id="root">');
    }
    expect((await fetch(`${base}/@vite/client`)).status).toBe(200);
  });

  it('accepts the hot-reload WebSocket on the same port', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(`${base}/`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
          'sec-websocket-protocol': 'vite-hmr',
        },
      });
      request.on('upgrade', (response, socket) => {
        socket.destroy();
        resolve(response.statusCode);
      });
      request.on('response', (response) => resolve(response.statusCode));
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(101);
  });
});
