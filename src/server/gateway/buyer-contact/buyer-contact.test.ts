import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExportFile, Schedule } from '@/contract/exports';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { organisationIdOf } from '../../testing/mirror';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { ROLE_PRESETS } from '../permissions';
import { embeddedService } from '../service-connection';

/**
 * Buyers' contact details as a generated matrix (issue 33 item 5, the accounting preset): every preset role ×
 * every answer of the gateway that lists orders or their buyers (the order analysis and its CSV, the exports
 * in each shape, a production's dashboard, the forwarded order list and exports, the scheduled files) → the buyers' emails, phones and
 * addresses are in the answer if and only if the role has customers:contact; a role that may not call the
 * endpoint at all is refused (403).
 */

/** A call of the matrix: its path and how it is made. */
interface Endpoint {
  name: string;
  path: string;
  init?: { method: string; json?: unknown };
}

const run = (kind: string, rows: string, format: string): Endpoint => ({
  name: `export ${kind} ${rows} ${format}`,
  path: '/api/exports/runs',
  init: { method: 'POST', json: { kind, rows, format } },
});

/** Keys of the service's Customer that are contact details (never of a buyer by name only). */
const CONTACT_KEYS = /"(customerPhone|customerAddress|customerZip|customerCity|email|customerEmail)"|customerEmail/;

describeEachDatabase('buyers’ contact details in reports and exports, per role', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let exportDir: string;
  let emails: string[];
  const browsers = new Map<string, TestBrowser>();

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    exportDir = await mkdtemp(join(tmpdir(), 'foyer-contact-test-'));
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app), exportDir });
    const organisationId = await organisationIdOf(gateway.db, DEMO.client);
    await gateway.deps.mirror.syncNow(organisationId);
    const { rows } = await gateway.db.query<{ email: string }>(
      `select distinct c.email from gateway.mirror_customers c
         join gateway.mirror_orders o using (organisation_id, customer_id)
        where c.organisation_id = $1 and c.email like '%@%'`,
      [organisationId],
    );
    emails = rows.map((row) => row.email.toLowerCase());
    for (const preset of ROLE_PRESETS) {
      browsers.set(preset.key, await signedInBrowser(gateway, demoPerson(preset.key).email));
    }
  });
  afterAll(async () => {
    await gateway?.deps.mirror.stop();
    await gateway?.close();
    await service?.close();
    await rm(exportDir, { recursive: true, force: true });
  });

  /** Whether an answer's text names a buyer's contact details (an email of a buyer, or a contact field). */
  const holdsContact = (text: string) => {
    const lower = text.toLowerCase();
    return emails.some((email) => lower.includes(email)) || CONTACT_KEYS.test(text);
  };

  /** A production whose dashboard lists orders of buyers with an email (as the administrator sees it). */
  const productionWithBuyers = async () => {
    const admin = browsers.get('administrator') as TestBrowser;
    const { productions } = (await (await admin.request('/api/promoter/productions')).json()) as {
      productions: { productionId: number }[];
    };
    for (const { productionId } of productions) {
      const dashboard = (await (await admin.request(`/api/promoter/productions/${productionId}`)).json()) as {
        lastOrders: { buyerEmail: string | null }[];
      };
      if (dashboard.lastOrders.some((order) => order.buyerEmail)) return productionId;
    }
    throw new Error('no production with buyers');
  };

  it('every preset × every order answer: contact details if and only if the role has customers:contact', async () => {
    expect(emails.length).toBeGreaterThan(0);
    const { rows } = await gateway.db.query<{ first: string; last: string }>(
      `select min(order_day)::text as first, max(order_day)::text as last from gateway.mirror_orders`,
    );
    const period = `from=${rows[0]?.first}&to=${rows[0]?.last}`;
    const production = await productionWithBuyers();
    const endpoints: Endpoint[] = [
      { name: 'order analysis', path: `/api/reports/orders?${period}` },
      { name: 'order analysis CSV', path: `/api/reports/orders/export.csv?${period}` },
      run('orders', 'order', 'csv'),
      run('orders', 'seat', 'csv'),
      run('orders', 'order', 'jsonl'),
      run('orders', 'seat', 'jsonl'),
      run('waitinglist', 'order', 'csv'),
      run('waitinglist', 'order', 'jsonl'),
      { name: 'production dashboard', path: `/api/promoter/productions/${production}` },
      { name: 'forwarded order list', path: `/api/v1/${DEMO.client}/partner/order` },
      {
        name: 'forwarded orders export',
        path: `/api/v1/${DEMO.client}/partner/export/orders`,
        init: { method: 'POST' },
      },
      {
        name: 'forwarded waiting list export',
        path: `/api/v1/${DEMO.client}/partner/export/waitinglist`,
        init: { method: 'POST' },
      },
    ];
    const reached = new Map<string, number>();
    for (const preset of ROLE_PRESETS) {
      const browser = browsers.get(preset.key) as TestBrowser;
      const contact = preset.permissions.includes('customers:contact');
      for (const endpoint of endpoints) {
        const response = await browser.request(endpoint.path, endpoint.init);
        const text = await response.text();
        const label = `${preset.key} × ${endpoint.name}`;
        expect([200, 403], label).toContain(response.status);
        if (response.status === 403) continue;
        reached.set(preset.key, (reached.get(preset.key) ?? 0) + 1);
        expect(holdsContact(text), label).toBe(contact);
      }
    }
    // A role with contact details and one without reach every endpoint: the matrix compares like with like.
    expect(reached.get('manager')).toBe(endpoints.length);
    expect(reached.get('accounting')).toBe(endpoints.length);
  });

  it("the analysis's search finds a buyer by email only for a role that sees emails (a hit would tell whose it is)", async () => {
    const { rows } = await gateway.db.query<{ first: string; last: string; email: string; name: string }>(
      `select min(o.order_day)::text as first, max(o.order_day)::text as last, min(lower(c.email)) as email,
              min(c.body ->> 'customerLastName') filter (where lower(c.email) = (select min(lower(email))
                 from gateway.mirror_customers x join gateway.mirror_orders y using (organisation_id, customer_id)
                where x.email like '%@%')) as name
         from gateway.mirror_orders o join gateway.mirror_customers c using (organisation_id, customer_id)
        where c.email like '%@%'`,
    );
    const { first, last, email, name } = rows[0] as { first: string; last: string; email: string; name: string };
    const found = async (preset: string, q: string) => {
      const browser = browsers.get(preset) as TestBrowser;
      const answer = await browser.request(`/api/reports/orders?from=${first}&to=${last}&q=${encodeURIComponent(q)}`);
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { rows: unknown[] }).rows.length;
    };
    expect(await found('manager', email)).toBeGreaterThan(0);
    expect(await found('accounting', email)).toBe(0);
    // By name, both find the buyer's orders.
    expect(await found('accounting', name)).toBeGreaterThan(0);
  });

  it('a scheduled file holds contact details only when its schedule was saved by someone who sees them', async () => {
    const scheduler = gateway.deps.exportScheduler;
    if (!scheduler) throw new Error('no scheduler');
    const schedule = async (browser: TestBrowser) => {
      const created = await browser.request('/api/exports/schedules', {
        method: 'POST',
        json: { kind: 'orders', rows: 'order', format: 'csv', timeOfDay: '06:30', timeZone: 'Europe/Amsterdam' },
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as Schedule;
      expect((await browser.request(`/api/exports/schedules/${id}/run`, { method: 'POST' })).status).toBe(202);
      await scheduler.tick();
      return id;
    };
    const [manager, accounting] = [browsers.get('manager'), browsers.get('accounting')] as [TestBrowser, TestBrowser];
    const withContact = await schedule(manager);
    const without = await schedule(accounting);
    const listed = async (browser: TestBrowser) =>
      ((await (await browser.request('/api/exports/files')).json()) as { files: ExportFile[] }).files;
    const fileOf = (files: ExportFile[], scheduleId: number) => files.find((file) => file.scheduleId === scheduleId);

    const managerFiles = await listed(manager);
    const download = async (browser: TestBrowser, file: ExportFile | undefined) => {
      const response = await browser.request(`/api/exports/files/${file?.id}`);
      return { status: response.status, text: await response.text() };
    };
    const full = await download(manager, fileOf(managerFiles, withContact));
    expect(full.status).toBe(200);
    expect(holdsContact(full.text)).toBe(true);
    const cut = await download(manager, fileOf(managerFiles, without));
    expect(cut.status).toBe(200);
    expect(holdsContact(cut.text)).toBe(false);

    // Accounting sees only the file without contact details, and may not download the other.
    const accountingFiles = await listed(accounting);
    expect(fileOf(accountingFiles, withContact)).toBeUndefined();
    expect((await download(accounting, fileOf(accountingFiles, without))).status).toBe(200);
    const refused = await download(accounting, fileOf(managerFiles, withContact));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('customers:contact');
  });
});
