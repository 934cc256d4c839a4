import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { ensureDemoClients } from '../testing/client-fixtures';
import {
  createTestGateway,
  DEMO_PASSWORD,
  demoPerson,
  sessionCookieFor,
  TestBrowser,
  type TestGateway,
} from '../testing/test-gateway';
import { createTestService, DEMO, HARBOUR, type TestService } from '../testing/test-service';
import { setupLinkIfFresh } from './auth';
import { embeddedService } from './service-connection';

const KEYS = [DEMO.apiKey, HARBOUR.apiKey];
const ADMIN = demoPerson('administrator').email;

/** Every row of every table in schema `gateway`, as text (bytea as hex). */
async function dumpGatewayTables(db: Queryable): Promise<string> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'gateway' order by 1`,
  );
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['organisations', 'accounts', 'sessions']));
  let dump = '';
  for (const { name } of tables) {
    const { rows } = await db.query<{ row: string }>(`select t::text as row from gateway."${name}" t`);
    dump += `${name}\n${rows.map((row) => row.row).join('\n')}\n`;
  }
  return dump;
}

function expectNoKeyIn(text: string, where: string) {
  for (const key of KEYS) {
    expect({ where, containsKey: text.includes(key) }).toEqual({ where, containsKey: false });
    const hex = Buffer.from(key).toString('hex');
    expect({ where, containsHexKey: text.includes(hex) }).toEqual({ where, containsHexKey: false });
    const base64 = Buffer.from(key).toString('base64');
    expect({ where, containsBase64Key: text.includes(base64) }).toEqual({ where, containsBase64Key: false });
  }
}

/**
 * The organisation's API key is in no response, log line or URL, and not in plain text in the database: a
 * whole session of use (sign-in, forwarding, key replacement, setup) watched at every exit.
 */
describe("the organisation's API key stays in the gateway", () => {
  let service: TestService;
  let gateway: TestGateway;
  let fresh: TestGateway;
  let logged = '';
  const browsers: TestBrowser[] = [];
  const browser = (app = gateway.app) => {
    const created = new TestBrowser(app);
    browsers.push(created);
    return created;
  };

  beforeAll(async () => {
    const log = pino({ level: 'trace' }, { write: (line: string) => (logged += line) });
    service = await createTestService();
    await ensureDemoClients(service.db);
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app), log });
    // A fresh install without accounts, in its own store, set up through its link.
    fresh = await createTestGateway({ runtime: null, service: embeddedService(service.app), seedDemo: false, log });
  });
  afterAll(async () => {
    await fresh?.close();
    await gateway?.close();
    await service?.close();
  });

  it('is sealed in gateway.organisations, and nowhere in the gateway tables as text', async () => {
    const { rows } = await gateway.db.query<{ client_name: string; api_key_sealed: Uint8Array }>(
      'select client_name, api_key_sealed from gateway.organisations order by client_name',
    );
    expect(rows.map((row) => row.client_name)).toEqual(['demo', 'harbour']);
    for (const row of rows) {
      const sealed = Buffer.from(row.api_key_sealed);
      for (const key of KEYS) expect(sealed.includes(Buffer.from(key))).toBe(false);
      // It opens, under the master key, for its own client only.
      const key = row.client_name === 'demo' ? DEMO.apiKey : HARBOUR.apiKey;
      expect(gateway.deps.organisations.openKey(sealed, row.client_name)).toBe(key);
      expect(() =>
        gateway.deps.organisations.openKey(sealed, row.client_name === 'demo' ? 'harbour' : 'demo'),
      ).toThrow();
    }
    expectNoKeyIn(await dumpGatewayTables(gateway.db), 'gateway tables');
  });

  it('goes into no response, log line or URL during sign-in, forwarding, key replacement and setup', async () => {
    // Sign-in, right and wrong, with the key typed into either field.
    const admin = browser();
    expect((await admin.signIn(DEMO.apiKey, DEMO.apiKey)).status).toBe(401);
    expect((await admin.signIn(ADMIN, DEMO.apiKey)).status).toBe(401);
    expect((await admin.signIn(ADMIN)).status).toBe(200);
    // Forwarding: reads, a write, a refused call, another client's path, an unmapped one.
    expect((await admin.request('/api/v1/demo/partner/hall')).status).toBe(200);
    expect((await admin.request('/api/v1/demo/partner/event')).status).toBe(200);
    expect(
      (
        await admin.request('/api/v1/demo/partner/customer/findByEmail', {
          method: 'POST',
          json: { email: 'x@y.test' },
        })
      ).status,
    ).toBeLessThan(500);
    expect((await admin.request('/api/v1/harbour/partner/hall')).status).toBe(403);
    expect((await admin.request('/api/v1/demo/partner/nothing')).status).toBe(403);
    const boxOffice = browser();
    boxOffice.cookie = await sessionCookieFor(gateway, demoPerson('box-office').email);
    expect((await boxOffice.request('/api/v1/demo/partner/order')).status).toBe(403);
    expect((await boxOffice.request('/api/v1/demo/cart/', { method: 'POST' })).status).toBeLessThan(300);

    // The connection: shown without its key; replaced (a wrong key refused first); shown again.
    const shown = await admin.request('/api/connection');
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({
      id: expect.any(Number),
      clientName: 'demo',
      keyChangedAt: expect.any(String),
      keyChangedBy: null,
    });
    const wrong = await admin.request('/api/connection', { method: 'PUT', json: { apiKey: HARBOUR.apiKey } });
    expect(wrong.status).toBe(422);
    const replaced = await admin.request('/api/connection', { method: 'PUT', json: { apiKey: DEMO.apiKey } });
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toMatchObject({ clientName: 'demo', keyChangedBy: 'Ada Admin' });
    expect((await admin.request('/api/v1/demo/partner/hall')).status).toBe(200);
    expect((await admin.request('/api/account')).status).toBe(200);
    expect((await admin.request('/api/session')).status).toBe(200);

    // Setup of a fresh install: a wrong key, then the right one.
    const token = await setupLinkIfFresh({ db: fresh.db });
    const setup = browser(fresh.app);
    const input = {
      name: 'Hanna Haven',
      email: 'hanna@harbour.example',
      password: 'quartz pelican lantern 5521',
      clientName: 'harbour',
    };
    const refused = await setup.request(`/api/setup/${token}`, {
      method: 'POST',
      json: { ...input, apiKey: DEMO.apiKey },
    });
    expect(refused.status).toBe(422);
    const done = await setup.request(`/api/setup/${token}`, {
      method: 'POST',
      json: { ...input, apiKey: HARBOUR.apiKey },
    });
    expect(done.status).toBe(200);
    expect((await setup.request('/api/v1/harbour/partner/hall')).status).toBe(200);
    expect((await setup.request('/api/connection')).status).toBe(200);

    // Every response: status, headers (Set-Cookie, Location) and body.
    const transcript = browsers.map((b) => b.transcript()).join('\n');
    expect(transcript.length).toBeGreaterThan(1000);
    expectNoKeyIn(transcript, 'responses');
    // Nor in the URLs that went out (the browsers' request paths) or in the session cookies.
    expectNoKeyIn(
      browsers.map((b) => `${b.responses.map((r) => r.path).join(' ')} ${b.cookie ?? ''}`).join(' '),
      'urls and cookies',
    );
    expect(transcript).not.toContain(DEMO_PASSWORD);

    // Every log line of those requests.
    expect(logged).toContain('signed in');
    expect(logged).toContain('sign-in refused');
    expect(logged).toContain('organisation API key replaced');
    expect(logged).toContain('organisation connected by setup');
    expectNoKeyIn(logged, 'log lines');
    expect(logged).not.toContain(DEMO_PASSWORD);

    // And the databases after all of it.
    expectNoKeyIn(await dumpGatewayTables(gateway.db), 'gateway tables after use');
    expectNoKeyIn(await dumpGatewayTables(fresh.db), 'fresh gateway tables after setup');
  });

  it('keeps the sealed key out of the principal when it is serialised', async () => {
    const cookie = await sessionCookieFor(gateway, ADMIN);
    const principal = await gateway.deps.sessions.resolve(cookie.split('=')[1]);
    expect(principal).not.toBeNull();
    expect(Object.keys(principal ?? {})).not.toContain('sealedApiKey');
    expect(JSON.stringify(principal)).not.toContain('sealedApiKey');
    expect(principal?.sealedApiKey).toBeInstanceOf(Uint8Array);
  });
});
