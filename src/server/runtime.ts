import type { Logger } from 'pino';
import type { Config } from './config';
import { connectDatabase } from './db/connect';
import type { Database } from './db/database';
import { vacuumEmbedded } from './db/vacuum';
import { createServiceApp } from './service/app';
import type { ServiceDeps } from './service/context';
import { seedIfEmpty } from './service/db/seed/seed';
import { migrateService } from './service/db/service-migrations';

export interface ServiceRuntime {
  db: Database;
  deps: ServiceDeps;
  app: ReturnType<typeof createServiceApp>;
  /** Closes the database (its background jobs are the scheduler's: src/server/scheduler.ts). */
  close(): Promise<void>;
}

/** Settings with defaults: tests and benches that predate them need not name them. */
type OptionalSettings = Partial<
  Pick<
    Config,
    | 'SEED_ORDERS'
    | 'PAYMENT_WINDOW_SECONDS'
    | 'TRUST_PROXY'
    | 'PUBLIC_RATE_LIMIT'
    | 'PARTNER_AUTH_FAILURE_LIMIT'
    | 'PGLITE_SHARED_BUFFERS_MB'
  >
>;

/**
 * Opens the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), applies migrations, seeds the
 * demo data on an empty database, and builds the service app. Shared by `npm start`, tests and benches.
 */
export async function startServiceRuntime(
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'SEED' | 'SEED_CUSTOMERS' | 'CART_TIMEOUT_SECONDS'> &
    OptionalSettings,
  log: Logger,
  options: {
    inMemory?: boolean;
    /** The embedded database's folder, whatever DATA_DIR says (tests open a copy of their template there). */
    databaseDir?: string;
    now?: () => Date;
    poolSize?: number;
  } = {},
): Promise<ServiceRuntime> {
  const db = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: options.databaseDir ?? (options.inMemory ? undefined : config.DATA_DIR),
    sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
  });
  const applied = await migrateService(db);
  if (applied.length > 0) log.info({ applied }, 'database migrated');
  const seeded =
    config.SEED === 'demo'
      ? await seedIfEmpty(db, { customers: config.SEED_CUSTOMERS, orders: config.SEED_ORDERS })
      : null;
  if (seeded) log.info(seeded, 'demo data seeded');
  if (seeded || applied.length > 0) {
    const vacuumMs = await vacuumEmbedded(db);
    if (vacuumMs !== null) log.info({ ms: vacuumMs }, 'embedded database vacuumed');
  }
  const deps: ServiceDeps = {
    db,
    log,
    cartTimeoutSeconds: config.CART_TIMEOUT_SECONDS,
    paymentWindowSeconds: config.PAYMENT_WINDOW_SECONDS ?? 1200,
    trustProxy: config.TRUST_PROXY ?? false,
    publicRateLimit: config.PUBLIC_RATE_LIMIT ?? 60,
    partnerAuthFailureLimit: config.PARTNER_AUTH_FAILURE_LIMIT ?? 30,
    now: options.now ?? (() => new Date()),
  };
  return {
    db,
    deps,
    app: createServiceApp(deps),
    close: () => db.close(),
  };
}
