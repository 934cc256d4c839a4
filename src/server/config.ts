import { join } from 'node:path';
import { z } from 'zod';

/**
 * The process environment, validated once at start. A bad value stops the start with a one-line message
 * naming the variable (see ConfigError), never a stack trace.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  // The embedded database's shared buffers in MB; by default an eighth of the data directory at start, between
  // 128 MB and 1 GB (db/pglite-buffers.ts).
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(16).max(1536).optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SEED_CUSTOMERS: z.coerce.number().int().min(100).max(1_000_000).optional(),
  SEED_ORDERS: z.coerce.number().int().min(100).max(1_000_000).optional(),
  CART_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  UPSTREAM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  FOYER_MASTER_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // Unpaid online orders lapse this long after checkout (seats released); see the service README.
  PAYMENT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(1200),
  // Forwarded headers (X-Forwarded-For/-Proto/-Host) are believed only behind a proxy: `true`/`1`… = trust
  // them, a number = how many proxy hops to trust (X-Forwarded-For read from the right), `false` = never.
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|yes|no|on|off|\d{1,2})$/i, 'must be true, false or a number of proxy hops')
    .default('false')
    .transform(parseTrustProxy),
  // Public reservation calls (cart create, cart add, order create) per client address per minute.
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  // Failed partner authentications per client address per 10 minutes before 429.
  PARTNER_AUTH_FAILURE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  // The mirror (issue 21): seconds between syncs of an organisation's customers, orders and waiting list, and
  // how many export pages one sync asks for at once.
  MIRROR_SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(30),
  MIRROR_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(4),
  // Seconds after the process is ready before the jobs that are heavy at first start (scheduler.ts); 0 = at once.
  JOBS_QUIET_START_SECONDS: z.coerce.number().int().min(0).max(600).default(20),
  // Customer jobs (tagging a segment, auto tags, retention batches): calls per second towards the service.
  CUSTOMER_JOB_CALLS_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(40),
  // How long SIGTERM waits for requests in flight before closing what is left.
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(0).max(600).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Scheduled exports are written here (one folder per organisation); default DATA_DIR/exports. Instances
  // sharing one PostgreSQL database must share this folder too.
  EXPORT_DIR: z
    .string()
    .min(1)
    .refine((path) => !path.includes('\0'), 'must be a folder path')
    .optional(),
  // Internal, for development, the tests and the benches (not part of the documented environment):
  // `npm run dev` serves the app through Vite (FOYER_DEV=1); the browser tests build the app into a folder of
  // their own (FOYER_APP_DIR) and fail sign-ins on purpose many times from one address (FOYER_SIGN_IN_LIMIT);
  // the fault suite tightens the HTTP server's limits, where a value that is not a number ≥ 0 is ignored.
  FOYER_DEV: z
    .string()
    .optional()
    .transform((value) => value === '1'),
  FOYER_APP_DIR: z.string().optional(),
  FOYER_SIGN_IN_LIMIT: z.coerce.number().int().min(1).optional(),
  FOYER_HEADERS_TIMEOUT_MS: internalLimit(),
  FOYER_REQUEST_TIMEOUT_MS: internalLimit(),
  FOYER_MAX_CONNECTIONS: internalLimit(),
  FOYER_MAX_CONNECTIONS_PER_ADDRESS: internalLimit(),
});

/** A number ≥ 0, or undefined (unset or nonsense: an internal override that does not apply). */
function internalLimit() {
  return z.coerce.number().min(0).optional().catch(undefined);
}

/** `TRUST_PROXY` as a value: false, true (any number of hops) or the number of trusted hops. */
function parseTrustProxy(value: string): boolean | number {
  const lower = value.toLowerCase();
  if (/^\d+$/.test(lower)) return Number(lower) === 0 ? false : Number(lower);
  return lower === 'true' || lower === 'yes' || lower === 'on';
}

export type Config = Omit<z.infer<typeof envSchema>, 'EXPORT_DIR'> & { EXPORT_DIR: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  return { ...parsed.data, EXPORT_DIR: parsed.data.EXPORT_DIR ?? join(parsed.data.DATA_DIR, 'exports') };
}
