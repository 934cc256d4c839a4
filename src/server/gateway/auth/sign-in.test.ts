import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestGateway,
  DEMO_PASSWORD,
  DEMO_PEOPLE,
  demoPerson,
  TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { embeddedService } from '../service-connection';
import { accountThrottleKey } from './sign-in-throttle';
import { totpCode } from './totp';

const KEY = 'stub-key-for-sign-in';
const STEP_MS = 30_000;

function stubService() {
  const stub = new Hono();
  stub.all('*', (c) => c.json([]));
  return embeddedService(stub);
}

describe('sign-in throttle (failures per address and per account, in the database)', () => {
  let gateway: TestGateway;
  let logged = '';
  const people = [
    { email: 'guessed@demo.test', name: 'Gus Guessed', role: 'box-office' },
    { email: 'office-1@demo.test', name: 'Olga Office', role: 'box-office' },
    { email: 'office-2@demo.test', name: 'Otto Office', role: 'box-office' },
    { email: 'left-open@demo.test', name: 'Lena Left-Open', role: 'box-office' },
  ];

  beforeAll(async () => {
    gateway = await createTestGateway({
      service: stubService(),
      organisations: [{ clientName: 'demo', apiKey: KEY, people }],
      throttle: { perAddress: 4, perAccount: 3, windowSeconds: 600 },
      log: pino({ level: 'info' }, { write: (line: string) => (logged += line) }),
    });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  const failures = async (key: string) => {
    const { rows } = await gateway.db.query<{ failures: number }>(
      'select failures from gateway.sign_in_failures where key = $1',
      [key],
    );
    return rows[0]?.failures ?? 0;
  };

  it('refuses an account after its failures from any addresses with 429 and Retry-After, even the right password', async () => {
    const browser = new TestBrowser(gateway.app);
    for (const address of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      const response = await browser.signIn('guessed@demo.test', 'wrong-password', { address });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unknown email address or wrong password' });
    }
    expect(await failures(accountThrottleKey('guessed@demo.test'))).toBe(3);
    const refused = await browser.signIn('GUESSED@demo.test', undefined, { address: '10.1.0.4' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await refused.json()).toEqual({ message: expect.stringContaining('Too many') });
    expect(refused.headers.getSetCookie()).toEqual([]);
    // Logged for the operator, by address; no email address or password in the log.
    expect(logged).toContain('sign-in throttled');
    expect(logged).toContain('10.1.0.4');
    expect(logged).not.toMatch(/guessed@demo\.test|wrong-password/i);
    // A refusal of the throttle is not a further failure.
    expect(await failures(accountThrottleKey('guessed@demo.test'))).toBe(3);
    // Others are not affected.
    expect((await browser.signIn('office-1@demo.test', undefined, { address: '10.1.0.4' })).status).toBe(200);
    // When the window has passed, the account can sign in again.
    await gateway.db.query(
      `update gateway.sign_in_failures set window_started_at = window_started_at - interval '11 minutes'
        where key = $1`,
      [accountThrottleKey('guessed@demo.test')],
    );
    expect((await browser.signIn('guessed@demo.test', undefined, { address: '10.1.0.5' })).status).toBe(200);
  });

  it('refuses an address after its failures, for any account, while other addresses go on', async () => {
    const browser = new TestBrowser(gateway.app);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await browser.signIn(`nobody-${attempt}@demo.test`, 'whatever', { address: '10.2.0.1' })).status).toBe(
        401,
      );
    }
    expect(await failures('address:10.2.0.1')).toBe(4);
    // The emails typed are kept only as hashes: one may have been a password.
    const { rows } = await gateway.db.query<{ dump: string }>('select f::text as dump from gateway.sign_in_failures f');
    expect(rows.map((row) => row.dump).join('\n')).not.toContain('nobody-1@demo.test');
    const refused = await browser.signIn('office-2@demo.test', undefined, { address: '10.2.0.1' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await browser.signIn('office-2@demo.test', undefined, { address: '10.2.0.2' })).status).toBe(200);
  });

  it('counts wrong current passwords of a signed-in session as failed sign-ins: a left-open session guesses no faster', async () => {
    const browser = new TestBrowser(gateway.app);
    expect((await browser.signIn('left-open@demo.test', undefined, { address: '10.4.0.1' })).status).toBe(200);
    const change = (currentPassword: string, address: string) =>
      browser.request('/api/account/password', {
        method: 'PUT',
        json: { currentPassword, newPassword: 'saffron lighthouse marmalade 4412' },
        address,
      });
    for (const address of ['10.4.0.1', '10.4.0.2', '10.4.0.3']) {
      expect((await change('guess', address)).status).toBe(422);
    }
    const refused = await change('guess', '10.4.0.4');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The account's sign-in is held back too: the guesses were its failures.
    expect(
      (await new TestBrowser(gateway.app).signIn('left-open@demo.test', undefined, { address: '10.4.0.5' })).status,
    ).toBe(429);
    await gateway.db.query(
      `update gateway.sign_in_failures set window_started_at = window_started_at - interval '11 minutes' where key = $1`,
      [accountThrottleKey('left-open@demo.test')],
    );
    // The right one goes through, and gives its attempt back.
    expect((await change(DEMO_PASSWORD, '10.4.0.6')).status).toBe(200);
    expect(await failures(accountThrottleKey('left-open@demo.test'))).toBe(0);
  });

  it('does not count successes: an office signing in often from one address is never refused', async () => {
    const browser = new TestBrowser(gateway.app);
    for (let attempt = 1; attempt <= 6; attempt++) {
      const who = attempt % 2 ? 'office-1@demo.test' : 'office-2@demo.test';
      expect((await browser.signIn(who, undefined, { address: '10.3.0.1' })).status).toBe(200);
    }
    expect(await failures('address:10.3.0.1')).toBe(0);
    expect(await failures(accountThrottleKey('office-1@demo.test'))).toBe(0);
  });
});

describe('two-step sign-in (TOTP)', () => {
  let gateway: TestGateway;
  let admin: TestBrowser;

  beforeAll(async () => {
    gateway = await createTestGateway({
      service: stubService(),
      organisations: [
        {
          clientName: 'demo',
          apiKey: KEY,
          people: [...DEMO_PEOPLE, { email: 'totp@demo.test', name: 'Tom Totp', role: 'box-office' }],
        },
      ],
    });
    admin = new TestBrowser(gateway.app);
    expect((await admin.signIn(demoPerson('administrator').email)).status).toBe(200);
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('enrols, then asks for a code after the password; a code works once', async () => {
    const person = new TestBrowser(gateway.app);
    expect((await person.signIn('totp@demo.test')).status).toBe(200);
    const setup = await person.request('/api/account/totp/setup', { method: 'POST' });
    expect(setup.status).toBe(200);
    const { secret, uri } = (await setup.json()) as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    // The secret is sealed in the database, like the API key.
    const { rows } = await gateway.db.query<{ dump: string }>(
      `select a::text as dump from gateway.accounts a where email = 'totp@demo.test'`,
    );
    expect(rows[0]?.dump).not.toContain(secret);

    const wrong = await person.request('/api/account/totp/confirm', { method: 'POST', json: { code: '000000' } });
    expect(wrong.status).toBe(422);
    // The code of the previous step (clock drift allowed): the next sign-in needs a later one.
    const enrolCode = totpCode(secret, Date.now() - STEP_MS);
    const confirmed = await person.request('/api/account/totp/confirm', { method: 'POST', json: { code: enrolCode } });
    expect(confirmed.status).toBe(200);
    expect((await (await person.request('/api/session')).json()) as object).toMatchObject({ totpEnabled: true });
    await person.request('/api/session', { method: 'DELETE' });

    const first = await person.signIn('totp@demo.test');
    expect(first.status).toBe(200);
    const { totpRequired, ticket } = (await first.json()) as { totpRequired: boolean; ticket: string };
    expect(totpRequired).toBe(true);
    expect(first.headers.getSetCookie()).toEqual([]);
    expect((await person.request('/api/session')).status).toBe(401);
    // The enrolment's code does not work again.
    const reused = await person.request('/api/session/totp', { method: 'POST', json: { ticket, code: enrolCode } });
    expect(reused.status).toBe(422);
    const code = totpCode(secret);
    const accepted = await person.request('/api/session/totp', { method: 'POST', json: { ticket, code } });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ person: { email: 'totp@demo.test' }, totpEnabled: true });
    expect((await person.request('/api/session')).status).toBe(200);
    // The ticket is used up.
    const again = await person.request('/api/session/totp', {
      method: 'POST',
      json: { ticket, code: totpCode(secret, Date.now() + STEP_MS) },
    });
    expect(again.status).toBe(401);

    // A second sign-in cannot use the same code.
    const other = new TestBrowser(gateway.app);
    const second = (await (await other.signIn('totp@demo.test')).json()) as { ticket: string };
    const replay = await other.request('/api/session/totp', { method: 'POST', json: { ticket: second.ticket, code } });
    expect(replay.status).toBe(422);
    expect(await replay.json()).toMatchObject({ errors: { code: [expect.any(String)] } });
    const next = await other.request('/api/session/totp', {
      method: 'POST',
      json: { ticket: second.ticket, code: totpCode(secret, Date.now() + STEP_MS) },
    });
    expect(next.status).toBe(200);
  });

  it('gives a person whose role requires TOTP no permissions until they enrol', async () => {
    const { rows } = await gateway.db.query<{ id: string }>(
      `select r.id from gateway.roles r where r.key = 'marketing'`,
    );
    const marketingRole = Number(rows[0]?.id);
    const setRequire = (requireTotp: boolean) =>
      admin.request(`/api/roles/${marketingRole}`, {
        method: 'PUT',
        json: { name: 'Marketing', permissions: [], requireTotp, idleMinutes: null, absoluteMinutes: null },
      });
    expect((await setRequire(true)).status).toBe(200);
    try {
      const person = new TestBrowser(gateway.app);
      const signedIn = await person.signIn(demoPerson('marketing').email);
      expect(signedIn.status).toBe(200);
      expect(await signedIn.json()).toMatchObject({ permissions: [], mustEnrolTotp: true, totpEnabled: false });
      const refused = await person.request('/api/v1/demo/partner/customer/1/clienttypes');
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toContain('two-step');
      // The person may still enrol (their own account routes need only a session).
      const { secret } = (await (await person.request('/api/account/totp/setup', { method: 'POST' })).json()) as {
        secret: string;
      };
      const confirmed = await person.request('/api/account/totp/confirm', {
        method: 'POST',
        json: { code: totpCode(secret) },
      });
      expect(confirmed.status).toBe(200);
      expect(await (await person.request('/api/session')).json()).toMatchObject({
        mustEnrolTotp: false,
        permissions: expect.arrayContaining(['customers:read']),
      });
      expect((await person.request('/api/v1/demo/partner/customer/1/clienttypes')).status).toBe(200);
      // While the role requires it, it cannot be turned off.
      const off = await person.request('/api/account/totp', { method: 'DELETE', json: { password: 'x' } });
      expect(off.status).toBe(409);
    } finally {
      await setRequire(false);
    }
  });
});
