/**
 * The work of `npm run audit:verify` (verify-cli.ts), given its environment, arguments and where its lines go: the
 * exit code it ends with. In a function of its own so that the tests run it in-process (a process of its own costs a
 * start of Node, tsx and the embedded database each time), and one test runs the command itself.
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

/** Where the command's lines go: standard output and standard error in the command. */
interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

export async function verifyAuditCommand(
  env: Record<string, string | undefined>,
  args: string[],
  output: CommandOutput,
): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  let anchorFile: string;
  try {
    config = loadConfig(env);
    const { values } = parseArgs({ args, options: { anchors: { type: 'string' } } });
    anchorFile = values.anchors ?? auditAnchorFile(config.EXPORT_DIR);
  } catch (error) {
    if (error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      output.error(error instanceof Error ? error.message : String(error));
      return 2;
    }
    throw error;
  }
  const anchors = await readAuditAnchors(anchorFile);
  const db = await connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 1 });
  try {
    if (!(await auditTrailExists(db))) {
      output.error('No audit trail in this database (start Foyer once to create or migrate the gateway store).');
      return 2;
    }
    const statuses = await verifyAuditChain(db, undefined, anchors);
    if (statuses.length === 0) output.log('No audit entries yet.');
    for (const status of statuses) {
      const where = status.brokenAt?.id ? `at entry ${status.brokenAt.id}: ` : '';
      output.log(
        status.ok
          ? `ok      ${nameOf(status)}: ${status.entries} entries, chain intact`
          : `BROKEN  ${nameOf(status)}: ${where}${status.brokenAt?.reason}`,
      );
    }
    output.log(`Anchors: ${anchors.length} read from ${anchorFile}`);
    const intact = new Set(statuses.filter((status) => status.ok).map((status) => status.organisationId));
    const heads = (await currentAuditHeads(db)).filter((head) => intact.has(head.organisationId));
    try {
      await appendAuditAnchors(anchorFile, heads);
      if (heads.length > 0) output.log(`Anchored the heads of ${heads.length} intact chains in ${anchorFile}`);
    } catch (error) {
      output.error(`The heads could not be anchored: ${error instanceof Error ? error.message : String(error)}`);
    }
    return statuses.every((status) => status.ok) ? 0 : 1;
  } finally {
    await db.close();
  }
}
