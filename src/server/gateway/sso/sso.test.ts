import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOidcProvider, type TestOidcProvider } from '../../testing/oidc-test-provider';
import {
  createTestGateway,
  signedInBrowser,
  TEST_ORIGIN,
  TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { embeddedService } from '../service-connection';

const CALLBACK = `${TEST_ORIGIN}/api/sso/callback`;

function stubService() {
  const stub = new Hono();
  stub.all('*', (c) => c.json([]));
  return embeddedService(stub);
}

/** A cookie jar of one site: the cookies it set, sent back as a browser would (path and expiry aside). */
class CookieJar {
  readonly #cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }
}

describe('single sign-on with OpenID Connect (a real provider: oidc-provider on 127.0.0.1)', () => {
  let gateway: TestGateway;
  let provider: TestOidcProvider;
  let roles: Map<string, number>;
  let logged = '';

  beforeAll(async () => {
    provider = await startTestOidcProvider({ redirectUris: [CALLBACK] });
    gateway = await createTestGateway({
      service: stubService(),
      organisations: [
        {
          clientName: 'demo',
          apiKey: 'stub-key',
          people: [{ email: 'admin@demo.test', name: 'Ada', role: 'administrator' }],
        },
      ],
      log: pino({ level: 'debug' }, { write: (line: string) => (logged += line) }),
    });
    const { rows } = await gateway.db.query<{ id: string; key: string }>('select id, key from gateway.roles');
    roles = new Map(rows.map((row) => [row.key, Number(row.id)]));
    provider.people.set('mira', { email: 'mira@venue.test', name: 'Mira Mapped', groups: ['foyer-marketing'] });
    provider.people.set('gone', { email: 'gone@venue.test', name: 'Gone Soon', groups: ['foyer-marketing'] });
  });
  afterAll(async () => {
    await provider?.close();
    await gateway?.close();
  });

  const admin = () => signedInBrowser(gateway, 'admin@demo.test');

  const configure = async (changes: Record<string, unknown> = {}) => {
    const browser = await admin();
    return browser.request('/api/sso', {
      method: 'PUT',
      json: {
        displayName: 'Venue Login',
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        emailClaim: 'email',
        groupClaim: 'groups',
        groupRoles: [
          { group: 'foyer-managers', roleId: roles.get('manager') },
          { group: 'foyer-marketing', roleId: roles.get('marketing') },
        ],
        enabled: true,
        required: false,
        ...changes,
      },
    });
  };

  /** Starts at Foyer, signs in at the provider as `login`: the callback URL the provider sent the browser to. */
  const throughProvider = async (login: string) => {
    const foyer = new CookieJar();
    const start = await gateway.app.request(`${TEST_ORIGIN}/api/sso/start/demo?next=/customers`, {
      headers: { host: 'foyer.test' },
    });
    expect(start.status).toBe(302);
    foyer.take(start);
    const at = new CookieJar();
    let url = new URL(start.headers.get('location') ?? '');
    for (let hop = 0; hop < 10; hop += 1) {
      if (url.origin === TEST_ORIGIN) return { callback: url, foyer };
      const login_ = /\/interaction\/[\w-]+$/.test(url.pathname);
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: at.header(), ...(login_ ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(login_ ? { method: 'POST', body: new URLSearchParams({ login }).toString() } : {}),
      });
      at.take(response);
      const location = response.headers.get('location');
      if (!location) throw new Error(`provider answered ${response.status} at ${url.pathname}`);
      url = new URL(location, url);
    }
    throw new Error('too many redirects');
  };

  const callback = (url: URL, foyer: CookieJar) =>
    gateway.app.request(`${TEST_ORIGIN}${url.pathname}${url.search}`, {
      headers: { host: 'foyer.test', cookie: foyer.header(), 'x-test-address': '192.0.2.10' },
    });

  const signInAs = async (login: string) => {
    const { callback: url, foyer } = await throughProvider(login);
    const answer = await callback(url, foyer);
    foyer.take(answer);
    return { answer, session: foyer.get('foyer_session'), url, foyer };
  };

  const sessionOf = async (session: string | undefined) => {
    const browser = new TestBrowser(gateway.app);
    browser.cookie = `foyer_session=${session}`;
    return (await browser.request('/api/session')).json() as Promise<{
      role: { key: string };
      person: { email: string };
    }>;
  };

  // Found from outside: a mistyped issuer was saved and offered, and its sign-in button failed for everyone.
  it('refuses to offer a provider where none answers at the issuer URL, and saves it while not offered', async () => {
    const silent = 'http://127.0.0.1:9/tenant';
    const refused = await configure({ issuer: silent });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('No OpenID provider answers at this issuer URL');
    expect((await gateway.db.query('select 1 from gateway.sso_configs')).rowCount).toBe(0);
    const notOffered = await configure({ issuer: silent, enabled: false });
    expect(notOffered.status).toBe(200);
    const providers = await new TestBrowser(gateway.app).request('/api/sso/providers');
    expect(await providers.json()).toEqual({ providers: [] });
  });

  it('an administrator sets the provider up; the answer says a secret is set and never shows it', async () => {
    const saved = await configure();
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ displayName: 'Venue Login', secretSet: true, redirectUri: CALLBACK });
    const providers = await new TestBrowser(gateway.app).request('/api/sso/providers');
    expect(await providers.json()).toEqual({ providers: [{ clientName: 'demo', name: 'Venue Login' }] });
  });

  it('signs a new person in just in time, with the role their group maps to (marketing)', async () => {
    const { answer, session } = await signInAs('mira');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/customers');
    const view = await sessionOf(session);
    expect(view.person.email).toBe('mira@venue.test');
    expect(view.role.key).toBe('marketing');
    const { rows } = await gateway.db.query<{ action: string; details: { method?: string; change?: string } }>(
      `select action, details from gateway.audit_entries where person = 'mira@venue.test' order by id`,
    );
    expect(rows.map((row) => [row.action, row.details.change ?? row.details.method])).toEqual([
      ['sso-person', 'created'],
      ['sign-in', 'sso'],
    ]);
  });

  it('a changed group changes the role at the next sign-in', async () => {
    provider.people.set('mira', { email: 'mira@venue.test', name: 'Mira Mapped', groups: ['foyer-managers'] });
    const { session } = await signInAs('mira');
    expect((await sessionOf(session)).role.key).toBe('manager');
  });

  it('a person removed at the provider is refused; one left without a mapped group is refused and disabled', async () => {
    await signInAs('gone');
    provider.people.delete('gone');
    const removed = await signInAs('gone');
    expect(removed.answer.headers.get('location')).toBe('/sign-in?sso=provider-refused');
    expect(removed.session).toBeUndefined();

    provider.people.set('gone', { email: 'gone@venue.test', name: 'Gone Soon', groups: ['somewhere-else'] });
    const unmapped = await signInAs('gone');
    expect(unmapped.answer.headers.get('location')).toBe('/sign-in?sso=no-role');
    const { rows } = await gateway.db.query<{ disabled: boolean }>(
      `select disabled_at is not null as disabled from gateway.accounts where email = 'gone@venue.test'`,
    );
    expect(rows[0]?.disabled).toBe(true);
  });

  it('refuses a wrong state, a state of another browser, a wrong nonce and a replayed code', async () => {
    const first = await throughProvider('mira');
    const wrongState = new URL(first.callback);
    wrongState.searchParams.set('state', 'not-the-state');
    expect((await callback(wrongState, first.foyer)).headers.get('location')).toBe('/sign-in?sso=expired');
    // The right state, but no flow cookie (another browser): refused.
    expect((await callback(first.callback, new CookieJar())).headers.get('location')).toBe('/sign-in?sso=expired');

    const tampered = await throughProvider('mira');
    await gateway.db.query(`update gateway.sso_flows set nonce = 'another-nonce' where used_at is null`);
    const nonce = await callback(tampered.callback, tampered.foyer);
    expect(nonce.headers.get('location')).toBe('/sign-in?sso=provider-error');
    expect(
      nonce.headers.getSetCookie().some((line) => line.startsWith('foyer_session=') && !/max-age=0/i.test(line)),
    ).toBe(false);

    const used = await signInAs('mira');
    expect(used.answer.headers.get('location')).toBe('/customers');
    // The same answer again (its state is used), and its code under a fresh state: both refused.
    expect((await callback(used.url, used.foyer)).headers.get('location')).toBe('/sign-in?sso=expired');
    const fresh = await throughProvider('mira');
    const replayed = new URL(fresh.callback);
    replayed.searchParams.set('code', used.url.searchParams.get('code') ?? '');
    expect((await callback(replayed, fresh.foyer)).headers.get('location')).toBe('/sign-in?sso=provider-error');

    const { rows } = await gateway.db.query<{ reason: string }>(
      `select details->>'reason' as reason from gateway.audit_entries where action = 'sign-in-failed' and details->>'method' = 'sso'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(5);
  });

  it('requiring SSO ends the open password sessions but the break-glass administrators’ and SSO ones, and audits how many', async () => {
    await gateway.db.query(
      `insert into gateway.accounts (organisation_id, email, display_name, role_id, password_hash, accepted_at)
       select organisation_id, 'clerk@demo.test', 'Clerk', $1, password_hash, now() from gateway.accounts where email = 'admin@demo.test'`,
      [roles.get('box-office')],
    );
    const clerkBefore = new TestBrowser(gateway.app);
    expect((await clerkBefore.signIn('clerk@demo.test')).status).toBe(200);
    const adminBrowser = new TestBrowser(gateway.app);
    expect((await adminBrowser.signIn('admin@demo.test')).status).toBe(200);
    const { session: ssoSession } = await signInAs('mira');

    const required = await configure({ clientSecret: '', required: true });
    expect(required.status, await required.clone().text()).toBe(200);
    // The clerk's open password session is refused on its next request; the SSO one and the administrator's stay.
    expect((await clerkBefore.request('/api/session')).status).toBe(401);
    expect((await sessionOf(ssoSession)).person.email).toBe('mira@venue.test');
    expect((await adminBrowser.request('/api/session')).status).toBe(200);
    const { rows } = await gateway.db.query<{ ended: number }>(
      `select (details->>'sessionsEnded')::int as ended from gateway.audit_entries
        where action = 'sso-settings' order by id desc limit 1`,
    );
    expect(rows[0]?.ended).toBe(1);
  });

  it('when SSO is required, a password sign-in is refused but for the break-glass administrator', async () => {
    const browser = new TestBrowser(gateway.app);
    const admin = await browser.signIn('admin@demo.test');
    expect(admin.status).toBe(200);
    const clerk = await new TestBrowser(gateway.app).signIn('clerk@demo.test');
    expect(clerk.status).toBe(403);
    expect(((await clerk.json()) as { message: string }).message).toContain('Sign in with Venue Login');
    await configure({ clientSecret: '', required: false });
  });

  it('while SSO is required, an administrator moved to another role loses their password session with the change', async () => {
    await gateway.db.query(
      `insert into gateway.accounts (organisation_id, email, display_name, role_id, password_hash, accepted_at)
       select organisation_id, 'second-admin@demo.test', 'Second Admin', role_id, password_hash, now()
         from gateway.accounts where email = 'admin@demo.test'`,
    );
    expect((await configure({ clientSecret: '', required: true })).status).toBe(200);
    const secondAdmin = new TestBrowser(gateway.app);
    // Break-glass: a password sign-in while SSO is required.
    expect((await secondAdmin.signIn('second-admin@demo.test')).status).toBe(200);
    const { rows } = await gateway.db.query<{ id: string }>(
      `select id from gateway.accounts where email = 'second-admin@demo.test'`,
    );
    const staffManager = await admin();
    const demoted = await staffManager.request(`/api/staff/${rows[0]?.id}`, {
      method: 'PATCH',
      json: { roleId: roles.get('marketing') },
    });
    expect(demoted.status, await demoted.clone().text()).toBe(204);
    // No longer break-glass: the password session ends now, not at its idle timeout.
    expect((await secondAdmin.request('/api/session')).status).toBe(401);
    // The staff manager who made the change is an administrator still, and keeps theirs.
    expect((await staffManager.request('/api/session')).status).toBe(200);

    // Without the requirement a role change ends nothing.
    expect((await configure({ clientSecret: '', required: false })).status).toBe(200);
    const clerk = new TestBrowser(gateway.app);
    expect((await clerk.signIn('clerk@demo.test')).status).toBe(200);
    const { rows: clerkRows } = await gateway.db.query<{ id: string }>(
      `select id from gateway.accounts where email = 'clerk@demo.test'`,
    );
    const moved = await staffManager.request(`/api/staff/${clerkRows[0]?.id}`, {
      method: 'PATCH',
      json: { roleId: roles.get('marketing') },
    });
    expect(moved.status).toBe(204);
    expect((await clerk.request('/api/session')).status).toBe(200);
  });

  it('the client secret is in no answer, no log line and no plain-text column', async () => {
    const browser = await admin();
    await browser.request('/api/sso');
    await browser.request('/api/audit?action=sso-settings');
    expect(browser.transcript()).not.toContain(provider.clientSecret);
    expect(logged).not.toContain(provider.clientSecret);
    const { rows } = await gateway.db.query<{ hit: string }>(
      `select format('%s.%s', c.table_name, c.column_name) as hit
         from information_schema.columns c where c.table_schema = 'gateway' and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
    );
    for (const { hit } of rows) {
      const [table, column] = hit.split('.');
      const found = await gateway.db.query(
        `select 1 from gateway.${table} where ${column}::text like '%' || $1 || '%' limit 1`,
        [provider.clientSecret],
      );
      expect(found.rows, hit).toEqual([]);
    }
    const sealed = await gateway.db.query<{ sealed: Uint8Array }>(
      'select client_secret_sealed as sealed from gateway.sso_configs',
    );
    expect(Buffer.from(sealed.rows[0]?.sealed ?? []).toString('latin1')).not.toContain(provider.clientSecret);
  });
});
