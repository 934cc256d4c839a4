import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoClients } from '../testing/client-fixtures';
import { createTestGateway, demoPerson, TestBrowser, type TestGateway } from '../testing/test-gateway';
import { createTestService, type TestService, testPostgresUrl } from '../testing/test-service';
import { accountThrottleKey } from './auth';
import { embeddedService } from './service-connection';
import { DEMO_ORGANISATIONS } from './store';

const BOX_OFFICE = demoPerson('box-office').email;
const MARKETING = demoPerson('marketing').email;
const MANAGER = demoPerson('manager').email;
const ADMIN = demoPerson('administrator').email;

/**
 * Two Foyer processes in miniature on one PostgreSQL database (the server the global setup starts): two
 * service runtimes, each with its own gateway and pool, sharing the master key. Nothing of a session or a
 * throttle may live in one process's memory.
 */
describe.runIf(Boolean(testPostgresUrl()))('two gateway instances on one PostgreSQL database', () => {
  let serviceA: TestService;
  let serviceB: TestService;
  let a: TestGateway;
  let b: TestGateway;
  const throttle = { perAddress: 1000, perAccount: 3, windowSeconds: 600 };

  beforeAll(async () => {
    serviceA = await createTestService({ database: 'postgres' });
    await ensureDemoClients(serviceA.db);
    serviceB = await createTestService({ database: 'postgres', databaseUrl: serviceA.databaseUrl as string });
    a = await createTestGateway({ runtime: serviceA, service: embeddedService(serviceA.app), throttle });
    // The second start finds the store migrated and the demo accounts there.
    b = await createTestGateway({ runtime: serviceB, service: embeddedService(serviceB.app), throttle });
  });
  afterAll(async () => {
    await serviceB?.close();
    await serviceA?.close();
  });

  it('shares one store: both see the same demo accounts, created once', async () => {
    const { rows } = await b.db.query<{ n: number }>('select count(*)::int as n from gateway.accounts');
    // One account per demo person of every demo organisation, created by the first start only.
    expect(rows[0]?.n).toBe(DEMO_ORGANISATIONS.reduce((sum, organisation) => sum + organisation.people.length, 0));
    const { rows: migrations } = await a.db.query<{ n: number }>(
      'select count(*)::int as n from gateway.schema_migrations',
    );
    expect(migrations[0]?.n).toBeGreaterThan(0);
  });

  it('takes a sign-in on one instance on the other', async () => {
    const onA = new TestBrowser(a.app);
    expect((await onA.signIn(BOX_OFFICE)).status).toBe(200);
    const onB = new TestBrowser(b.app);
    onB.cookie = onA.cookie;
    const session = await onB.request('/api/session');
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ person: { email: BOX_OFFICE }, role: { key: 'box-office' } });
    expect((await onB.request('/api/v1/demo/partner/hall')).status).toBe(200);
    expect((await onB.request('/api/v1/demo/partner/order')).status).toBe(403);
  });

  it('ends a session signed out on one instance on the other, at once', async () => {
    const onA = new TestBrowser(a.app);
    expect((await onA.signIn(MARKETING)).status).toBe(200);
    const onB = new TestBrowser(b.app);
    onB.cookie = onA.cookie;
    expect((await onB.request('/api/session')).status).toBe(200);
    expect((await onA.request('/api/session', { method: 'DELETE' })).status).toBe(204);
    expect((await onB.request('/api/session')).status).toBe(401);
  });

  it('answers a forwarded read started with the session as last known only while that session holds', async () => {
    // B has read the session (a forwarded read), so its next read goes to the service while the session is
    // read again: whatever changed on A in between decides.
    const admin = new TestBrowser(a.app);
    expect((await admin.signIn(ADMIN)).status).toBe(200);
    const staff = (await (await admin.request('/api/staff')).json()) as { id: number; email: string }[];
    const id = staff.find((row) => row.email === MANAGER)?.id;
    const { roles } = (await (await admin.request('/api/roles')).json()) as { roles: { id: number; key: string }[] };
    const roleId = (key: string) => roles.find((role) => role.key === key)?.id;
    const onA = new TestBrowser(a.app);
    expect((await onA.signIn(MANAGER)).status).toBe(200);
    const onB = new TestBrowser(b.app);
    onB.cookie = onA.cookie;
    const orders = '/api/v1/demo/partner/order';
    expect((await onB.request(orders)).status).toBe(200);
    try {
      // A role that still allows the read: answered (decided again on the session as it is now).
      await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { roleId: roleId('administrator') } });
      expect((await onB.request(orders)).status).toBe(200);
      // A role that does not: refused, although B last knew the person as allowed.
      await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { roleId: roleId('box-office') } });
      const refused = await onB.request(orders);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toMatch(/\(Box office\)/);
      await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { roleId: roleId('manager') } });
      expect((await onB.request(orders)).status).toBe(200);
    } finally {
      await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { roleId: roleId('manager') } });
    }
    // Signed out on A: B's next read is refused and its cookie cleared.
    expect((await onA.request('/api/session', { method: 'DELETE' })).status).toBe(204);
    const signedOut = await onB.request(orders);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get('set-cookie')).toMatch(/foyer_session=;/);
  });

  it("refuses a disabled account's session on the other instance on its next request", async () => {
    const person = new TestBrowser(b.app);
    expect((await person.signIn(MANAGER)).status).toBe(200);
    expect((await person.request('/api/v1/demo/partner/order')).status).toBe(200);
    const admin = new TestBrowser(a.app);
    expect((await admin.signIn(ADMIN)).status).toBe(200);
    const staff = (await (await admin.request('/api/staff')).json()) as { id: number; email: string }[];
    const id = staff.find((row) => row.email === MANAGER)?.id;
    try {
      expect((await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { disabled: true } })).status).toBe(204);
      const refused = await person.request('/api/v1/demo/partner/order');
      expect(refused.status).toBe(401);
      expect((await new TestBrowser(b.app).signIn(MANAGER)).status).toBe(403);
    } finally {
      await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { disabled: false } });
    }
    // A role change on one instance applies on the other at the next request, too.
    const again = new TestBrowser(b.app);
    expect((await again.signIn(MANAGER)).status).toBe(200);
    const { roles } = (await (await admin.request('/api/roles')).json()) as { roles: { id: number; key: string }[] };
    const roleId = (key: string) => roles.find((role) => role.key === key)?.id;
    await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { roleId: roleId('box-office') } });
    try {
      expect(await (await again.request('/api/session')).json()).toMatchObject({ role: { key: 'box-office' } });
      expect((await again.request('/api/v1/demo/partner/order')).status).toBe(403);
    } finally {
      await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { roleId: roleId('manager') } });
    }
  });

  it('counts sign-in failures across both instances', async () => {
    const email = 'harbour-guess@demo.test';
    const onA = new TestBrowser(a.app);
    const onB = new TestBrowser(b.app);
    expect((await onA.signIn(email, 'guess-1', { address: '10.9.0.1' })).status).toBe(401);
    expect((await onB.signIn(email, 'guess-2', { address: '10.9.0.2' })).status).toBe(401);
    expect((await onA.signIn(email, 'guess-3', { address: '10.9.0.3' })).status).toBe(401);
    const { rows } = await a.db.query<{ failures: number }>(
      'select failures from gateway.sign_in_failures where key = $1',
      [accountThrottleKey(email)],
    );
    expect(rows[0]?.failures).toBe(3);
    for (const browser of [onA, onB]) {
      const refused = await browser.signIn(email, 'guess-4', { address: '10.9.0.4' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('checks no more than the limit of wrong passwords sent at once to both instances (issue 29 item 3)', async () => {
    const email = 'simultaneous-guess@demo.test';
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        new TestBrowser(index % 2 ? a.app : b.app)
          .signIn(email, `guess-${index}`, { address: '10.9.1.1' })
          .then((answer) => answer.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(throttle.perAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - throttle.perAccount);
  });
});
