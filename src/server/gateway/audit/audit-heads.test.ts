import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { createEmptyDatabase } from '../../testing/test-service';
import { GATEWAY_MIGRATIONS, migrateGateway } from '../store/gateway-store';
import { lockAuditChain, recordAudit } from './audit-trail';
import { verifyAuditChain } from './audit-verify';

/**
 * Migration 004 moves the chain's head into gateway.audit_heads: chains written before it go on unbroken
 * after it, and a chain locked before its first entry starts as any other.
 */
describe('the audit chains across migration 004 (chain heads)', () => {
  let db: Database;
  let before: string;

  beforeAll(async () => {
    before = await mkdtemp(join(tmpdir(), 'foyer-audit-heads-'));
    for (const name of await readdir(GATEWAY_MIGRATIONS.dir)) {
      if (name.endsWith('.sql') && name < '004')
        await copyFile(new URL(name, GATEWAY_MIGRATIONS.dir), join(before, name));
    }
    db = await createEmptyDatabase();
    await migrate(db, { ...GATEWAY_MIGRATIONS, dir: pathToFileURL(`${before}/`) });
  });
  afterAll(async () => {
    await db?.close();
    await rm(before, { recursive: true, force: true });
  });

  const append = (organisationId: number | null, path: string) =>
    recordAudit(db, { organisationId, person: 'a@venue.test', action: 'forward', path, status: 200 });

  it('continues the chains written before it', async () => {
    await db.query(`insert into gateway.organisations (id, client_name, api_key_sealed) values (7, 'venue', '\\x00')`);
    for (const n of [1, 2, 3]) await append(7, `/before/${n}`);
    await append(null, '/before/nobody');
    // 004 runs first, then whatever later migrations exist.
    expect((await migrateGateway(db))[0]).toBe('004_audit_heads.sql');
    const { rows } = await db.query<{ chain: string }>('select chain from gateway.audit_heads order by chain');
    expect(rows.map((row) => Number(row.chain))).toEqual([0, 7]);

    for (const n of [4, 5]) await append(7, `/after/${n}`);
    await append(null, '/after/nobody');
    const statuses = await verifyAuditChain(db);
    expect(statuses.map(({ organisationId, entries, ok }) => ({ organisationId, entries, ok }))).toEqual([
      { organisationId: 7, entries: 5, ok: true },
      { organisationId: null, entries: 2, ok: true },
    ]);
  });

  it('starts a chain that was locked before its first entry', async () => {
    await db.query(`insert into gateway.organisations (id, client_name, api_key_sealed) values (8, 'new', '\\x00')`);
    await db.transaction(async (tx) => {
      await lockAuditChain(tx, 8);
      await recordAudit(tx, { organisationId: 8, action: 'print', path: '/first', status: 201 });
    });
    await append(8, '/second');
    expect(await verifyAuditChain(db, 8)).toMatchObject([{ entries: 2, ok: true }]);
    const { rows } = await db.query<{ prev_hash: Uint8Array | null }>(
      'select prev_hash from gateway.audit_entries where organisation_id = 8 order by id limit 1',
    );
    expect(rows[0]?.prev_hash).toBeNull();
  });
});
