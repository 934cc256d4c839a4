/**
 * `npm run audit:verify`: walks every organisation's audit chain in the gateway's store and prints one line per
 * organisation (and one for the sign-in failures that name none). Each chain must hold entry by entry, end at
 * its recorded head, and keep every entry anchored in the anchor file (audit-anchors.ts: EXPORT_DIR/
 * audit-anchors.jsonl, or `--anchors <file>`, a copy the operator keeps). Exit 0 when every chain holds, 1 at
 * the first break of any, 2 when the store or the anchor file cannot be read. The heads of the chains that
 * hold are then anchored in that file. The store is opened as `npm start` opens it: DATABASE_URL, else the
 * PGlite database in DATA_DIR (an embedded database is one process's: stop Foyer first).
 */
import { verifyAuditCommand } from './verify-command';

verifyAuditCommand(process.env, process.argv.slice(2), console).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
