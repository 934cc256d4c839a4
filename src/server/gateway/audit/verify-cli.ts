/**
 * `npm run audit:verify`: walks every organisation's audit chain in the gateway's store and prints one line per
 * organisation (and one for the sign-in failures that name none). Exit 0 when every chain holds, 1 at the first
 * break of any, 2 when the store cannot be opened. The store is opened as `npm start` opens it: DATABASE_URL,
 * else the PGlite database in DATA_DIR (an embedded database is one process's: stop Foyer first).
 */
import { ConfigError, loadConfig } from '../../config';
import { connectDatabase } from '../../db/connect';
import { verifyAuditChain } from './audit-trail';

async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const db = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 1 });
  try {
    const exists = await db.query<{ t: string | null }>(`select to_regclass('gateway.audit_entries')::text as t`);
    if (!exists.rows[0]?.t) {
      console.error('No audit trail in this database (start Foyer once to create the gateway store).');
      return 2;
    }
    const statuses = await verifyAuditChain(db);
    if (statuses.length === 0) console.log('No audit entries yet.');
    for (const status of statuses) {
      const name =
        status.organisationId === null
          ? 'no organisation (sign-in failures for unknown accounts)'
          : `${status.clientName ?? '?'} (organisation ${status.organisationId})`;
      console.log(
        status.ok
          ? `ok      ${name}: ${status.entries} entries, chain intact`
          : `BROKEN  ${name}: at entry ${status.brokenAt?.id}: ${status.brokenAt?.reason}`,
      );
    }
    return statuses.every((status) => status.ok) ? 0 : 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
