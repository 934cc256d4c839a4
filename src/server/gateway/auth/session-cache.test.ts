import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect';
import type { Database } from '../../db/database';
import type { ListenHandlers } from '../../db/notification-listener';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { createTestGateway, demoPerson, type TestGateway } from '../../testing/test-gateway';
import { createTestService, type TestService, testPostgresUrl } from '../../testing/test-service';
import type { Principal } from '../principal';
import { embeddedService } from '../service-connection';
import { type CachedSession, SessionCache } from './session-cache';
import { SessionStore } from './session-store';

const SECRET = 'session-cache-test-secret-of-32-characters';

describe('the session cache, kept by notices', () => {
  let handlers: ListenHandlers;
  let synced = true;
  const cache = new SessionCache((_channel, given) => {
    handlers = given;
    return { sync: async () => synced, close: async () => undefined };
  });
  const entry = (accountId: number, roleId = 1, organisationId = 1): CachedSession => ({
    principal: { accountId, role: { id: roleId }, organisationId } as Principal,
    fingerprint: '',
    lastSeenMs: 0,
    idleExpiresMs: Number.MAX_SAFE_INTEGER,
    absoluteExpiresMs: Number.MAX_SAFE_INTEGER,
    idleMinutes: 60,
    readMs: Date.now(),
  });

  it('keeps nothing until its connection is up, and forgets everything when it goes down', () => {
    cache.keep('aa', entry(1), cache.generation);
    expect(cache.get('aa')).toBeUndefined();
    handlers.connection(true);
    cache.keep('aa', entry(1), cache.generation);
    expect(cache.get('aa')).toBeDefined();
    handlers.connection(false);
    expect(cache.get('aa')).toBeUndefined();
    handlers.connection(true);
  });

  it('does not keep a read that a notice overtook', () => {
    const before = cache.generation;
    handlers.notification('s:bb');
    cache.keep('bb', entry(2), before);
    expect(cache.get('bb')).toBeUndefined();
  });

  it('drops what a notice names: a session, an account, a role, an organisation, or everything', async () => {
    const kept = {
      s1: entry(1),
      s2: entry(2, 7),
      s3: entry(3, 8, 4),
      s4: entry(4, 9, 5),
      s5: entry(5, 9, 6),
    };
    for (const [ref, value] of Object.entries(kept)) cache.keep(ref, value, cache.generation);
    handlers.notification('s:s1');
    handlers.notification('a:2');
    handlers.notification('r:8');
    handlers.notification('o:5');
    expect(Object.keys(kept).filter((ref) => cache.get(ref))).toEqual(['s5']);
    expect(await cache.holds('s5', kept.s5)).toBe(true);
    synced = false;
    expect(await cache.holds('s5', kept.s5)).toBe(false);
    synced = true;
    handlers.notification('*');
    expect(cache.get('s5')).toBeUndefined();
  });
});

/**
 * The cache on PostgreSQL: this instance's session store (its reads counted), and "another instance" — a
 * second connection pool on the same database — changing things behind its back.
 */
describe.runIf(Boolean(testPostgresUrl()))('sessions kept on PostgreSQL', () => {
  let service: TestService;
  let gateway: TestGateway;
  let other: Database;
  let store: SessionStore;
  let reads = 0;
  let accountId: number;

  beforeAll(async () => {
    service = await createTestService({ database: 'postgres' });
    await ensureDemoClients(service.db);
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    other = await connectDatabase({ databaseUrl: service.databaseUrl, poolSize: 2 });
    const counted: Database = {
      ...gateway.db,
      query: (sql, params) => {
        if (sql.includes('from gateway.sessions s')) reads += 1;
        return gateway.db.query(sql, params);
      },
    };
    store = new SessionStore(counted, SECRET);
    const { rows } = await other.query<{ id: string }>('select id from gateway.accounts where email = $1', [
      demoPerson('manager').email,
    ]);
    accountId = Number(rows[0]?.id);
  });
  afterAll(async () => {
    await other?.close();
    await service?.close();
  });

  /** Resolves the cookie twice; true when the second time read no row (the listener is up and it was kept). */
  async function keptAfterOneRead(cookie: string): Promise<boolean> {
    expect(await store.resolve(cookie)).not.toBeNull();
    const before = reads;
    expect(await store.resolve(cookie)).not.toBeNull();
    return reads === before;
  }

  async function untilKept(cookie: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    while (!(await keptAfterOneRead(cookie))) {
      if (Date.now() > deadline) throw new Error('the session was never kept');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const hashOf = (cookie: string) => store.resolve(cookie).then((principal) => principal?.sessionRef ?? '');

  it('reads a kept session again only after a change committed on another instance, and at once', async () => {
    const cookie = await store.create({ accountId, method: 'password' });
    await untilKept(cookie);
    const before = reads;
    for (let n = 0; n < 10; n++) expect(await store.resolve(cookie)).toMatchObject({ accountId });
    expect(reads).toBe(before);

    // The role loses a permission elsewhere: the very next call sees it.
    const principal = (await store.resolve(cookie)) as Principal;
    const { rows } = await other.query<{ permissions: string[] }>(
      'select permissions from gateway.roles where id = $1',
      [principal.role.id],
    );
    const permissions = rows[0]?.permissions ?? [];
    try {
      await other.query('update gateway.roles set permissions = $2 where id = $1', [
        principal.role.id,
        permissions.filter((permission) => permission !== 'orders:read'),
      ]);
      expect((await store.resolve(cookie))?.permissions).not.toContain('orders:read');
    } finally {
      await other.query('update gateway.roles set permissions = $2 where id = $1', [principal.role.id, permissions]);
    }
    expect((await store.resolve(cookie))?.permissions).toContain('orders:read');

    // Disabled elsewhere, refused on the next call; enabled again, accepted again.
    await other.query('update gateway.accounts set disabled_at = now() where id = $1', [accountId]);
    expect(await store.resolve(cookie)).toBeNull();
    await other.query('update gateway.accounts set disabled_at = null where id = $1', [accountId]);
    await untilKept(cookie);

    // Signed out elsewhere, twenty times over: never once accepted after the commit.
    for (let n = 0; n < 20; n++) {
      const next = await store.create({ accountId, method: 'password' });
      // Kept (a notice of the previous sign-out still arriving on another listening connection may make the
      // first read not keep it: a read a notice overtook is never kept).
      await untilKept(next);
      await other.query('update gateway.sessions set ended_at = now() where id_hash = $1', [
        Buffer.from(await hashOf(next), 'hex'),
      ]);
      expect(await store.resolve(next)).toBeNull();
    }
  });

  it('answers from the database while its listening connection is lost, and keeps sessions again after', async () => {
    const cookie = await store.create({ accountId, method: 'password' });
    await untilKept(cookie);
    const ref = await hashOf(cookie);
    const { rowCount } = await other.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'foyer:listen:foyer_gateway_sessions'`,
    );
    expect(rowCount).toBeGreaterThan(0);
    // Signed out while this instance may not have noticed the loss yet: refused all the same.
    await other.query('update gateway.sessions set ended_at = now() where id_hash = $1', [Buffer.from(ref, 'hex')]);
    expect(await store.resolve(cookie)).toBeNull();
    // Connected again (after a second), it keeps sessions again.
    await untilKept(await store.create({ accountId, method: 'password' }));
  });
});
