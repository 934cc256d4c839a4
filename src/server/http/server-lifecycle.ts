import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../config';

/**
 * The HTTP server's limits and its shutdown. A slow client must not hold a connection for minutes
 * (slowloris), one address must not take all connections, and SIGTERM must finish what was started
 * instead of resetting it.
 */

export interface ServerLimits {
  /** Whole request head within this (slow headers). */
  headersTimeoutMs: number;
  /** Whole request, head and body, within this (slow bodies). */
  requestTimeoutMs: number;
  /** Open connections in all; beyond it new ones are closed at once. */
  maxConnections: number;
  /** Open connections per peer address; 0 = no per-address cap (behind a proxy every peer is the proxy). */
  maxConnectionsPerAddress: number;
}

export const DEFAULT_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 4_096,
  maxConnectionsPerAddress: 256,
};

/** Node checks header and request timeouts on this beat (its default of 30 s lets slow clients stay 30 s longer). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/** Idle keep-alive connections stay open longer than clients and proxies keep theirs (see applyLimits). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Options for `http.createServer` (some only take effect there): pass as @hono/node-server's serverOptions. */
export function serverOptions(limits: ServerLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
  };
}

/** The limits, with the internal overrides of the fault tests (config.ts, not part of the documented environment). */
export function serverLimits(
  config: Pick<
    Config,
    | 'FOYER_HEADERS_TIMEOUT_MS'
    | 'FOYER_REQUEST_TIMEOUT_MS'
    | 'FOYER_MAX_CONNECTIONS'
    | 'FOYER_MAX_CONNECTIONS_PER_ADDRESS'
    | 'TRUST_PROXY'
  >,
): ServerLimits {
  return {
    headersTimeoutMs: config.FOYER_HEADERS_TIMEOUT_MS ?? DEFAULT_LIMITS.headersTimeoutMs,
    requestTimeoutMs: config.FOYER_REQUEST_TIMEOUT_MS ?? DEFAULT_LIMITS.requestTimeoutMs,
    maxConnections: config.FOYER_MAX_CONNECTIONS ?? DEFAULT_LIMITS.maxConnections,
    // Behind a proxy every connection comes from the proxy: no per-address connection cap then.
    maxConnectionsPerAddress: config.TRUST_PROXY
      ? 0
      : (config.FOYER_MAX_CONNECTIONS_PER_ADDRESS ?? DEFAULT_LIMITS.maxConnectionsPerAddress),
  };
}

/**
 * Applies the limits to a server created without serverOptions (the dev server) as far as possible, and
 * the connection caps to any server.
 */
export function applyLimits(server: HttpServer, limits: ServerLimits): void {
  // Node closes idle keep-alive connections after 5 s by default; a client that reuses one at that moment
  // sees ECONNRESET on a request it cannot safely retry (a POST). Idle connections stay open longer than
  // clients and proxies keep theirs, so the server is never the side that closes one mid-reuse. The head
  // timeout only runs while a request is being received, not while a connection is idle.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.maxConnections = limits.maxConnections;
  if (limits.maxConnectionsPerAddress > 0) capConnectionsPerAddress(server, limits.maxConnectionsPerAddress);
  limitBodyTime(server, limits.requestTimeoutMs);
}

/**
 * A body still arriving `requestTimeoutMs` after its request began is cut off (the connection closed). Node's
 * own requestTimeout should do the same, but in the fault suite it sometimes let slow bodies live on for
 * minutes; this timer does not depend on it.
 */
function limitBodyTime(server: HttpServer, requestTimeoutMs: number): void {
  if (requestTimeoutMs <= 0) return;
  server.on('request', (request: IncomingMessage) => {
    if (request.complete) return;
    const timer = setTimeout(() => {
      if (!request.complete) request.socket.destroy();
    }, requestTimeoutMs);
    timer.unref();
    request.once('end', () => clearTimeout(timer));
    request.once('close', () => clearTimeout(timer));
  });
}

function capConnectionsPerAddress(server: NetServer, cap: number): void {
  // The open sockets per address, pruned of closed ones as new ones come: it cannot drift from the truth.
  const open = new Map<string, Set<Socket>>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    let sockets = open.get(address);
    if (!sockets) {
      sockets = new Set();
      open.set(address, sockets);
    }
    if (sockets.size >= cap) {
      for (const other of sockets) if (other.destroyed) sockets.delete(other);
    }
    if (sockets.size >= cap) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && open.get(address) === sockets) open.delete(address);
    });
  });
}

export interface Lifecycle {
  /** True from the start of a shutdown: readiness answers 503 so that load balancers stop sending. */
  draining(): boolean;
  /**
   * True while the process prepares what its first answers need (the customer search's index, the reports'
   * rollups: see warmUpGateway): readiness answers 503 meanwhile, so no one is sent here to wait for it.
   */
  starting?(): boolean;
}

/**
 * Graceful shutdown. `drain()` stops accepting connections and lets every request already received finish; a
 * response from then on says `Connection: close`, and Node closes its connection once it is sent. A kept-alive
 * connection that is idle at the signal is left open for its client: its next request is answered (with
 * `Connection: close`) and the connection closed after that answer, or the client closes it. The server never
 * closes an idle kept-alive connection itself before the deadline: a client may be sending on it at that very
 * moment, and sees ECONNRESET for a request it cannot know was not received (issue 29, item 7: 12 of 324
 * requests under load, when idle connections were closed after a quiet moment). After `timeoutMs` whatever is
 * left is closed. Node's own `server.close()` closes idle keep-alive connections at once: the listener is closed
 * without it.
 */
export class GracefulServer implements Lifecycle {
  #draining = false;
  #starting = false;
  readonly #active = new Set<ServerResponse>();
  #server: HttpServer | null = null;

  draining(): boolean {
    return this.#draining;
  }

  starting(): boolean {
    return this.#starting;
  }

  /** Not ready until `warmUp` settles (whether it succeeds or fails: a failed warm-up is caught up later). */
  warmingUp(warmUp: Promise<unknown>): void {
    this.#starting = true;
    void warmUp.finally(() => {
      this.#starting = false;
    });
  }

  attach(server: HttpServer): void {
    this.#server = server;
    server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      this.#active.add(response);
      response.once('close', () => this.#active.delete(response));
      // Decided as the head is written (Node writes it through writeHead, also for an implicit head): an
      // answer begun before the signal and written after it says `Connection: close` too.
      const writeHead = response.writeHead;
      response.writeHead = ((...args: Parameters<typeof writeHead>) => {
        if (this.#draining) response.shouldKeepAlive = false;
        return writeHead.apply(response, args);
      }) as typeof writeHead;
    });
  }

  /** Resolves once every connection is closed (or the time is up and the rest were closed). */
  async drain(options: { timeoutMs: number; log?: Logger }): Promise<void> {
    const server = this.#server;
    this.#draining = true;
    if (!server) return;
    const closed = new Promise<void>((resolve) => {
      // net.Server's close: stop listening, keep the open connections (see the class comment).
      NetServer.prototype.close.call(server, () => resolve());
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<true>((resolve) => {
      timer = setTimeout(() => resolve(true), options.timeoutMs);
    });
    if (await Promise.race([closed, timedOut])) {
      options.log?.warn({ inFlight: this.#active.size }, 'shutdown timeout: closing the remaining connections');
      server.closeAllConnections();
      await closed;
    }
    clearTimeout(timer);
  }
}
