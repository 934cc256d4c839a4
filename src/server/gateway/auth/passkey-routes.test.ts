import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, TEST_ORIGIN, TestBrowser, type TestGateway } from '../../testing/test-gateway';
import { createTestService, type TestService } from '../../testing/test-service';
import { createGatewayApp } from '../gateway';
import { embeddedService } from '../service-connection';
import { issueToken } from './one-time-token-store';

const RP_ID = new URL(TEST_ORIGIN).hostname;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface RegistrationOptions {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: { id: string }[];
  authenticatorSelection?: { residentKey?: string; userVerification?: string };
}
interface AuthenticationOptions {
  challenge: string;
  rpId: string;
  allowCredentials?: unknown[];
  userVerification?: string;
}

/**
 * A passkey in software: an ES256 key pair that answers WebAuthn ceremonies the way a platform authenticator
 * does (attestation 'none', user present and verified), so the whole server side runs without a browser.
 */
class SoftwarePasskey {
  readonly id = randomBytes(16);
  readonly #keys: { publicKey: KeyObject; privateKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;
  userHandle = '';

  register(options: RegistrationOptions, origin = TEST_ORIGIN) {
    this.userHandle = options.user.id;
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const jwk = this.#keys.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const authData = Buffer.concat([
      sha256(options.rp.id),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      this.#counterBytes(),
      Buffer.alloc(16), // AAGUID
      idLength,
      this.id,
      isoCBOR.encode(coseKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  authenticate(options: AuthenticationOptions, { origin = TEST_ORIGIN, userVerified = true } = {}) {
    this.counter += 1;
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
    );
    const authData = Buffer.concat([
      sha256(options.rpId),
      Buffer.from([userVerified ? 0x05 : 0x01]),
      this.#counterBytes(),
    ]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.#keys.privateKey);
    return {
      id: b64(this.id),
      rawId: b64(this.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  #counterBytes() {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(this.counter);
    return bytes;
  }
}

describe('passkeys', () => {
  let service: TestService;
  let gateway: TestGateway;
  let app: Hono;

  const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

  beforeAll(async () => {
    service = await createTestService();
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    app = gateway.app;
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const signedIn = async (email: string) => {
    const browser = new TestBrowser(app);
    expect((await browser.signIn(email)).status).toBe(200);
    return browser;
  };

  /** Adds a software passkey to the signed-in person's account through the account page's routes. */
  const addPasskey = async (browser: TestBrowser, name = 'Test key') => {
    const passkey = new SoftwarePasskey();
    const started = await json<{ challengeId: string; options: RegistrationOptions }>(
      await browser.request('/api/account/passkeys/options', { method: 'POST', json: {} }),
    );
    const response = await browser.request('/api/account/passkeys', {
      method: 'POST',
      json: { challengeId: started.challengeId, name, response: passkey.register(started.options) },
    });
    expect(response.status).toBe(201);
    return { passkey, stored: await json<{ id: string; name: string }>(response) };
  };

  const passkeySignIn = async (browser: TestBrowser, passkey: SoftwarePasskey, address?: string) => {
    const started = await json<{ challengeId: string; options: AuthenticationOptions }>(
      await browser.request('/api/session/passkey/options', {
        method: 'POST',
        json: {},
        ...(address ? { address } : {}),
      }),
    );
    return browser.request('/api/session/passkey', {
      method: 'POST',
      json: { challengeId: started.challengeId, response: passkey.authenticate(started.options) },
      ...(address ? { address } : {}),
    });
  };

  it('declares every passkey route with its access', () => {
    const declared = createGatewayApp(gateway.deps).routes.declared.filter((route) => route.path.includes('passkey'));
    expect(declared.map(({ method, path, access }) => ({ method, path, access }))).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/account/passkeys/options', access: 'signed-in' },
        { method: 'POST', path: '/account/passkeys', access: 'signed-in' },
        { method: 'PATCH', path: '/account/passkeys/:id', access: 'signed-in' },
        { method: 'DELETE', path: '/account/passkeys/:id', access: 'signed-in' },
        { method: 'POST', path: '/session/passkey/options', access: 'public' },
        { method: 'POST', path: '/session/passkey', access: 'public' },
        { method: 'POST', path: '/links/:token/passkey/options', access: 'public' },
        { method: 'POST', path: '/links/:token/passkey', access: 'public' },
      ]),
    );
    expect(declared).toHaveLength(8);
  });

  it('answers 401 on the account routes without a session', async () => {
    const browser = new TestBrowser(app);
    for (const [method, path] of [
      ['POST', '/api/account/passkeys/options'],
      ['POST', '/api/account/passkeys'],
      ['PATCH', '/api/account/passkeys/x'],
      ['DELETE', '/api/account/passkeys/x'],
    ] as const) {
      const response = await browser.request(path, { method, json: {} });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('offers registration options for a discoverable passkey of this site and person, challenge kept in the database', async () => {
    const browser = await signedIn('marketing@demo.test');
    const response = await browser.request('/api/account/passkeys/options', { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    const { challengeId, options } = await json<{ challengeId: string; options: RegistrationOptions }>(response);
    expect(options.rp).toEqual({ id: RP_ID, name: 'Foyer' });
    expect(options.user).toMatchObject({ name: 'marketing@demo.test', displayName: 'Mira Marketing' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(challengeId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await gateway.db.query<{ challenge: string; purpose: string; minutes: number }>(
      `select challenge, purpose, (extract(epoch from expires_at - now()) / 60)::float8 as minutes
         from gateway.webauthn_challenges where id_hash = $1`,
      [sha256(challengeId)],
    );
    expect(rows).toEqual([{ challenge: options.challenge, purpose: 'register', minutes: expect.any(Number) }]);
    expect(Number(rows[0]?.minutes)).toBeGreaterThan(4.9);
    expect(Number(rows[0]?.minutes)).toBeLessThanOrEqual(5);
  });

  it('registers a passkey once per challenge, lists it, and excludes it from the next options', async () => {
    const browser = await signedIn('manager@demo.test');
    const passkey = new SoftwarePasskey();
    const started = await json<{ challengeId: string; options: RegistrationOptions }>(
      await browser.request('/api/account/passkeys/options', { method: 'POST', json: {} }),
    );
    const answer = passkey.register(started.options);
    const missingName = await browser.request('/api/account/passkeys', {
      method: 'POST',
      json: { challengeId: started.challengeId, name: '  ', response: answer },
    });
    expect(missingName.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(missingName)).errors.name).toEqual([
      'Give the passkey a name',
    ]);
    // The refused name did not use the challenge up.
    const added = await browser.request('/api/account/passkeys', {
      method: 'POST',
      json: { challengeId: started.challengeId, name: 'Laptop', response: answer },
    });
    expect(added.status).toBe(201);
    expect(await json(added)).toMatchObject({ id: b64(passkey.id), name: 'Laptop', lastUsedAt: null });
    const replay = await browser.request('/api/account/passkeys', {
      method: 'POST',
      json: { challengeId: started.challengeId, name: 'Laptop', response: answer },
    });
    expect(replay.status).toBe(409);

    const account = await json<{ passkeys: { id: string; name: string }[] }>(await browser.request('/api/account'));
    expect(account.passkeys).toEqual([expect.objectContaining({ id: b64(passkey.id), name: 'Laptop' })]);
    const next = await json<{ options: RegistrationOptions }>(
      await browser.request('/api/account/passkeys/options', { method: 'POST', json: {} }),
    );
    expect(next.options.excludeCredentials?.map((credential) => credential.id)).toEqual([b64(passkey.id)]);
  });

  it('refuses an answer made for another site or challenge', async () => {
    const browser = await signedIn('boxoffice@demo.test');
    const started = await json<{ challengeId: string; options: RegistrationOptions }>(
      await browser.request('/api/account/passkeys/options', { method: 'POST', json: {} }),
    );
    const response = await browser.request('/api/account/passkeys', {
      method: 'POST',
      json: {
        challengeId: started.challengeId,
        name: 'Phished',
        response: new SoftwarePasskey().register(started.options, 'https://evil.example'),
      },
    });
    expect(response.status).toBe(422);
    const { rows } = await gateway.db.query(
      "select 1 from gateway.passkeys p join gateway.accounts a on a.id = p.account_id where a.email = 'boxoffice@demo.test'",
    );
    expect(rows).toEqual([]);
  });

  it('offers usernameless sign-in options: no allowed credentials, user verification required', async () => {
    const browser = new TestBrowser(app);
    const response = await browser.request('/api/session/passkey/options', { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    const { challengeId, options } = await json<{ challengeId: string; options: AuthenticationOptions }>(response);
    expect(options.rpId).toBe(RP_ID);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const { rows } = await gateway.db.query(
      'select purpose, account_id from gateway.webauthn_challenges where id_hash = $1',
      [sha256(challengeId)],
    );
    expect(rows).toEqual([{ purpose: 'authenticate', account_id: null }]);
  });

  it('says that passkeys need a name, not an IP address, before the browser refuses one', async () => {
    const browser = new TestBrowser(app);
    const viaAddress = { origin: 'http://127.0.0.1:8080', headers: { 'x-forwarded-host': '127.0.0.1:8080' } };
    const response = await browser.request('/api/session/passkey/options', { method: 'POST', json: {}, ...viaAddress });
    expect(response.status).toBe(409);
    expect((await json<{ message: string }>(response)).message).toMatch(/http:\/\/localhost/);
  });

  it('signs in with a passkey alone, without the TOTP step, and records its use', async () => {
    const owner = await signedIn('admin@demo.test');
    const { passkey } = await addPasskey(owner, 'Admin key');
    // Even with two-step sign-in on, the passkey is both factors.
    await gateway.db.query("update gateway.accounts set totp_enabled_at = now() where email = 'admin@demo.test'");
    try {
      const browser = new TestBrowser(app);
      const response = await passkeySignIn(browser, passkey);
      expect(response.status).toBe(200);
      expect(await json(response)).toMatchObject({ person: { email: 'admin@demo.test' }, clientName: 'demo' });
      const account = await json<{
        sessions: { method: string; current: boolean }[];
        passkeys: { lastUsedAt: string | null }[];
      }>(await browser.request('/api/account'));
      expect(account.sessions.find((session) => session.current)?.method).toBe('passkey');
      expect(account.passkeys[0]?.lastUsedAt).not.toBeNull();
      const { rows } = await gateway.db.query<{ counter: string }>(
        'select counter from gateway.passkeys where id = $1',
        [b64(passkey.id)],
      );
      expect(Number(rows[0]?.counter)).toBe(1);
    } finally {
      await gateway.db.query("update gateway.accounts set totp_enabled_at = null where email = 'admin@demo.test'");
    }
  });

  it('uses a sign-in challenge once: a replayed answer is refused', async () => {
    const owner = await signedIn('admin@demo.test');
    const { passkey } = await addPasskey(owner);
    const browser = new TestBrowser(app);
    const started = await json<{ challengeId: string; options: AuthenticationOptions }>(
      await browser.request('/api/session/passkey/options', { method: 'POST', json: {} }),
    );
    const answer = passkey.authenticate(started.options);
    const first = await browser.request('/api/session/passkey', {
      method: 'POST',
      json: { challengeId: started.challengeId, response: answer },
    });
    expect(first.status).toBe(200);
    const again = await new TestBrowser(app).request('/api/session/passkey', {
      method: 'POST',
      json: { challengeId: started.challengeId, response: answer },
    });
    expect(again.status).toBe(401);
  });

  it('refuses an expired challenge', async () => {
    const owner = await signedIn('admin@demo.test');
    const { passkey } = await addPasskey(owner);
    const browser = new TestBrowser(app);
    const started = await json<{ challengeId: string; options: AuthenticationOptions }>(
      await browser.request('/api/session/passkey/options', { method: 'POST', json: {} }),
    );
    await gateway.db.query(
      "update gateway.webauthn_challenges set expires_at = now() - interval '1 second' where id_hash = $1",
      [sha256(started.challengeId)],
    );
    const response = await browser.request('/api/session/passkey', {
      method: 'POST',
      json: { challengeId: started.challengeId, response: passkey.authenticate(started.options) },
    });
    expect(response.status).toBe(401);
    expect(browser.cookie).toBeUndefined();
  });

  it('answers 401 for an unknown passkey and counts the failure for the address', async () => {
    const browser = new TestBrowser(app);
    const response = await passkeySignIn(browser, new SoftwarePasskey(), 'unknown-passkey-address');
    expect(response.status).toBe(401);
    expect((await json<{ message: string }>(response)).message).toMatch(/not known here/);
    expect(browser.cookie).toBeUndefined();
    const { rows } = await gateway.db.query<{ failures: number }>(
      "select failures from gateway.sign_in_failures where key = 'address:unknown-passkey-address'",
    );
    expect(rows).toEqual([{ failures: 1 }]);
  });

  it('refuses an answer without user verification, and a forged signature', async () => {
    const owner = await signedIn('admin@demo.test');
    const { passkey } = await addPasskey(owner);
    const browser = new TestBrowser(app);
    const started = await json<{ challengeId: string; options: AuthenticationOptions }>(
      await browser.request('/api/session/passkey/options', { method: 'POST', json: {} }),
    );
    const unverified = await browser.request('/api/session/passkey', {
      method: 'POST',
      json: {
        challengeId: started.challengeId,
        response: passkey.authenticate(started.options, { userVerified: false }),
      },
    });
    expect(unverified.status).toBe(401);

    const next = await json<{ challengeId: string; options: AuthenticationOptions }>(
      await browser.request('/api/session/passkey/options', { method: 'POST', json: {} }),
    );
    const forged = passkey.authenticate(next.options);
    forged.response.signature = b64(randomBytes(70));
    const response = await browser.request('/api/session/passkey', {
      method: 'POST',
      json: { challengeId: next.challengeId, response: forged },
    });
    expect(response.status).toBe(401);
    expect(browser.cookie).toBeUndefined();
  });

  it("meets a role's two-step requirement with a passkey; a password alone without TOTP does not", async () => {
    const email = 'boxoffice@demo.test';
    const requireTotp = (on: boolean) =>
      gateway.db.query(
        `update gateway.roles set require_totp = $1
          where key = 'box-office' and organisation_id = (select organisation_id from gateway.accounts where email = $2)`,
        [on, email],
      );
    await requireTotp(true);
    try {
      type SessionView = { permissions: string[]; mustEnrolTotp: boolean };
      // The password alone: nothing but setting up a second factor (a passkey is one way).
      const withPassword = await signedIn(email);
      expect(await json<SessionView>(await withPassword.request('/api/session'))).toMatchObject({
        permissions: [],
        mustEnrolTotp: true,
      });
      const refused = await withPassword.request('/api/v1/demo/partner/paymentmethods');
      expect(refused.status).toBe(403);
      expect((await json<{ message: string }>(refused)).message).toContain('sign in with a passkey');
      const { passkey } = await addPasskey(withPassword, 'Desk key');
      // That session stays single-factor; a sign-in with the passkey (user verified) is two steps in one.
      expect((await withPassword.request('/api/v1/demo/partner/paymentmethods')).status).toBe(403);
      const withPasskey = new TestBrowser(app);
      expect((await passkeySignIn(withPasskey, passkey)).status).toBe(200);
      const view = await json<SessionView>(await withPasskey.request('/api/session'));
      expect(view.mustEnrolTotp).toBe(false);
      expect(view.permissions).toContain('sales:sell');
      expect((await withPasskey.request('/api/v1/demo/partner/paymentmethods')).status).toBe(200);
    } finally {
      await requireTotp(false);
    }
  });

  it('refuses a disabled account', async () => {
    const email = 'marketing@demo.test';
    const owner = await signedIn(email);
    const { passkey } = await addPasskey(owner);
    await gateway.db.query('update gateway.accounts set disabled_at = now() where email = $1', [email]);
    try {
      const browser = new TestBrowser(app);
      const response = await passkeySignIn(browser, passkey);
      expect(response.status).toBe(403);
      expect(browser.cookie).toBeUndefined();
    } finally {
      await gateway.db.query('update gateway.accounts set disabled_at = null where email = $1', [email]);
    }
  });

  it("renames and removes only one's own passkeys", async () => {
    const owner = await signedIn('manager@demo.test');
    const { stored } = await addPasskey(owner, 'Phone');
    const other = await signedIn('boxoffice@demo.test');
    const path = `/api/account/passkeys/${encodeURIComponent(stored.id)}`;
    expect((await other.request(path, { method: 'PATCH', json: { name: 'Mine now' } })).status).toBe(404);
    expect((await other.request(path, { method: 'DELETE' })).status).toBe(404);
    const renamed = await owner.request(path, { method: 'PATCH', json: { name: 'Work phone' } });
    expect(renamed.status).toBe(200);
    expect(await json(renamed)).toMatchObject({ name: 'Work phone' });
    expect((await owner.request(path, { method: 'DELETE' })).status).toBe(204);
    expect((await owner.request(path, { method: 'DELETE' })).status).toBe(404);
  });

  it('sets up a passkey from an invitation link instead of a password, using the link up', async () => {
    const admin = await signedIn('admin@demo.test');
    const roles = await json<{ roles: { id: number; key: string }[] }>(await admin.request('/api/roles'));
    const invited = await admin.request('/api/staff/invitations', {
      method: 'POST',
      json: {
        email: 'nieuw@demo.test',
        name: 'Nina Nieuw',
        roleId: roles.roles.find((r) => r.key === 'box-office')?.id,
      },
    });
    expect(invited.status).toBe(201);
    const token = new URL((await json<{ link: string }>(invited)).link).pathname.split('/').pop() ?? '';

    const browser = new TestBrowser(app);
    const started = await browser.request(`/api/links/${token}/passkey/options`, { method: 'POST', json: {} });
    expect(started.status).toBe(200);
    const { challengeId, options } = await json<{ challengeId: string; options: RegistrationOptions }>(started);
    expect(options.user.name).toBe('nieuw@demo.test');
    const passkey = new SoftwarePasskey();
    const answer = passkey.register(options);
    const done = await browser.request(`/api/links/${token}/passkey`, {
      method: 'POST',
      json: { challengeId, name: 'Kassa-pc', response: answer },
    });
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ person: { email: 'nieuw@demo.test' } });
    const account = await json<{ passwordSet: boolean; passkeys: unknown[]; sessions: { method: string }[] }>(
      await browser.request('/api/account'),
    );
    expect(account).toMatchObject({ passwordSet: false, passkeys: [expect.objectContaining({ name: 'Kassa-pc' })] });
    expect(account.sessions[0]?.method).toBe('invitation');
    // The link is used up.
    expect((await browser.request(`/api/links/${token}`)).status).toBe(404);
    expect((await browser.request(`/api/links/${token}/passkey/options`, { method: 'POST', json: {} })).status).toBe(
      404,
    );

    // With no password, the only passkey stays.
    const only = await browser.request(`/api/account/passkeys/${encodeURIComponent(b64(passkey.id))}`, {
      method: 'DELETE',
    });
    expect(only.status).toBe(409);

    // And it signs the person in, from another browser.
    const elsewhere = new TestBrowser(app);
    expect((await passkeySignIn(elsewhere, passkey)).status).toBe(200);
  });

  it('keeps a link usable when its passkey fails verification', async () => {
    const { rows } = await gateway.db.query<{ id: string }>(
      "select id from gateway.accounts where email = 'boxoffice@demo.test'",
    );
    const { token } = await issueToken(gateway.db, 'reset', { accountId: Number(rows[0]?.id) });
    const browser = new TestBrowser(app);
    const { challengeId, options } = await json<{ challengeId: string; options: RegistrationOptions }>(
      await browser.request(`/api/links/${token}/passkey/options`, { method: 'POST', json: {} }),
    );
    const failed = await browser.request(`/api/links/${token}/passkey`, {
      method: 'POST',
      json: { challengeId, name: 'Key', response: new SoftwarePasskey().register(options, 'http://other.test') },
    });
    expect(failed.status).toBe(422);
    expect((await browser.request(`/api/links/${token}`)).status).toBe(200);
    expect(browser.cookie).toBeUndefined();
  });
});
