import type { Database } from '../../db/database';
import { type MigrationSet, migrate } from '../../db/migrate';

/**
 * The gateway's own tables: schema `gateway`, with forward-only migrations of its own (store/migrations),
 * recorded apart from the service's. They live in whichever engine the gateway is given: the embedded
 * service's PGlite or PostgreSQL in embedded mode, or the gateway's own database in upstream mode.
 */
export const GATEWAY_MIGRATIONS: MigrationSet = {
  dir: new URL('./migrations/', import.meta.url),
  table: 'gateway.schema_migrations',
  lock: 7_311_043,
  prelude: 'create schema if not exists gateway',
};

export function migrateGateway(db: Database): Promise<string[]> {
  return migrate(db, GATEWAY_MIGRATIONS);
}
