import { Hono } from 'hono';
import type { ServiceRuntime } from './runtime';

/**
 * The one process: the reference service under `/v1/...` and `/openapi.json`; the gateway (`/api/...`)
 * and the built app join here.
 */
export function createRootApp(runtime: ServiceRuntime): Hono {
  const root = new Hono();
  root.route('/', runtime.app);
  return root;
}
