import type { Database } from '../../db/database';
import { type MigrationSet, migrate } from '../../db/migrate';

/** The service's own tables: forward-only migrations (./migrations), recorded in `schema_migrations`. */
export const SERVICE_MIGRATIONS: MigrationSet = {
  dir: new URL('./migrations/', import.meta.url),
  table: 'schema_migrations',
  lock: 7_311_042,
};

export function migrateService(db: Database): Promise<string[]> {
  return migrate(db, SERVICE_MIGRATIONS);
}
