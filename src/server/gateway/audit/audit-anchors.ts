import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { lastEntryOf, recordedHeads } from './audit-store';

/**
 * Anchors of the audit chains outside the database. Someone with access to the database can remove a chain's
 * newest entries and move its head (gateway.audit_heads) back with them: the chain then holds together. So
 * the gateway writes each chain's head — its last entry's id and hash, and the time — to an append-only file
 * in EXPORT_DIR every day, and `npm run audit:verify` writes one each time it finds the chains intact; verify
 * then checks every anchored entry is still there with that hash. The file is one JSON object a line; the
 * operator may keep copies of it elsewhere (it only grows) and verify against a copy
 * (`npm run audit:verify -- --anchors <file>`).
 */

/**
 * A chain's head as it was at some moment, kept outside the database: that chain's entry `entryId` had hash
 * `hash` then. Entries are never removed, so it must still be there, with that hash (audit-verify.ts).
 */
export interface AuditAnchor {
  organisationId: number | null;
  entryId: number;
  /** Hex. */
  hash: string;
  /** When it was taken. */
  at: string;
}

/** Once a day (the scheduler's 'audit-anchors' job): the file grows by a line per organisation a day. */
export const AUDIT_ANCHOR_EVERY_MS = 24 * 60 * 60 * 1000;

export const auditAnchorFile = (exportDir: string) => join(exportDir, 'audit-anchors.jsonl');

/** The anchors in a file; none when there is no file yet. A line that is not an anchor is an error. */
export async function readAuditAnchors(file: string): Promise<AuditAnchor[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, number }) => {
      const value = JSON.parse(line) as Partial<AuditAnchor>;
      if (
        (value.organisationId !== null && !Number.isSafeInteger(value.organisationId)) ||
        !Number.isSafeInteger(value.entryId) ||
        typeof value.hash !== 'string' ||
        typeof value.at !== 'string'
      ) {
        throw new Error(`${file}, line ${number}: not an audit anchor`);
      }
      return value as AuditAnchor;
    });
}

/**
 * The head of every chain that has entries, where its last entry and its recorded head agree (read in one
 * snapshot, so an append under way cannot tell them apart). A chain where they do not is not anchored:
 * verify reports it.
 */
export async function currentAuditHeads(db: Database, now = new Date()): Promise<AuditAnchor[]> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const anchors: AuditAnchor[] = [];
    for (const head of await recordedHeads(tx)) {
      const last = await lastEntryOf(tx, head.organisationId);
      if (!last || !Buffer.from(last.hash).equals(Buffer.from(head.hash))) continue;
      anchors.push({
        organisationId: head.organisationId,
        entryId: last.id,
        hash: Buffer.from(last.hash).toString('hex'),
        at: now.toISOString(),
      });
    }
    return anchors;
  });
}

/** Appends anchors to the file (creating it and its folder); each line whole, in one write. */
export async function appendAuditAnchors(file: string, anchors: readonly AuditAnchor[]): Promise<void> {
  if (anchors.length === 0) return;
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, anchors.map((anchor) => `${JSON.stringify(anchor)}\n`).join(''), { flag: 'a' });
}

/**
 * Anchors the chains' heads now (the scheduler runs it at start and then daily). A failure is logged and tried
 * again at the next run (the chains themselves are not touched).
 */
export async function anchorAuditHeads(options: { db: Database; file: string; log: Logger }): Promise<void> {
  const { db, file, log } = options;
  try {
    const anchors = await currentAuditHeads(db);
    await appendAuditAnchors(file, anchors);
    log.info({ chains: anchors.length, file }, 'audit chains anchored');
  } catch (error) {
    log.error({ err: error instanceof Error ? error.message : String(error) }, 'audit anchoring failed');
  }
}
