import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect';
import type { Queryable } from '../../db/database';
import {
  createEmptyDatabase,
  createTestService,
  describeEachDatabase,
  type TestService,
} from '../../testing/test-service';
import { migrateGateway } from '../store/gateway-store';
import { recordAudit } from './audit-trail';
import { verifyAuditCommand } from './verify-command';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./verify-cli.ts', import.meta.url));

/**
 * `npm run audit:verify` with this environment and arguments, run in this process as verify-cli.ts runs it (the
 * command itself is run by the test above): its exit code and what it printed.
 */
const verifyWith = async (env: Record<string, string>, args: string[] = []) => {
  const lines: string[] = [];
  const output = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
  const code = await verifyAuditCommand({ ...process.env, ...env }, args, output);
  return { code, out: lines.join('\n') };
};

/**
 * `npm run audit:verify` itself, as a process, on an embedded database in DATA_DIR: "ok" lines and exit 0, then
 * exactly the changed entry and exit 1.
 */
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
    const db = await createEmptyDatabase({ dataDir });
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

/**
 * Issue 29 item 4: the newest entries of a chain removed by someone with database access (triggers off), or
 * the whole chain, or the newest entries with the chain's head moved back along with them.
 */
describeEachDatabase('audit:verify at the end of each chain', (database) => {
  let dataDir: string;
  let service: TestService | undefined;
  let env: Record<string, string>;
  let anchorFile: string;
  let blindRuns = 0;
  /** Arguments that point verify at an anchor file of its own, empty until then. */
  const withoutAnchors = () => ['--anchors', join(dataDir, `blind-${++blindRuns}.jsonl`)];
  const open = () =>
    service?.databaseUrl ? connectDatabase({ databaseUrl: service.databaseUrl }) : connectDatabase({ dataDir });
  /** Statements with the append-only triggers off, as a database superuser can. */
  const tamper = async (work: (tx: Queryable) => Promise<unknown>) => {
    const db = await open();
    try {
      await db.transaction(async (tx) => {
        await tx.query('set local session_replication_role = replica');
        await work(tx);
      });
    } finally {
      await db.close();
    }
  };
  const removeNewest = (db: Queryable, organisationId: number, count: number) =>
    db.query(
      `delete from gateway.audit_entries where id in (
         select id from gateway.audit_entries where organisation_id = $1 order by id desc limit $2)`,
      [organisationId, count],
    );
  const idsOf = async (organisationId: number) => {
    const db = await open();
    try {
      const { rows } = await db.query<{ id: string }>(
        'select id from gateway.audit_entries where organisation_id = $1 order by id',
        [organisationId],
      );
      return rows.map((row) => Number(row.id));
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'foyer-audit-end-'));
    anchorFile = join(dataDir, 'exports', 'audit-anchors.jsonl');
    if (database === 'postgres') service = await createTestService({ database });
    env = service?.databaseUrl
      ? { DATABASE_URL: service.databaseUrl, DATA_DIR: dataDir }
      : { DATA_DIR: dataDir, DATABASE_URL: '' };
    const db = service ? await open() : await createEmptyDatabase({ dataDir });
    await migrateGateway(db);
    for (const [id, name] of [
      [71, 'untouched'],
      [72, 'cut'],
      [73, 'gone'],
      [74, 'moved'],
    ] as const) {
      await db.query(`insert into gateway.organisations (id, client_name, api_key_sealed) values ($1, $2, '\\x00')`, [
        id,
        name,
      ]);
      for (let n = 0; n < 6; n++) {
        await recordAudit(db, { organisationId: id, person: 'a@venue.test', action: 'forward', path: `/p/${n}` });
      }
    }
    await db.close();
  }, 120_000);
  afterAll(async () => {
    await service?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('passes chains left alone, and anchors their heads outside the database', async () => {
    const intact = await verifyWith(env);
    for (const name of ['untouched', 'cut', 'gone', 'moved'])
      expect(intact.out).toMatch(new RegExp(`ok      ${name} \\(`));
    expect(intact.code).toBe(0);
    const anchors = (await readFile(anchorFile, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(anchors.map((anchor) => anchor.organisationId)).toEqual([71, 72, 73, 74]);
    expect(anchors[0]).toMatchObject({
      entryId: (await idsOf(71)).at(-1),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  }, 60_000);

  it('fails a chain whose newest three entries were removed', async () => {
    await tamper((tx) => removeNewest(tx, 72, 3));
    const result = await verifyWith(env, withoutAnchors());
    expect(result.out).toMatch(
      /BROKEN {2}cut \(organisation 72\): at entry \d+: the chain does not reach its recorded head/,
    );
    expect(result.out).toMatch(/ok {6}untouched \(/);
    expect(result.code).toBe(1);
  }, 60_000);

  it('fails a chain that was removed whole', async () => {
    await tamper((tx) => removeNewest(tx, 73, 6));
    const result = await verifyWith(env, withoutAnchors());
    expect(result.out).toContain('BROKEN  gone (organisation 73): the chain is missing');
    expect(result.code).toBe(1);
  }, 60_000);

  it('fails a chain cut back with its recorded head moved along, thanks to the anchor file', async () => {
    const newest = (await idsOf(74)).at(-1);
    await tamper(async (tx) => {
      await removeNewest(tx, 74, 3);
      await tx.query(
        `update gateway.audit_heads h set prev_hash = e.prev_hash, hash = e.hash
           from (select prev_hash, hash from gateway.audit_entries where organisation_id = 74 order by id desc limit 1) e
          where h.chain = 74`,
      );
    });
    // Without the anchors the chain holds together: only they tell.
    const blind = await verifyWith(env, withoutAnchors());
    expect(blind.out).toMatch(/ok {6}moved \(organisation 74\): 3 entries, chain intact/);
    const result = await verifyWith(env);
    expect(result.out).toMatch(
      new RegExp(
        `BROKEN  moved \\(organisation 74\\): at entry ${newest}: the chain ends before this entry, anchored at`,
      ),
    );
    expect(result.code).toBe(1);
  }, 90_000);
});
