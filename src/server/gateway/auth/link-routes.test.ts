import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRootApp } from '../../app';
import type { Database } from '../../db/database';
import {
  connectTestOrganisation,
  createTestGateway,
  DEMO_PEOPLE,
  demoPerson,
  quietLog,
  TEST_MASTER_KEY,
  TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createEmptyDatabase } from '../../testing/test-service';
import { embeddedService } from '../service-connection';
import { openGateway } from '../start-gateway';
import { setupLinkIfFresh } from './link-service';

const KEY = 'stub-key-for-links';
const STRONG = 'saffron lighthouse marmalade 4412';

/** A service that takes KEY for client `demo`'s hall list (the gateway's key check) and nothing else. */
function keyCheckingService() {
  const stub = new Hono();
  stub.get('/v1/:client/partner/hall', (c) =>
    c.req.header('authorization') === KEY ? c.json([]) : c.json({ message: 'Unknown API key' }, 401),
  );
  stub.all('*', (c) => c.json({ message: 'stub' }));
  return embeddedService(stub);
}

const tokenOf = (link: string) => link.split('/').at(-1) ?? '';

describe('invitations through the API', () => {
  let gateway: TestGateway;
  let admin: TestBrowser;
  let boxOfficeRole: number;

  const invite = async (email: string, name: string) => {
    const response = await admin.request('/api/staff/invitations', {
      method: 'POST',
      json: { email, name, roleId: boxOfficeRole },
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; link: string; expiresAt: string };
  };

  beforeAll(async () => {
    gateway = await createTestGateway({
      service: keyCheckingService(),
      organisations: [{ clientName: 'demo', apiKey: KEY, people: DEMO_PEOPLE }],
    });
    admin = new TestBrowser(gateway.app);
    expect((await admin.signIn(demoPerson('administrator').email)).status).toBe(200);
    const roles = (await (await admin.request('/api/roles')).json()) as { roles: { id: number; key: string }[] };
    boxOfficeRole = roles.roles.find((role) => role.key === 'box-office')?.id ?? 0;
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('invites a person, who sets a password through the one-time link and is signed in; the link works once', async () => {
    const invited = await invite('new.colleague@demo.test', 'Nina Nieuw');
    expect(invited.link).toMatch(/^http:\/\/foyer\.test\/welcome\/[\w-]{43}$/);
    const hours = (Date.parse(invited.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const token = tokenOf(invited.link);
    // Only a hash of the token is kept.
    const { rows } = await gateway.db.query<{ dump: string }>('select t::text as dump from gateway.one_time_tokens t');
    for (const row of rows) expect(row.dump).not.toContain(token);

    const person = new TestBrowser(gateway.app);
    const peeked = await person.request(`/api/links/${token}`);
    expect(peeked.status).toBe(200);
    expect(await peeked.json()).toEqual({
      kind: 'invite',
      email: 'new.colleague@demo.test',
      name: 'Nina Nieuw',
      clientName: 'demo',
      passwordMinLength: 12,
    });
    // No password yet: no sign-in.
    expect((await person.signIn('new.colleague@demo.test', '')).status).toBe(422);

    for (const weak of ['short', 'passwordpassword', 'new.colleague@demo.test']) {
      const refused = await person.request(`/api/links/${token}/password`, {
        method: 'POST',
        json: { password: weak },
      });
      expect({ weak, status: refused.status }).toEqual({ weak, status: 422 });
      const body = (await refused.json()) as { message: string; errors: Record<string, string[]> };
      expect(Object.keys(body.errors)).toEqual(['password']);
    }
    expect(person.cookie).toBeUndefined();
    const set = await person.request(`/api/links/${token}/password`, { method: 'POST', json: { password: STRONG } });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({
      person: { email: 'new.colleague@demo.test' },
      role: { key: 'box-office' },
      permissions: ['events:read', 'sales:sell', 'sales:no-sale', 'customers:lookup'],
    });
    expect(person.cookie).toBeDefined();
    expect((await person.request('/api/session')).status).toBe(200);

    const twice = await new TestBrowser(gateway.app).request(`/api/links/${token}/password`, {
      method: 'POST',
      json: { password: `${STRONG} again` },
    });
    expect(twice.status).toBe(404);
    expect((await new TestBrowser(gateway.app).request(`/api/links/${token}`)).status).toBe(404);
    expect((await new TestBrowser(gateway.app).signIn('new.colleague@demo.test', STRONG)).status).toBe(200);
    // The trail tells the link was used, but a token it kept could be replayed by anyone who reads the trail.
    const trail = await gateway.db.query<{ dump: string; path: string | null }>(
      'select t::text as dump, path from gateway.audit_entries t',
    );
    for (const row of trail.rows) expect(row.dump).not.toContain(token);
    expect(trail.rows.map((row) => row.path)).toContain('/api/links/…/password');
  });

  it('refuses an expired link (404), and a fresh link replaces the old one', async () => {
    const invited = await invite('late.colleague@demo.test', 'Lars Laat');
    await gateway.db.query(
      `update gateway.one_time_tokens set expires_at = now() - interval '1 second'
        where account_id = $1 and used_at is null`,
      [invited.id],
    );
    const person = new TestBrowser(gateway.app);
    expect((await person.request(`/api/links/${tokenOf(invited.link)}`)).status).toBe(404);
    const late = await person.request(`/api/links/${tokenOf(invited.link)}/password`, {
      method: 'POST',
      json: { password: STRONG },
    });
    expect(late.status).toBe(404);
    expect(await late.json()).toEqual({ message: expect.stringContaining('expired') });

    const again = await admin.request(`/api/staff/${invited.id}/reset-link`, { method: 'POST' });
    expect(again.status).toBe(201);
    const renewed = (await again.json()) as { link: string; kind: string };
    // Never set a password: the new link is an invitation again.
    expect(renewed.kind).toBe('invite');
    const second = await admin.request(`/api/staff/${invited.id}/reset-link`, { method: 'POST' });
    const newest = (await second.json()) as { link: string };
    expect((await person.request(`/api/links/${tokenOf(renewed.link)}`)).status).toBe(404);
    expect((await person.request(`/api/links/${tokenOf(newest.link)}`)).status).toBe(200);
  });

  it('answers an address with an account in another organisation as a new one, and refuses its acceptance to the invitee', async () => {
    await connectTestOrganisation(gateway.deps, {
      clientName: 'harbour',
      apiKey: 'harbour-key',
      people: [{ email: 'admin@harbour.test', name: 'Hugo Haven', role: 'administrator' }],
    });
    const inviteAs = (email: string) =>
      admin.request('/api/staff/invitations', {
        method: 'POST',
        json: { email, name: 'Some One', roleId: boxOfficeRole },
      });
    const elsewhere = await inviteAs('Admin@Harbour.test');
    const fresh = await inviteAs('nobody.yet@demo.test');
    // The inviter cannot tell them apart: same status, same shape.
    expect(elsewhere.status).toBe(201);
    expect(fresh.status).toBe(201);
    expect(Object.keys(await elsewhere.clone().json()).sort()).toEqual(Object.keys(await fresh.json()).sort());
    // Within the organisation, a duplicate is said as before.
    const duplicate = await inviteAs(demoPerson('manager').email);
    expect(duplicate.status).toBe(422);
    expect(await duplicate.json()).toMatchObject({
      errors: { email: ['Someone already has an account with this email address'] },
    });

    // Whoever follows the link learns it there, and nothing changes: the harbour account signs in as before.
    const link = tokenOf(((await elsewhere.json()) as { link: string }).link);
    const person = new TestBrowser(gateway.app);
    const accepted = await person.request(`/api/links/${link}/password`, {
      method: 'POST',
      json: { password: STRONG },
    });
    expect(accepted.status).toBe(409);
    expect(await accepted.json()).toEqual({ message: expect.stringContaining('another organisation') });
    expect((await new TestBrowser(gateway.app).signIn('admin@harbour.test')).status).toBe(200);
    expect((await new TestBrowser(gateway.app).signIn('admin@harbour.test', STRONG)).status).toBe(401);
  });

  it('refuses a NUL character in an invitation name on its field (422), not with a 500', async () => {
    const response = await admin.request('/api/staff/invitations', {
      method: 'POST',
      json: { email: 'nul.name@demo.test', name: 'Nina\u0000Nul', roleId: boxOfficeRole },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ errors: { name: [expect.any(String)] } });
  });

  it('refuses unknown and malformed tokens', async () => {
    const person = new TestBrowser(gateway.app);
    for (const token of ['x', 'A'.repeat(43), '..%2F..%2Fsession']) {
      expect((await person.request(`/api/links/${token}`)).status).toBe(404);
    }
  });
});

describe('setting up a fresh install', () => {
  let db: Database;

  beforeAll(async () => {
    db = await createEmptyDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('prints a setup link while nobody has an account; using it connects the organisation with its first administrator, once', async () => {
    const service = keyCheckingService();
    const opened = await openGateway(
      { DATA_DIR: '', FOYER_MASTER_KEY: TEST_MASTER_KEY },
      { db, service, log: quietLog, seedDemo: false, clientAddress: () => 'test-address' },
    );
    expect(opened.setupPath).toMatch(/^\/setup\/[\w-]{43}$/);
    const app = createRootApp({ runtime: null, log: quietLog, staticRoot: null, gateway: opened.deps });
    const browser = new TestBrowser(app);
    expect((await browser.request(`/api${opened.setupPath}`)).status).toBe(200);
    const input = {
      name: 'Sam Setup',
      email: 'sam@theatre.test',
      password: STRONG,
      clientName: 'demo',
      apiKey: KEY,
    };
    const weak = await browser.request(`/api${opened.setupPath}`, {
      method: 'POST',
      json: { ...input, password: 'qwertyuiopasdf' },
    });
    expect(weak.status).toBe(422);
    expect(Object.keys(((await weak.json()) as { errors: object }).errors)).toEqual(['password']);
    const wrongKey = await browser.request(`/api${opened.setupPath}`, {
      method: 'POST',
      json: { ...input, apiKey: 'not-the-key' },
    });
    expect(wrongKey.status).toBe(422);
    expect(Object.keys(((await wrongKey.json()) as { errors: object }).errors)).toEqual(['apiKey']);

    const done = await browser.request(`/api${opened.setupPath}`, { method: 'POST', json: input });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      clientName: 'demo',
      person: { email: 'sam@theatre.test', name: 'Sam Setup' },
      role: { key: 'administrator' },
    });
    expect((await browser.request('/api/staff')).status).toBe(200);
    const again = await new TestBrowser(app).request(`/api${opened.setupPath}`, {
      method: 'POST',
      json: { ...input, email: 'intruder@evil.test' },
    });
    expect(again.status).toBe(404);
    expect((await new TestBrowser(app).request(`/api${opened.setupPath}`)).status).toBe(404);
    // People exist now: no new setup link, on this start or the next.
    expect(await setupLinkIfFresh({ db })).toBeNull();
    const reopened = await openGateway(
      { DATA_DIR: '', FOYER_MASTER_KEY: TEST_MASTER_KEY },
      { db, service, log: quietLog, seedDemo: false },
    );
    expect(reopened.setupPath).toBeNull();
  });
});
