import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { isBackendPath } from '../http/backend-paths';
import { PROJECT_ROOT } from './app-build';

export interface DevServer {
  server: Server;
  close(): Promise<void>;
}

/**
 * `npm run dev`: one HTTP server, one origin. Gateway and service paths go to the Hono app; everything
 * else to Vite in middleware mode (modules on demand, hot reload over the same server's WebSocket).
 * Vite serves index.html with an inline React Refresh preamble, so the app's CSP applies to the built app
 * only, never here.
 */
export async function startDevServer(app: Hono, listen: { port: number; host: string }): Promise<DevServer> {
  const server = createServer();
  const { createServer: createViteServer } = await import('vite');
  const vite = await createViteServer({
    root: PROJECT_ROOT,
    configFile: `${PROJECT_ROOT}/vite.config.ts`,
    appType: 'spa',
    server: { middlewareMode: true, ws: { server } },
  });
  const backend = getRequestListener(app.fetch);
  server.on('request', (req, res) => {
    if (isBackendPath(req.url ?? '/')) void backend(req, res);
    else vite.middlewares(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  return { server, close: () => vite.close() };
}
