import { serve } from '@hono/node-server';
import { createRootApp } from './app';
import { ConfigError, loadConfig } from './config';
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
  const runtime = await startServiceRuntime(config, log);
  const app = createRootApp(runtime);
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const url = `http://${config.HOST}:${info.port}`;
    log.info({ url, startupMs: Math.round(performance.now() - started) }, 'Foyer is running');
    console.log(`\n  Foyer is running at ${url}\n  Demo sign-in: client "demo", API key "demo-partner-key"\n`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    server.close(async () => {
      await runtime.db.close();
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
