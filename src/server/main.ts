import { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createRootApp } from './app';
import { ConfigError, loadConfig } from './config';
import { appDir, ensureAppBuilt } from './gateway/app-build';
import { AttemptLimiter } from './gateway/attempt-limiter';
import { startDevServer } from './gateway/dev-server';
import { embeddedService, upstreamService } from './gateway/service-connection';
import { loadSessionSecret } from './gateway/session-secret';
import { SessionStore } from './gateway/session-store';
import { createLogger } from './logger';
import { startServiceRuntime } from './runtime';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  const started = performance.now();
  // `npm run dev` serves the app through Vite; `npm start` serves dist/web and builds it when missing.
  const dev = process.env.FOYER_DEV === '1';
  const upstream = config.UPSTREAM_BASE_URL;
  // With UPSTREAM_BASE_URL the gateway talks to a real service: no embedded database is opened.
  const [runtime] = await Promise.all([
    upstream ? null : startServiceRuntime(config, log),
    // A failed build must not take the service and gateway down with it: they start, and say so.
    dev
      ? undefined
      : ensureAppBuilt(log, appDir()).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
          log.error({ reason }, 'the app could not be built; serving the gateway and the service only');
        }),
  ]);
  const sessions = new SessionStore({ secret: await loadSessionSecret(config) });
  const app = createRootApp({
    runtime,
    log,
    staticRoot: dev ? null : appDir(),
    gateway: {
      service: runtime ? embeddedService(runtime.app) : upstreamService(upstream ?? ''),
      sessions,
      log,
      // Internal, for the browser tests: every test signs in from 127.0.0.1, far more than 10 times in 5 minutes.
      ...(process.env.FOYER_SIGN_IN_LIMIT
        ? {
            signInLimiter: new AttemptLimiter({ limit: Number(process.env.FOYER_SIGN_IN_LIMIT), windowMs: 5 * 60_000 }),
          }
        : {}),
    },
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
    const signIn = upstream
      ? `  Gateway to ${upstreamShown}: sign in with your organisation's client name and API key`
      : '  Demo sign-in: client "demo", API key "demo-partner-key"';
    console.log(`\n  Foyer is running at ${url}${dev ? ' (dev, hot reload)' : ''}\n${signIn}\n`);
  };
  const devServer = dev ? await startDevServer(app, { port: config.PORT, host: config.HOST }) : null;
  const server =
    devServer?.server ??
    serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => announce(info.port));
  if (server instanceof HttpServer) {
    // Node closes idle keep-alive connections after 5 s; a client that reuses one at that moment sees
    // ECONNRESET on a request it cannot safely retry (a POST). Idle connections stay open longer than
    // clients and proxies keep theirs, so the server is never the side that closes one mid-reuse.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  if (devServer) {
    const address = devServer.server.address();
    announce(typeof address === 'object' && address ? address.port : config.PORT);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    server.close(async () => {
      await devServer?.close();
      await runtime?.db.close();
      process.exit(0);
    });
    // Open keep-alive connections must not hold the shutdown forever.
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
