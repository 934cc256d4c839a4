import { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createRootApp } from './app';
import { clientAddress } from './client-address';
import type { Config } from './config';
import { connectDatabase } from './db/connect';
import { appDir, ensureAppBuilt } from './gateway/app-build';
import { auditAnchorFile } from './gateway/audit';
import { startDevServer } from './gateway/dev-server';
import { embeddedService, upstreamService } from './gateway/service-connection';
import { openGateway, warmUpGateway } from './gateway/start-gateway';
import { DEMO_PASSWORD } from './gateway/store';
import { applyLimits, GracefulServer, serverLimits, serverOptions } from './http/server-lifecycle';
import { createLogger } from './logger';
import { startServiceRuntime } from './runtime';
import { backgroundJobs, startJobs } from './scheduler';

/**
 * Foyer's process once its configuration holds (main.ts checks it first): the service runtime (or the upstream
 * connection), the gateway, the app, the HTTP server and the background jobs, and the graceful stop.
 */
export async function runFoyer(config: Config): Promise<void> {
  const log = createLogger(config.LOG_LEVEL);
  const started = performance.now();
  // `npm run dev` serves the app through Vite; `npm start` serves dist/web and builds it when missing.
  const dev = config.FOYER_DEV;
  const upstream = config.UPSTREAM_BASE_URL;
  // With UPSTREAM_BASE_URL the gateway talks to a real service: no embedded database is opened.
  const [runtime] = await Promise.all([
    upstream ? null : startServiceRuntime(config, log),
    // A failed build must not take the service and gateway down with it: they start, and say so.
    dev
      ? undefined
      : ensureAppBuilt(log, appDir(config)).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
          log.error({ reason }, 'the app could not be built; serving the gateway and the service only');
        }),
  ]);
  // The gateway's store: in the embedded service's database, or (upstream mode) a database of its own.
  const gatewayDb =
    runtime?.db ??
    (await connectDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
      poolSize: 5,
    }));
  const { deps: gateway, setupPath } = await openGateway(config, {
    db: gatewayDb,
    service: runtime ? embeddedService(runtime.app) : upstreamService(upstream ?? ''),
    log,
    seedDemo: Boolean(runtime) && config.SEED === 'demo',
    // Internal, for the browser tests: they fail sign-ins on purpose from 127.0.0.1 many times.
    ...(config.FOYER_SIGN_IN_LIMIT
      ? { throttle: { perAddress: config.FOYER_SIGN_IN_LIMIT, perAccount: 10, windowSeconds: 15 * 60 } }
      : {}),
    // Behind a trusted proxy the sign-in throttle counts the real client (TRUST_PROXY).
    clientAddress: (c) => clientAddress(c, config.TRUST_PROXY),
    trustProxy: config.TRUST_PROXY,
  });
  const lifecycle = new GracefulServer();
  // The customer search's index and the reports' rollups are made ready before /health/ready says ready,
  // not by the first search or report (issue 32).
  const warmUp = warmUpGateway(gateway);
  lifecycle.warmingUp(warmUp);
  const app = createRootApp({
    runtime,
    log,
    lifecycle,
    trustProxy: config.TRUST_PROXY,
    staticRoot: dev ? null : appDir(config),
    gateway,
  });
  // Credentials in the URL (user:password@) are never printed.
  const upstreamShown = upstream
    ? `${new URL(upstream).origin}${new URL(upstream).pathname}`.replace(/\/$/, '')
    : undefined;
  const announce = (port: number) => {
    const url = `http://${config.HOST}:${port}`;
    log.info(
      { url, startupMs: Math.round(performance.now() - started), upstream: upstreamShown, dev },
      'Foyer is running',
    );
    const signIn = setupPath
      ? `  First start: create the first administrator and connect the organisation at ${url}${setupPath}`
      : upstream
        ? `  Gateway to ${upstreamShown}: sign in with your Foyer account`
        : `  Demo sign-in: admin@demo.test (or boxoffice@, marketing@, manager@demo.test), password "${DEMO_PASSWORD}"`;
    console.log(`\n  Foyer is running at ${url}${dev ? ' (dev, hot reload)' : ''}\n${signIn}\n`);
  };
  const devServer = dev ? await startDevServer(app, { port: config.PORT, host: config.HOST }) : null;
  const limits = serverLimits(config);
  const server =
    devServer?.server ??
    serve(
      { fetch: app.fetch, port: config.PORT, hostname: config.HOST, serverOptions: serverOptions(limits) },
      (info) => announce(info.port),
    );
  if (server instanceof HttpServer) {
    applyLimits(server, limits);
    lifecycle.attach(server);
  }
  if (devServer) {
    const address = devServer.server.address();
    announce(typeof address === 'object' && address ? address.port : config.PORT);
  }
  const jobs = startJobs(
    backgroundJobs(gateway, runtime?.deps ?? null, { auditAnchorFile: auditAnchorFile(config.EXPORT_DIR) }),
    log,
    { ready: warmUp, quietMs: config.JOBS_QUIET_START_SECONDS * 1000 },
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing the requests in flight');
    // Whatever hangs (a database that does not answer), the process ends.
    setTimeout(() => process.exit(0), config.SHUTDOWN_TIMEOUT_SECONDS * 1000 + 5_000).unref();
    // Stop accepting, finish what was started (bounded by SHUTDOWN_TIMEOUT_SECONDS), then close the database.
    await lifecycle.drain({ timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000, log });
    // A mirror sync under way stops at its next request and frees its lease, so another instance takes over at once.
    await jobs.stop();
    await devServer?.close();
    await runtime?.close();
    // Upstream mode: the gateway's own database (in embedded mode it is the runtime's, closed above).
    if (!runtime) await gatewayDb.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
