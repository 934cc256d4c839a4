import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createEmptyDatabase } from '../../testing/test-service';
import { migrateGateway } from '../store/gateway-store';
import { anchorAuditHeads, readAuditAnchors } from './audit-anchors';
import { recordAudit } from './audit-trail';
import { verifyAuditChain } from './audit-verify';

describe('the daily audit anchors', () => {
  let db: Database;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-audit-anchors-'));
    db = await createEmptyDatabase();
    await migrateGateway(db);
    for (const id of [7, 8]) {
      await db.query(`insert into gateway.organisations (id, client_name, api_key_sealed) values ($1, $2, '\\x00')`, [
        id,
        `venue-${id}`,
      ]);
      for (const n of [1, 2, 3]) await recordAudit(db, { organisationId: id, action: 'forward', path: `/p/${n}` });
    }
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('appends each chain’s head at start; one that does not reach its recorded head is not anchored', async () => {
    const file = join(dir, 'exports', 'audit-anchors.jsonl');
    await db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query(
        'delete from gateway.audit_entries where id = (select max(id) from gateway.audit_entries where organisation_id = 8)',
      );
    });
    await anchorAuditHeads({ db, file, log: pino({ level: 'silent' }) });
    const anchors = await readAuditAnchors(file);
    const { rows } = await db.query<{ id: string }>(
      'select max(id) as id from gateway.audit_entries where organisation_id = 7',
    );
    expect(anchors).toEqual([
      {
        organisationId: 7,
        entryId: Number(rows[0]?.id),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        at: expect.any(String),
      },
    ]);
    // The anchor holds for the chain as it is; the cut one fails on its head alone.
    expect(
      (await verifyAuditChain(db, undefined, anchors)).map(({ organisationId, ok }) => ({ organisationId, ok })),
    ).toEqual([
      { organisationId: 7, ok: true },
      { organisationId: 8, ok: false },
    ]);
  });

  it('fails a chain whose anchored entry has another hash now (the chain was rewritten)', async () => {
    const { rows } = await db.query<{ id: string }>(
      'select min(id) as id from gateway.audit_entries where organisation_id = 7',
    );
    const entryId = Number(rows[0]?.id);
    const anchor = { organisationId: 7, entryId, hash: '00'.repeat(32), at: '2026-11-01T00:00:00.000Z' };
    expect(await verifyAuditChain(db, 7, [anchor])).toMatchObject([
      { ok: false, brokenAt: { id: entryId, reason: expect.stringContaining('the chain was rewritten') } },
    ]);
  });
});
