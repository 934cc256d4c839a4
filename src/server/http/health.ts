import { Hono } from 'hono';
import type { Database } from '../db/database';
import type { Lifecycle } from './server-lifecycle';

/** Seconds a client (or load balancer) is asked to wait when the service cannot serve. */
export const RETRY_AFTER_SECONDS = 5;

const READY_QUERY_TIMEOUT_MS = 2_000;

/**
 * `/health/live`: the process answers (restart it when this fails). `/health/ready`: it can serve now —
 * done starting (its search index and report rollups ready), not shutting down, and its database answers a
 * query within 2 s (send no traffic while this is 503).
 * Both are cheap, unauthenticated and reveal nothing but up or down.
 */
export function healthRoutes(options: { db: Database | null; lifecycle?: Lifecycle | undefined }): Hono {
  const health = new Hono();
  health.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  health.get('/live', (c) => c.json({ status: 'live' }));
  health.get('/ready', async (c) => {
    if (options.lifecycle?.draining()) {
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json({ message: 'Shutting down' }, 503);
    }
    if (options.lifecycle?.starting?.()) {
      c.header('Retry-After', '1');
      return c.json({ message: 'Starting' }, 503);
    }
    if (options.db && !(await answers(options.db))) {
      c.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return c.json({ message: 'The database is unavailable' }, 503);
    }
    return c.json({ status: 'ready' });
  });
  return health;
}

async function answers(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      db.query('select 1').then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), READY_QUERY_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
