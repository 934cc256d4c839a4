import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestGateway,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  demoPerson,
  sessionCookieFor,
  signedInBrowser,
  TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { embeddedService } from '../service-connection';

const KEY = 'stub-key-for-sessions';
const STRONG = 'violet tugboat harmonica 1987 drizzle';

/** People of their own per destructive test, so one test's password change does not spoil another's. */
const EXTRA = [
  { email: 'disabled@demo.test', name: 'Dora Disabled', role: 'box-office' },
  { email: 'changer@demo.test', name: 'Chris Changer', role: 'box-office' },
  { email: 'resettee@demo.test', name: 'Rita Resettee', role: 'marketing' },
  { email: 'multi@demo.test', name: 'Mo Multi', role: 'marketing' },
  { email: 'idle@demo.test', name: 'Ida Idle', role: 'manager' },
] as const;

interface SessionList {
  sessions: { ref: string; current: boolean }[];
}

describe('sessions in the database', () => {
  let gateway: TestGateway;
  let admin: TestBrowser;

  const accountId = async (email: string) => {
    const { rows } = await gateway.db.query<{ id: string }>('select id from gateway.accounts where email = $1', [
      email,
    ]);
    return Number(rows[0]?.id);
  };
  const roleId = async (key: string) => {
    const { rows } = await gateway.db.query<{ id: string }>(
      `select r.id from gateway.roles r join gateway.organisations o on o.id = r.organisation_id
        where o.client_name = 'demo' and r.key = $1`,
      [key],
    );
    return Number(rows[0]?.id);
  };
  /** Moves every timestamp of the account's sessions `minutes` into the past: time passing, in the DB. */
  const age = (email: string, minutes: number) =>
    gateway.db.query(
      `update gateway.sessions set created_at = created_at - make_interval(mins => $2),
              last_seen_at = last_seen_at - make_interval(mins => $2),
              idle_expires_at = idle_expires_at - make_interval(mins => $2),
              absolute_expires_at = absolute_expires_at - make_interval(mins => $2)
        where account_id = (select id from gateway.accounts where email = $1)`,
      [email, minutes],
    );
  const status = async (browser: TestBrowser, path = '/api/session') => (await browser.request(path)).status;

  beforeAll(async () => {
    const stub = new Hono();
    stub.all('*', (c) => c.json([]));
    gateway = await createTestGateway({
      service: embeddedService(stub),
      organisations: [{ clientName: 'demo', apiKey: KEY, people: [...DEMO_PEOPLE, ...EXTRA] }],
    });
    admin = new TestBrowser(gateway.app);
    expect((await admin.signIn(demoPerson('administrator').email)).status).toBe(200);
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('keeps only a hash of the session id', async () => {
    const value = (admin.cookie ?? '').split('=')[1] ?? '';
    const id = value.split('.')[0] ?? '';
    const { rows } = await gateway.db.query<{ dump: string }>('select s::text as dump from gateway.sessions s');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.dump).not.toContain(id);
      expect(row.dump).not.toContain(Buffer.from(id).toString('hex'));
    }
  });

  it("refuses a disabled account's session on its next request, and its sign-in", async () => {
    const person = new TestBrowser(gateway.app);
    expect((await person.signIn('disabled@demo.test')).status).toBe(200);
    expect(await status(person, '/api/v1/demo/partner/hall')).toBe(200);
    const disabled = await admin.request(`/api/staff/${await accountId('disabled@demo.test')}`, {
      method: 'PATCH',
      json: { disabled: true },
    });
    expect(disabled.status).toBe(204);
    const refused = await person.request('/api/v1/demo/partner/hall');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Not signed in' });
    expect(person.cookie).toBeUndefined();
    const again = await new TestBrowser(gateway.app).signIn('disabled@demo.test');
    expect(again.status).toBe(403);
    expect(again.headers.getSetCookie()).toEqual([]);
    // Enabled again, the person signs in anew (the old session stays ended).
    await admin.request(`/api/staff/${await accountId('disabled@demo.test')}`, {
      method: 'PATCH',
      json: { disabled: false },
    });
    expect((await new TestBrowser(gateway.app).signIn('disabled@demo.test')).status).toBe(200);
  });

  it('ends the session at sign-out: the old cookie is refused afterwards', async () => {
    const person = await signedInBrowser(gateway, 'multi@demo.test');
    const cookie = person.cookie ?? '';
    expect(await status(person)).toBe(200);
    expect((await person.request('/api/session', { method: 'DELETE' })).status).toBe(204);
    expect((await person.request('/api/session', { headers: { cookie } })).status).toBe(401);
    const { rows } = await gateway.db.query<{ ended: boolean }>(
      `select bool_and(ended_at is not null) as ended from gateway.sessions
        where account_id = $1 and created_at > now() - interval '1 minute'`,
      [await accountId('multi@demo.test')],
    );
    expect(rows[0]?.ended).toBe(true);
  });

  it('lists the own sessions, ends one of them, and ends all others', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signedInBrowser(gateway, 'multi@demo.test')));
    if (!a || !b || !c) throw new Error('three browsers');
    const listed = (await (await a.request('/api/account')).json()) as SessionList;
    expect(listed.sessions).toHaveLength(3);
    expect(listed.sessions.filter((session) => session.current)).toHaveLength(1);
    const other = (await (await b.request('/api/account')).json()) as SessionList;
    const bRef = other.sessions.find((session) => session.current)?.ref ?? '';
    expect((await a.request(`/api/account/sessions/${bRef}`, { method: 'DELETE' })).status).toBe(204);
    expect(await status(b)).toBe(401);
    expect((await a.request(`/api/account/sessions/${bRef}`, { method: 'DELETE' })).status).toBe(404);
    // Someone else's session cannot be ended by its reference.
    const adminRef = ((await (await admin.request('/api/account')).json()) as SessionList).sessions.find(
      (session) => session.current,
    )?.ref;
    expect((await a.request(`/api/account/sessions/${adminRef}`, { method: 'DELETE' })).status).toBe(404);
    expect(await status(admin)).toBe(200);

    const ended = await a.request('/api/account/sessions/end-others', { method: 'POST' });
    expect(await ended.json()).toEqual({ endedSessions: 1 });
    expect(await status(c)).toBe(401);
    expect(await status(a)).toBe(200);
  });

  it('ends the other sessions when the password changes, keeping this one', async () => {
    const here = new TestBrowser(gateway.app);
    expect((await here.signIn('changer@demo.test')).status).toBe(200);
    const elsewhere = await signedInBrowser(gateway, 'changer@demo.test');
    const wrong = await here.request('/api/account/password', {
      method: 'PUT',
      json: { currentPassword: 'not-the-password', newPassword: STRONG },
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(((await wrong.json()) as { errors: object }).errors)).toEqual(['currentPassword']);
    const weak = await here.request('/api/account/password', {
      method: 'PUT',
      json: { currentPassword: DEMO_PASSWORD, newPassword: 'passwordpassword' },
    });
    expect(weak.status).toBe(422);
    expect(await status(elsewhere)).toBe(200);
    const changed = await here.request('/api/account/password', {
      method: 'PUT',
      json: { currentPassword: DEMO_PASSWORD, newPassword: STRONG },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ endedSessions: 1 });
    expect(await status(elsewhere)).toBe(401);
    expect(await status(here)).toBe(200);
    expect((await new TestBrowser(gateway.app).signIn('changer@demo.test')).status).toBe(401);
    expect((await new TestBrowser(gateway.app).signIn('changer@demo.test', STRONG)).status).toBe(200);
  });

  it("ends the person's sessions when a reset link is used", async () => {
    const person = await signedInBrowser(gateway, 'resettee@demo.test');
    const issued = await admin.request(`/api/staff/${await accountId('resettee@demo.test')}/reset-link`, {
      method: 'POST',
    });
    expect(issued.status).toBe(201);
    const { link, kind } = (await issued.json()) as { link: string; kind: string };
    expect(kind).toBe('reset');
    // Issuing the link alone changes nothing.
    expect(await status(person)).toBe(200);
    const token = link.split('/').at(-1) ?? '';
    const fresh = new TestBrowser(gateway.app);
    const used = await fresh.request(`/api/links/${token}/password`, { method: 'POST', json: { password: STRONG } });
    expect(used.status).toBe(200);
    expect(await status(person)).toBe(401);
    expect(await status(fresh)).toBe(200);
  });

  it('ends a session after the idle limit of the role, sliding with use, and after its absolute limit', async () => {
    const manager = await roleId('manager');
    const set = (limits: { idleMinutes: number | null; absoluteMinutes: number | null }) =>
      admin.request(`/api/roles/${manager}`, {
        method: 'PUT',
        json: { name: 'Manager', permissions: [], requireTotp: false, ...limits },
      });
    try {
      // Default limits (8 h idle): an hour without use is fine.
      const before = await signedInBrowser(gateway, 'idle@demo.test');
      await age('idle@demo.test', 60);
      expect(await status(before)).toBe(200);

      expect((await set({ idleMinutes: 10, absoluteMinutes: 30 })).status).toBe(200);
      const person = await signedInBrowser(gateway, 'idle@demo.test');
      await gateway.db.query(
        "update gateway.sessions set ended_at = now() where account_id = $1 and ended_at is null and created_at < now() - interval '30 minutes'",
        [await accountId('idle@demo.test')],
      );
      await age('idle@demo.test', 8);
      expect(await status(person)).toBe(200);
      // That use moved the idle limit on: 8 minutes more are 16 since sign-in, 8 since the last use.
      await age('idle@demo.test', 8);
      expect(await status(person)).toBe(200);
      await age('idle@demo.test', 11);
      expect(await status(person)).toBe(401);

      const busy = await signedInBrowser(gateway, 'idle@demo.test');
      for (let minutes = 0; minutes < 28; minutes += 7) {
        await age('idle@demo.test', 7);
        expect(await status(busy)).toBe(200);
      }
      // Used every 7 minutes, still past the 30-minute absolute limit.
      await age('idle@demo.test', 3);
      expect(await status(busy)).toBe(401);
    } finally {
      await set({ idleMinutes: null, absoluteMinutes: null });
    }
  });

  it('refuses a forged, tampered or unknown cookie', async () => {
    const cookie = await sessionCookieFor(gateway, 'multi@demo.test');
    const [id = '', signature = ''] = cookie.slice('foyer_session='.length).split('.');
    expect(id).not.toBe('');
    expect(signature).not.toBe('');
    const browser = new TestBrowser(gateway.app);
    const hallsWith = async (value: string) =>
      (await browser.request('/api/v1/demo/partner/hall', { headers: { cookie: `foyer_session=${value}` } })).status;
    // Used first, so this instance remembers the genuine cookie as verified (its person, signed in, may or may not
    // read halls): a value near it is still checked.
    expect(await hallsWith(`${id}.${signature}`)).not.toBe(401);
    for (const forged of [
      `${id}.${'A'.repeat(43)}`,
      `${'B'.repeat(43)}.${signature}`,
      `${id}.${signature}x`,
      id,
      'x',
      '',
    ]) {
      expect(await hallsWith(forged)).toBe(401);
    }
    expect(await hallsWith(`${id}.${signature}`)).not.toBe(401);
  });
});
