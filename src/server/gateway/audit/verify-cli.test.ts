import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect';
import { migrateGateway } from '../store/gateway-store';
import { recordAudit } from './audit-trail';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./verify-cli.ts', import.meta.url));

/** `npm run audit:verify` on an embedded database in DATA_DIR: "ok" lines, then exactly the changed entry. */
describe('audit:verify', () => {
  let dataDir: string;
  let changed = 0;

  const verify = () =>
    run(process.execPath, ['--import', 'tsx', CLI], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      timeout: 60_000,
    }).then(
      (done) => ({ code: 0, out: done.stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        out: error.stdout + error.stderr,
      }),
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'foyer-audit-verify-'));
    const db = await connectDatabase({ dataDir });
    await migrateGateway(db);
    await db.query(`insert into gateway.organisations (id, client_name, api_key_sealed) values (7, 'venue', '\\x00')`);
    for (let n = 0; n < 5; n++) {
      const entry = await db.transaction((tx) =>
        recordAudit(tx, { organisationId: 7, person: 'a@venue.test', action: 'forward', path: `/p/${n}`, status: 200 }),
      );
      if (n === 3) changed = entry.id;
    }
    await db.transaction((tx) =>
      recordAudit(tx, { organisationId: null, person: 'who@nowhere.test', action: 'sign-in-failed', status: 401 }),
    );
    await db.close();
  }, 60_000);
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('prints one line per chain and exits 0 while all hold; names exactly the changed entry and exits 1', async () => {
    const intact = await verify();
    expect(intact.out).toContain('ok      venue (organisation 7): 5 entries, chain intact');
    expect(intact.out).toContain('ok      no organisation');
    expect(intact.code).toBe(0);

    const db = await connectDatabase({ dataDir });
    await db.transaction(async (tx) => {
      await tx.query('alter table gateway.audit_entries disable trigger audit_entries_no_change');
      await tx.query(`update gateway.audit_entries set status = 201 where id = $1`, [changed]);
      await tx.query('alter table gateway.audit_entries enable trigger audit_entries_no_change');
    });
    await db.close();
    const broken = await verify();
    expect(broken.out).toContain(`BROKEN  venue (organisation 7): at entry ${changed}: the hash does not match`);
    expect(broken.out).toContain('ok      no organisation');
    expect(broken.code).toBe(1);
  }, 120_000);
});
