import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Queryable } from '../../db/database';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { fullPriceType } from '../../testing/selling';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';
import { embeddedService } from '../service-connection';
import { type AuditEntry, recordAudit, recordAuditGrouped } from './audit-trail';
import { verifyAuditChain } from './audit-verify';

const ADMIN = demoPerson('administrator');
const BOX_OFFICE = demoPerson('box-office');
const MANAGER = demoPerson('manager');

interface AuditPage {
  data: AuditEntry[];
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
  roleNames?: Record<string, string>;
}

describeEachDatabase('the audit trail', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let fx: DemoFixtures;
  let admin: TestBrowser;
  let organisationId: number;
  /** The order the print test prints (the CSV test reads its entries). */
  let printedOrderId = 0;

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    fx = await loadDemoFixtures(service.db);
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    admin = await signedInBrowser(gateway, ADMIN.email);
    const { rows } = await gateway.db.query<{ id: string }>(
      `select id from gateway.organisations where client_name = 'demo'`,
    );
    organisationId = Number(rows[0]?.id);
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const trail = async (query: string): Promise<AuditPage> => {
    const response = await admin.request(`/api/audit?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as AuditPage;
  };

  it('records a sale: the cart, its items and the checkout with who, role, path, ids and status', async () => {
    const seller = await signedInBrowser(gateway, BOX_OFFICE.email);
    const created = await seller.request('/api/v1/demo/cart/', { method: 'POST' });
    expect(created.status).toBe(201);
    const { cart_id: cartId } = (await created.json()) as { cart_id: string };
    const item = {
      priceId: await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId),
      rankId: fx.reserved.rankId,
      eventId: fx.reserved.eventId,
    };
    expect((await seller.request(`/api/v1/demo/partner/cart/${cartId}`, { method: 'POST', json: [item] })).status).toBe(
      200,
    );
    const customerId = fx.customers.withTags.customerId;
    const checkout = await seller.request(`/api/v1/demo/partner/cart/${cartId}/checkout`, {
      method: 'POST',
      json: { customerId, paymentMethodId: fx.paymentMethods.cash },
    });
    expect(checkout.status).toBe(200);
    const { orderId } = (await checkout.json()) as { orderId: number };
    // A read is not recorded.
    expect((await seller.request(`/api/v1/demo/partner/cart/${cartId}`)).status).toBe(200);

    const entries = (await trail(`person=${encodeURIComponent(BOX_OFFICE.email)}&action=forward`)).data.filter(
      (entry) => entry.cartId === cartId,
    );
    expect(entries.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
      `POST /partner/cart/${cartId}/checkout 200`,
      `POST /partner/cart/${cartId} 200`,
      'POST /cart/ 201',
    ]);
    expect(entries[0]).toMatchObject({
      organisationId,
      person: BOX_OFFICE.email,
      role: 'box-office',
      action: 'forward',
      orderId,
      customerId,
      cartId,
    });
    expect(Date.now() - Date.parse(entries[0]?.at ?? '')).toBeLessThan(60_000);
    expect((await trail(`order=${orderId}`)).data.map((entry) => entry.path)).toEqual([
      `/partner/cart/${cartId}/checkout`,
    ]);

    // Sold by: the seller of an order sold through Foyer; nothing for one that was not.
    const sales = await (await admin.request(`/api/sales?orderIds=${orderId},${fx.paidOrder.orderId}`)).json();
    expect(sales).toEqual({
      sales: [
        {
          orderId,
          seller: { accountId: expect.any(Number), name: BOX_OFFICE.name, email: BOX_OFFICE.email },
          at: entries[0]?.at,
          shift: null,
        },
      ],
    });
    expect((await admin.request('/api/sales?orderIds=1,x')).status).toBe(422);
  });

  it('records a customer edit with the changed fields, old → new', async () => {
    const customerId = fx.customers.nullPrefs.customerId;
    const before = (await (await admin.request(`/api/v1/demo/partner/customer/${customerId}`)).json()) as Record<
      string,
      unknown
    >;
    const edited = await admin.request(`/api/v1/demo/partner/customer/${customerId}`, {
      method: 'PUT',
      json: { customerFirstName: 'Auditia', customerLastName: before.customerLastName },
    });
    expect(edited.status).toBe(200);
    const [entry] = (await trail(`customer=${customerId}&action=customer-edit`)).data;
    expect(entry).toMatchObject({
      person: ADMIN.email,
      role: 'administrator',
      method: 'PUT',
      path: `/partner/customer/${customerId}`,
      status: 200,
      customerId,
      details: { changes: { customerFirstName: { old: before.customerFirstName, new: 'Auditia' } } },
    });
  });

  it('records a tag change with the tags before and after', async () => {
    const customerId = fx.customers.withTags.customerId;
    const before = (await (
      await admin.request(`/api/v1/demo/partner/customer/${customerId}/clienttypes`)
    ).json()) as string[];
    const after = before.slice(1);
    const changed = await admin.request(`/api/v1/demo/partner/customer/${customerId}/clienttypes`, {
      method: 'POST',
      json: { clienttypes: after },
    });
    expect(changed.status).toBe(200);
    const [entry] = (await trail(`customer=${customerId}&action=tags`)).data;
    expect(entry).toMatchObject({ customerId, status: 200, details: { before, after } });
  });

  it('records each export page an app list reads as a list read, not an export: kind, page, rows, incremental or full', async () => {
    const manager = await signedInBrowser(gateway, MANAGER.email);
    const full = await manager.request('/api/v1/demo/partner/export/orders?page=2', { method: 'POST' });
    expect(full.status).toBe(200);
    const page = (await full.json()) as { data: unknown[]; total: number };
    const since = await manager.request('/api/v1/demo/partner/export/orders?changedSince=2020-01-01', {
      method: 'POST',
    });
    expect(since.status).toBe(200);
    // Foyer makes exports itself (/api/exports): a list's pages read through it are not counted among them.
    expect((await trail('action=export')).data).toEqual([]);
    const [incremental, first] = (await trail('action=list-read')).data;
    expect(first).toMatchObject({
      person: MANAGER.email,
      role: 'manager',
      path: '/partner/export/orders',
      status: 200,
      details: { kind: 'orders', page: 2, rows: page.data.length, total: page.total, incremental: false },
    });
    expect(incremental).toMatchObject({
      details: { kind: 'orders', page: 1, incremental: true, changedSince: '2020-01-01' },
    });
  });

  it('records sign-ins, failures (never the password) and sign-outs', async () => {
    const browser = new TestBrowser(gateway.app);
    expect((await browser.signIn(MANAGER.email, 'not-the-password-123')).status).toBe(401);
    expect((await browser.signIn('nobody@nowhere.test', 'secret-guess-456')).status).toBe(401);
    expect((await browser.signIn(MANAGER.email)).status).toBe(200);
    expect((await browser.request('/api/session', { method: 'DELETE' })).status).toBe(204);
    const entries = (await trail(`person=${encodeURIComponent(MANAGER.email)}`)).data.filter((entry) =>
      ['sign-in', 'sign-in-failed', 'sign-out'].includes(entry.action),
    );
    expect(entries.map((entry) => [entry.action, entry.status, entry.details])).toEqual([
      ['sign-out', 204, {}],
      ['sign-in', 200, { method: 'password' }],
      ['sign-in-failed', 401, { method: 'password', reason: 'wrong password' }],
    ]);
    expect(entries[2]).toMatchObject({ organisationId, role: 'manager', path: '/api/session' });
    const { rows } = await gateway.db.query<{ organisation_id: string | null; details: object }>(
      `select organisation_id, details from gateway.audit_entries where person = 'nobody@nowhere.test'`,
    );
    expect(rows).toEqual([{ organisation_id: null, details: { method: 'password', reason: 'unknown email' } }]);
    const all = await gateway.db.query<{ t: string }>('select row_to_json(e)::text as t from gateway.audit_entries e');
    expect(all.rows.map((row) => row.t).join('\n')).not.toMatch(/not-the-password|secret-guess|demo-partner-key/);
  });

  it('records staff and role changes in the same transaction as the change', async () => {
    const invited = await admin.request('/api/staff/invitations', {
      method: 'POST',
      json: { email: 'audited@demo.test', name: 'Audi Ted', roleId: await roleId('marketing') },
    });
    expect(invited.status).toBe(201);
    const { id } = (await invited.json()) as { id: number };
    expect(
      (await admin.request(`/api/staff/${id}`, { method: 'PATCH', json: { roleId: await roleId('manager') } })).status,
    ).toBe(204);
    const created = await admin.request('/api/roles', {
      method: 'POST',
      json: { name: 'Audit role', permissions: [] },
    });
    expect(created.status).toBe(201);
    const staff = (await trail('action=staff')).data;
    expect(staff.map((entry) => entry.details)).toEqual([
      {
        change: 'changed',
        accountId: id,
        email: 'audited@demo.test',
        changes: { role: { old: 'marketing', new: 'manager' } },
      },
      { change: 'invited', accountId: id, email: 'audited@demo.test', name: 'Audi Ted', role: 'marketing' },
    ]);
    expect((await trail('action=role')).data[0]).toMatchObject({
      person: ADMIN.email,
      details: { change: 'created', key: 'custom-audit-role', name: 'Audit role', permissions: [] },
    });
    // A person of the custom role is named with the role's name, not its key (a walkthrough's trail read
    // "custom-promotor-oudejaarsconference" under a promoter).
    const { id: customRoleId } = (await created.json()) as { id: number };
    await gateway.db.query(
      `insert into gateway.accounts (organisation_id, email, display_name, role_id)
       values ($1, 'custom-role@demo.test', 'Custom Role', $2)`,
      [organisationId, customRoleId],
    );
    const person = await signedInBrowser(gateway, 'custom-role@demo.test');
    expect((await person.request('/api/session', { method: 'DELETE' })).status).toBe(204);
    const page = await trail(`person=${encodeURIComponent('custom-role@demo.test')}`);
    expect(page.data[0]).toMatchObject({ action: 'sign-out', role: 'custom-audit-role' });
    expect(page.roleNames).toEqual({ 'custom-audit-role': 'Audit role' });
  });

  it('counts prints and reprints of an order per kind', async () => {
    const seller = await signedInBrowser(gateway, BOX_OFFICE.email);
    // An order of the demo client that was not sold through Foyer, until the trail below says it was (not the
    // paid order, which another test reads as not sold in Foyer).
    const { rows } = await service.db.query<{ id: number }>(
      'select id from orders where client_id = $1 and id <> $2 order by id limit 1',
      [fx.demo.clientId, fx.paidOrder.orderId],
    );
    const orderId = Number(rows[0]?.id);
    printedOrderId = orderId;
    const print = async (kind: string, layout = 'a4') => {
      const response = await seller.request(`/api/orders/${orderId}/prints`, {
        method: 'POST',
        json: { kind, layout },
      });
      return { status: response.status, body: await response.json() };
    };
    // A seller prints the desk's own sales (a checkout through Foyer in the trail), not any order.
    expect((await print('tickets', 'a4')).status).toBe(403);
    await recordAudit(gateway.db, {
      organisationId,
      action: 'forward',
      method: 'POST',
      path: '/partner/cart/c-424242/checkout',
      status: 200,
      orderId,
    });
    expect(await print('tickets')).toEqual({ status: 201, body: { printNumber: 1, reprint: false } });
    expect(await print('tickets', '80mm')).toEqual({ status: 201, body: { printNumber: 2, reprint: true } });
    expect(await print('receipt', '80mm')).toEqual({ status: 201, body: { printNumber: 1, reprint: false } });
    expect((await print('poster')).status).toBe(422);
    const marketing = await signedInBrowser(gateway, demoPerson('marketing').email);
    expect(
      (
        await marketing.request(`/api/orders/${orderId}/prints`, {
          method: 'POST',
          json: { kind: 'tickets', layout: 'a4' },
        })
      ).status,
    ).toBe(403);
    const [last] = (await trail(`order=${orderId}&action=print`)).data;
    expect(last).toMatchObject({
      person: BOX_OFFICE.email,
      orderId,
      details: { kind: 'receipt', layout: '80mm', printNumber: 1, reprint: false },
    });
  });

  it('filters by period and exports CSV with the same filter', async () => {
    const future = await trail('from=2999-01-01');
    expect(future.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const all = await trail(`from=${today}&to=${today}`);
    expect(all.total).toBeGreaterThan(5);
    expect((await admin.request('/api/audit?order=x')).status).toBe(422);
    const csv = await admin.request('/api/audit/export.csv?action=print');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split(/\r\n/);
    expect(lines[0]).toBe('id,at,person,role,action,method,path,status,orderId,customerId,cartId,details');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`/api/orders/${printedOrderId}/prints`);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the table', async () => {
    for (const statement of [
      `update gateway.audit_entries set person = 'someone@else.test'`,
      'delete from gateway.audit_entries',
      'truncate gateway.audit_entries',
    ]) {
      await expect(gateway.db.query(statement)).rejects.toThrow(/append-only/);
    }
  });

  it('finds exactly the entry changed behind its back, and where one was removed', async () => {
    expect(await (await admin.request('/api/audit/verify')).json()).toMatchObject({ ok: true, brokenAt: null });
    const { rows } = await gateway.db.query<{ id: string }>(
      `select id from gateway.audit_entries where organisation_id = $1 order by id limit 3 offset 2`,
      [organisationId],
    );
    const [changed, removed, removedNext] = rows.map((row) => Number(row.id));
    const original = await gateway.db.query<{ person: string | null }>(
      'select person from gateway.audit_entries where id = $1',
      [changed],
    );
    await tamper(`update gateway.audit_entries set person = 'someone@else.test' where id = ${changed}`);
    const statuses = await verifyAuditChain(gateway.db);
    expect(statuses.find((status) => status.organisationId === organisationId)).toMatchObject({
      ok: false,
      brokenAt: { id: changed, reason: expect.stringContaining('changed') },
    });
    expect(statuses.filter((status) => status.organisationId !== organisationId).every((s) => s.ok)).toBe(true);
    expect(await (await admin.request('/api/audit/verify')).json()).toMatchObject({
      ok: false,
      brokenAt: { id: changed },
    });
    // Put back, the chain holds again; then remove one: the break is at the entry after it.
    await gateway.db.transaction(async (tx) => {
      await tx.query('alter table gateway.audit_entries disable trigger audit_entries_no_change');
      await tx.query('update gateway.audit_entries set person = $2 where id = $1', [changed, original.rows[0]?.person]);
      await tx.query('alter table gateway.audit_entries enable trigger audit_entries_no_change');
    });
    expect((await verifyAuditChain(gateway.db, organisationId))[0]).toMatchObject({ ok: true });
    await tamper(`delete from gateway.audit_entries where id = ${removed}`);
    const [after] = await verifyAuditChain(gateway.db, organisationId);
    expect(after).toMatchObject({
      ok: false,
      brokenAt: { id: removedNext, reason: expect.stringContaining('removed') },
    });
  });

  /** A change by someone with the table's owner rights who switches the trigger off first. */
  async function tamper(statement: string) {
    await gateway.db.transaction(async (tx) => {
      await tx.query('alter table gateway.audit_entries disable trigger audit_entries_no_change');
      await tx.query(statement);
      await tx.query('alter table gateway.audit_entries enable trigger audit_entries_no_change');
    });
  }

  async function roleId(key: string): Promise<number> {
    const { rows } = await gateway.db.query<{ id: string }>(
      'select id from gateway.roles where organisation_id = $1 and key = $2',
      [organisationId, key],
    );
    return Number(rows[0]?.id);
  }

  it.runIf(database === 'postgres')('keeps one unbroken chain when 20 appends race', async () => {
    const fresh = await gateway.db.query<{ id: string }>(
      `insert into gateway.organisations (client_name, api_key_sealed) values ('race', '\\x00') returning id`,
    );
    const raceOrganisation = Number(fresh.rows[0]?.id);
    await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        gateway.db.transaction((tx) =>
          recordAudit(tx, { organisationId: raceOrganisation, action: 'forward', path: `/race/${n}`, status: 200 }),
        ),
      ),
    );
    const [status] = await verifyAuditChain(gateway.db, raceOrganisation);
    expect(status).toMatchObject({ ok: true, entries: 20 });
    const { rows } = await gateway.db.query<{ n: number }>(
      `select count(distinct prev_hash)::int as n from gateway.audit_entries where organisation_id = $1`,
      [raceOrganisation],
    );
    expect(rows[0]?.n).toBe(19);
  });
  it('appends the entries of calls that come together in one statement: one chain, in their order; a refused one fails alone', async () => {
    const fresh = await gateway.db.query<{ id: string }>(
      `insert into gateway.organisations (client_name, api_key_sealed) values ('together-${database}', '\\x00') returning id`,
    );
    const organisationId = Number(fresh.rows[0]?.id);
    const appends: string[] = [];
    const counting: Queryable = {
      query: <Row>(sql: string, params?: readonly unknown[]) => {
        if (sql.includes('gateway.audit_append')) appends.push(sql);
        return gateway.db.query<Row>(sql, params);
      },
      exec: (sql: string) => gateway.db.exec(sql),
    };
    const entry = (n: number, status = 200) => ({
      organisationId,
      action: 'forward' as const,
      path: `/together/${n}`,
      status,
    });
    const entries = await Promise.all(Array.from({ length: 20 }, (_, n) => recordAuditGrouped(counting, entry(n))));
    // The first goes at once; the nineteen that came while it was on its way go together after it.
    expect(appends).toHaveLength(2);
    expect(entries.map((e) => e.path)).toEqual(Array.from({ length: 20 }, (_, n) => `/together/${n}`));
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => a - b));
    expect(await verifyAuditChain(gateway.db, organisationId)).toMatchObject([{ ok: true, entries: 20 }]);

    // A status out of the column's range: the database refuses that entry, and only that call fails.
    const settled = await Promise.allSettled(
      [entry(20), entry(21, 2 ** 40), entry(22), entry(23)].map((e) => recordAuditGrouped(counting, e)),
    );
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await verifyAuditChain(gateway.db, organisationId)).toMatchObject([{ ok: true, entries: 23 }]);
  });
});
