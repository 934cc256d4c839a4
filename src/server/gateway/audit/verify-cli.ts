/**
 * `npm run audit:verify`: walks every organisation's audit chain in the gateway's store and prints one line per
 * organisation (and one for the sign-in failures that name none). Each chain must hold entry by entry, end at
 * its recorded head, and keep every entry anchored in the anchor file (audit-anchors.ts: EXPORT_DIR/
 * audit-anchors.jsonl, or `--anchors <file>`, a copy the operator keeps). Exit 0 when every chain holds, 1 at
 * the first break of any, 2 when the store or the anchor file cannot be read. The heads of the chains that
 * hold are then anchored in that file. The store is opened as `npm start` opens it: DATABASE_URL, else the
 * PGlite database in DATA_DIR (an embedded database is one process's: stop Foyer first).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { connectDatabase } from '../../db/connect';
import { appendAuditAnchors, auditAnchorFile, currentAuditHeads, readAuditAnchors } from './audit-anchors';
import { auditTrailExists } from './audit-store';
import { type ChainStatus, verifyAuditChain } from './audit-verify';

const nameOf = (status: ChainStatus) =>
  status.organisationId === null
    ? 'no organisation (sign-in failures for unknown accounts)'
    : `${status.clientName ?? '?'} (organisation ${status.organisationId})`;

async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  let anchorFile: string;
  try {
    config = loadConfig();
    const { values } = parseArgs({ options: { anchors: { type: 'string' } } });
    anchorFile = values.anchors ?? auditAnchorFile(config.EXPORT_DIR);
  } catch (error) {
    if (error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(error instanceof Error ? error.message : String(error));
      return 2;
    }
    throw error;
  }
  const anchors = await readAuditAnchors(anchorFile);
  const db = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 1 });
  try {
    if (!(await auditTrailExists(db))) {
      console.error('No audit trail in this database (start Foyer once to create or migrate the gateway store).');
      return 2;
    }
    const statuses = await verifyAuditChain(db, undefined, anchors);
    if (statuses.length === 0) console.log('No audit entries yet.');
    for (const status of statuses) {
      const where = status.brokenAt?.id ? `at entry ${status.brokenAt.id}: ` : '';
      console.log(
        status.ok
          ? `ok      ${nameOf(status)}: ${status.entries} entries, chain intact`
          : `BROKEN  ${nameOf(status)}: ${where}${status.brokenAt?.reason}`,
      );
    }
    console.log(`Anchors: ${anchors.length} read from ${anchorFile}`);
    const intact = new Set(statuses.filter((status) => status.ok).map((status) => status.organisationId));
    const heads = (await currentAuditHeads(db)).filter((head) => intact.has(head.organisationId));
    try {
      await appendAuditAnchors(anchorFile, heads);
      if (heads.length > 0) console.log(`Anchored the heads of ${heads.length} intact chains in ${anchorFile}`);
    } catch (error) {
      console.error(`The heads could not be anchored: ${error instanceof Error ? error.message : String(error)}`);
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
