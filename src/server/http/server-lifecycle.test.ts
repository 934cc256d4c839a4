import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { applyLimits, DEFAULT_LIMITS, serverLimits } from './server-lifecycle';

describe('server limits', () => {
  let server: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('closes connections of one address beyond its cap at once, and counts closed ones out', async () => {
    server = createServer((_request, response) => response.end('ok'));
    applyLimits(server, { ...DEFAULT_LIMITS, maxConnectionsPerAddress: 5 });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const open = (count: number) =>
      Promise.all(
        Array.from({ length: count }, () => {
          const socket = connect({ host: '127.0.0.1', port });
          sockets.push(socket);
          socket.on('error', () => undefined);
          return new Promise<Socket>((resolve) => socket.once('connect', () => resolve(socket)));
        }),
      );
    const first = await open(8);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(first.filter((socket) => socket.destroyed || socket.readableEnded).length).toBe(3);
    // Closing two makes room for two.
    for (const socket of first.filter((s) => !s.destroyed && !s.readableEnded).slice(0, 2)) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await open(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(second.filter((socket) => socket.destroyed || socket.readableEnded).length).toBe(1);
  });

  it('reads the internal overrides, ignoring nonsense', () => {
    expect(serverLimits(loadConfig({ FOYER_HEADERS_TIMEOUT_MS: '2000', FOYER_MAX_CONNECTIONS: 'lots' }))).toEqual({
      ...DEFAULT_LIMITS,
      headersTimeoutMs: 2000,
    });
  });
});
