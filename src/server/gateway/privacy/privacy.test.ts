import { afterAll, beforeAll, expect, it } from 'vitest';
import { UNNAMED_CUSTOM_FIELDS } from '@/contract/custom-fields';
import type { Customer } from '@/contract/customer';
import type { CustomerJobDetail } from '@/contract/customer-jobs';
import type { CustomerSearchPage } from '@/contract/customer-search';
import type { AnonymiseOutcome, RetentionIds, RetentionPage, SubjectAccessPackage } from '@/contract/privacy';
import { anonymisedEmail } from '@/contract/privacy-limits';
import { organisationIdOf } from '../../testing/mirror';
import { reachableStrings } from '../../testing/reachable-strings';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { permissionsOf } from '../access';
import { notesOfCustomer } from '../customer-notes';
import { createGatewayApp } from '../gateway';
import { upsertCustomers, upsertOrders, upsertWaitingList } from '../mirror';
import { ROLE_PRESETS } from '../permissions';
import { embeddedService } from '../service-connection';
import { UpstreamClient } from '../upstream';
import { anonymiseAction } from '.';

const yearsAgo = (years: number, days = 0) => {
  const at = new Date();
  at.setUTCFullYear(at.getUTCFullYear() - years);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString();
};

describeEachDatabase('privacy requests', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let organisationId: number;
  let manager: TestBrowser;
  let marketing: TestBrowser;

  beforeAll(async () => {
    service = await createTestService({ database });
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    organisationId = await organisationIdOf(gateway.db, 'demo');
    await gateway.deps.mirror.syncNow(organisationId);
    manager = await signedInBrowser(gateway, demoPerson('manager').email);
    marketing = await signedInBrowser(gateway, demoPerson('marketing').email);
  });
  afterAll(async () => {
    await gateway?.deps.mirror.stop();
    await gateway?.close();
    await service?.close();
  });

  /** A mirrored customer of the demo client with orders, given a tag, an edit, a note and a flag. */
  async function preparedCustomer(offset: number): Promise<{ customer: Customer; orderIds: number[] }> {
    const { rows } = await gateway.db.query<{ customer_id: string }>(
      `select o.customer_id from gateway.mirror_orders o
        where o.organisation_id = $1 and o.customer_id is not null
        group by o.customer_id having count(*) >= 2 order by o.customer_id offset $2 limit 1`,
      [organisationId, offset],
    );
    const customerId = Number(rows[0]?.customer_id);
    const tags = (await (
      await service.request(`/v1/${DEMO.client}/partner/export/clienttypes`, { key: DEMO.apiKey })
    ).json()) as string[];
    // Through the gateway, as a person would: audited, and written through to the mirror.
    const tagged = await marketing.request(`/api/v1/demo/partner/customer/${customerId}/clienttypes`, {
      method: 'POST',
      json: { clienttypes: [tags[0]] },
    });
    expect(tagged.status).toBe(200);
    const edited = await marketing.request(`/api/v1/demo/partner/customer/${customerId}`, {
      method: 'PUT',
      json: {
        customerPhone: `06${String(customerId).padStart(8, '7')}`,
        customerCustom1: 'rolstoel',
        customerCustom2: '<img src=x onerror=alert(1)>',
      },
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const customer = (await edited.json()) as Customer;
    // A desk note and the wheelchair flag, as marketing sets them (customer-notes/).
    const note = await marketing.request(`/api/customers/${customerId}/notes`, {
      method: 'POST',
      json: { text: 'Belt altijd over de rolstoelplaats' },
    });
    expect(note.status, await note.clone().text()).toBe(201);
    const flagList = (await (await marketing.request('/api/customer-flags')).json()) as {
      data: { id: number; preset: string | null }[];
    };
    const wheelchair = flagList.data.find((flag) => flag.preset === 'wheelchair');
    const flagged = await marketing.request(`/api/customers/${customerId}/flags`, {
      method: 'PUT',
      json: { flagIds: [wheelchair?.id] },
    });
    expect(flagged.status, await flagged.clone().text()).toBe(200);
    const orders = await gateway.db.query<{ order_id: string }>(
      'select order_id from gateway.mirror_orders where organisation_id = $1 and customer_id = $2 order by order_id',
      [organisationId, customerId],
    );
    return { customer, orderIds: orders.rows.map((row) => Number(row.order_id)) };
  }

  it("hands over a package with the customer's record, orders with seats, notes, flags, tags and audit entries", async () => {
    const { customer, orderIds } = await preparedCustomer(0);
    // The organisation named its first custom field (custom-fields/): the package says what the field is.
    const named = await marketing.request('/api/custom-fields', {
      method: 'PUT',
      json: { ...UNNAMED_CUSTOM_FIELDS, customerCustom1: 'Toegankelijkheid' },
    });
    expect(named.status, await named.clone().text()).toBe(200);
    const response = await manager.request(`/api/privacy/customers/${customer.customerId}/package.json`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const pack = (await response.json()) as SubjectAccessPackage;
    expect(pack.customer).toMatchObject({ customerId: customer.customerId, email: customer.email });
    expect(pack.orders.map((order) => order.orderId).sort((a, b) => a - b)).toEqual(orderIds);
    expect(pack.orders.some((order) => order.seats.length > 0)).toBe(true);
    expect(pack.tags).toHaveLength(1);
    expect(pack.customFieldNames).toMatchObject({ customerCustom1: 'Toegankelijkheid', customerCustom2: '' });
    expect(pack.notes.map((note) => note.text)).toEqual(['Belt altijd over de rolstoelplaats']);
    // Who set the flag and when, as the notes have them (a walkthrough found "—" in the letter's columns).
    expect(pack.flags).toEqual([
      { flag: 'Wheelchair place', preset: 'wheelchair', author: demoPerson('marketing').name, at: expect.any(String) },
    ]);
    expect(pack.auditEntries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['tags', 'customer-edit']));

    const letter = await manager.request(`/api/privacy/customers/${customer.customerId}/package.html?lang=en`);
    expect(letter.status).toBe(200);
    expect(letter.headers.get('content-type')).toContain('text/html');
    const html = await letter.text();
    expect(html).toContain('Access to your personal data');
    for (const orderId of orderIds) expect(html).toContain(`<td>${orderId}</td>`);
    expect(html).toContain('Belt altijd over de rolstoelplaats');
    expect(html).not.toContain('<script');
    // The record is the customer's own text: escaped, never markup.
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');

    // The Dutch letter a walkthrough printed held the service's codes and Foyer's API calls: it is plain words now.
    expect(pack.events.length).toBeGreaterThan(0);
    expect(pack.events.every((event) => typeof event.name === 'string')).toBe(true);
    const dutch = await (
      await manager.request(`/api/privacy/customers/${customer.customerId}/package.html?lang=nl`)
    ).text();
    expect(dutch).toContain('Inzage in uw persoonsgegevens');
    for (const event of pack.events) expect(dutch).toContain(escapeForHtml(event.name ?? ''));
    expect(dutch).toContain('Labels gewijzigd');
    expect(dutch).toContain('Gegevens gewijzigd');
    expect(dutch).toContain('<td>Toegankelijkheid</td><td>rolstoel</td>');
    expect(dutch).toContain('<td>Eigen veld 2</td>');
    // The flag as the Dutch app names it (it was the English "Wheelchair place"), with who set it.
    expect(dutch).toContain(`<td>Rolstoelplaats</td><td>${escapeForHtml(demoPerson('marketing').name)}</td>`);
    expect(dutch).not.toContain('Wheelchair');
    expect(dutch).toMatch(/Bestelling, betaald|Reservering, niet betaald/);
    for (const code of ['/partner/', 'POST', 'PUT', 'user_prefs_', ' / paid', 'Voorstelling ', 'Rij 0']) {
      expect(dutch, code).not.toContain(code);
    }
    expect(dutch).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

    // Who asked for which package is in the trail.
    const { rows } = await gateway.db.query<{ person: string; details: { format: string } }>(
      `select person, details from gateway.audit_entries
        where organisation_id = $1 and action = 'privacy-package' and customer_id = $2 order by id`,
      [organisationId, customer.customerId],
    );
    expect(rows.map((row) => [row.person, row.details.format])).toEqual([
      [demoPerson('manager').email, 'json'],
      [demoPerson('manager').email, 'html'],
      [demoPerson('manager').email, 'html'],
    ]);
    expect((await manager.request('/api/privacy/customers/999999999/package.json')).status).toBe(404);
  });

  it('anonymises: nothing personal left in the service, the mirror or the search; orders kept; audited', async () => {
    const { customer, orderIds } = await preparedCustomer(1);
    const id = customer.customerId;
    // The search knows them (and so holds them in this process's memory).
    const before = (await (
      await marketing.request(`/api/customers?q=${encodeURIComponent(customer.customerPhone)}`)
    ).json()) as CustomerSearchPage;
    expect(before.data.map((found) => found.customerId)).toContain(id);
    // The segments' copy of the facts holds their custom fields (read before, as a count would have).
    const facts = (await gateway.deps.segmentFacts.whenRead(organisationId)).facts;
    const slot = facts.slotOf(id) as number;
    const customCodes = () => facts.custom.map((column) => column[slot]);
    expect(customCodes().filter((code) => code !== -1).length).toBeGreaterThanOrEqual(2);

    const wrong = await manager.request(`/api/privacy/customers/${id}/anonymise`, {
      method: 'POST',
      json: { confirmation: 'someone@else.nl' },
    });
    expect(wrong.status).toBe(422);
    const done = await manager.request(`/api/privacy/customers/${id}/anonymise`, {
      method: 'POST',
      json: { confirmation: customer.email.toUpperCase() },
    });
    expect(done.status, await done.clone().text()).toBe(200);
    const outcome = (await done.json()) as AnonymiseOutcome;
    // The note and the flag, each counted as what it is (a walkthrough's summary said "2 notities").
    expect(outcome).toMatchObject({
      customerId: id,
      tagsRemoved: 1,
      notesDeleted: 1,
      flagsRemoved: 1,
      ordersKept: orderIds.length,
    });

    // The service, read back.
    const read = (await (
      await service.request(`/v1/${DEMO.client}/partner/customer/${id}`, { key: DEMO.apiKey })
    ).json()) as Customer;
    expect(read).toMatchObject({
      email: anonymisedEmail(id),
      customerPhone: '',
      customerAddress: '',
      customerHouseNr: '',
      customerZip: '',
      customerCity: '',
      customerCountry: '',
      customerSalutation: '',
      customerPreposition: '',
      customerExternalId: null,
      customerCustom1: null,
      customerCustom7: null,
      customerTags: null,
    });
    expect(customer.customerLastName).not.toBe(read.customerLastName);
    // The mirror: the customer's row, their orders and waiting list hold none of it.
    const mirrored = await gateway.db.query<{ text: string }>(
      `select body::text || email as text from gateway.mirror_customers where organisation_id = $1 and customer_id = $2
       union all select body::text from gateway.mirror_orders where organisation_id = $1 and customer_id = $2`,
      [organisationId, id],
    );
    expect(mirrored.rows.length).toBe(1 + orderIds.length);
    for (const row of mirrored.rows) {
      expect(row.text).not.toContain(customer.email);
      expect(row.text).not.toContain(customer.customerPhone);
      expect(row.text).not.toContain(customer.customerLastName);
    }
    // The search: by the old email (which also asks the service) or phone, no one; and nothing held in memory.
    for (const q of [customer.email, customer.customerPhone]) {
      const page = (await (
        await marketing.request(`/api/customers?q=${encodeURIComponent(q)}`)
      ).json()) as CustomerSearchPage;
      expect(page.data.map((found) => found.customerId)).not.toContain(id);
    }
    const held = reachableStrings(await gateway.deps.customerDirectories.current(organisationId));
    expect(held.has(customer.email.toLowerCase())).toBe(false);
    expect([...held].some((text) => text.includes(customer.customerPhone.slice(2)))).toBe(false);
    // The segments' copy let go of them at once, before any count (a value no one else holds leaves it: tested with
    // the columns).
    expect(customCodes().every((code) => code === -1)).toBe(true);
    // The notes are gone; the orders stay.
    expect(await notesOfCustomer(gateway.db, organisationId, id)).toEqual([]);
    const pack = (await (
      await manager.request(`/api/privacy/customers/${id}/package.json`)
    ).json()) as SubjectAccessPackage;
    expect(pack.orders.map((order) => order.orderId).sort((a, b) => a - b)).toEqual(orderIds);

    // Audited by whom, with field names and counts only — the old values are in no entry made by it.
    const entries = await gateway.db.query<{ person: string; details: object }>(
      `select person, details from gateway.audit_entries where organisation_id = $1 and action = 'anonymise'
          and customer_id = $2`,
      [organisationId, id],
    );
    expect(entries.rows).toHaveLength(1);
    expect(entries.rows[0]?.person).toBe(demoPerson('manager').email);
    const details = JSON.stringify(entries.rows[0]?.details);
    expect(details).toContain('customerPhone');
    for (const value of [customer.email, customer.customerPhone, customer.customerLastName]) {
      expect(details).not.toContain(value);
    }
    // The earlier edit's entry keeps what it recorded (a hash-chained trail cannot be rewritten), and the chain holds.
    const edit = await gateway.db.query<{ details: { changes: Record<string, unknown> } }>(
      `select details from gateway.audit_entries where organisation_id = $1 and action = 'customer-edit'
          and customer_id = $2`,
      [organisationId, id],
    );
    expect(Object.keys(edit.rows[0]?.details.changes ?? {})).toContain('customerPhone');
    const verify = await manager.request('/api/audit/verify');
    expect(await verify.json()).toMatchObject({ ok: true });
  });

  it('anonymises as a customer-job action: not applied before, applied after, no call made by a repeat check', async () => {
    const { customer } = await preparedCustomer(2);
    const organisation = await gateway.deps.organisations.access(organisationId);
    if (!organisation) throw new Error('no organisation');
    const upstream = UpstreamClient.forOrganisation(gateway.deps, organisation);
    const action = anonymiseAction(gateway.deps);
    const ctx = { upstream, customerId: customer.customerId, params: {} };
    expect(action.kind).toBe('anonymise');
    expect(await action.isApplied(ctx)).toBe(false);
    await action.apply(ctx);
    expect(await action.isApplied(ctx)).toBe(true);
    const mirrored = await gateway.db.query<{ email: string }>(
      'select email from gateway.mirror_customers where organisation_id = $1 and customer_id = $2',
      [organisationId, customer.customerId],
    );
    expect(mirrored.rows[0]?.email).toBe(anonymisedEmail(customer.customerId));
    expect(await notesOfCustomer(gateway.db, organisationId, customer.customerId)).toEqual([]);
  });

  it('proposes customers without an order, change or waiting-list entry for N years, paged, and batches them', async () => {
    // The harbour organisation's mirror, written by hand: which of these the list proposes is computed below.
    const harbour = await organisationIdOf(gateway.db, 'harbour');
    const person = (id: number, changed: string, email = `klant${id}@harbour.test`) => ({
      customerId: id,
      email,
      customerFirstName: `Klant${id}`,
      customerLastName: 'Haven',
      customerCity: 'Den Helder',
      lastChanged: changed,
      customerTags: null,
    });
    await upsertCustomers(gateway.db, harbour, [
      person(1, yearsAgo(10)), // A: nothing since → proposed
      person(2, yearsAgo(9)), // B: an order 8 years ago → proposed
      person(3, yearsAgo(9)), // C: an order 2 years ago → not
      person(4, yearsAgo(1)), // D: changed last year → not
      person(5, yearsAgo(9)), // E: an old order changed last year (a refund) → not
      person(6, yearsAgo(9)), // F: on a waiting list since last year → not
      person(7, yearsAgo(9), anonymisedEmail(7)), // G: anonymised already → not
      person(8, yearsAgo(6)), // H: 6 years → only with N ≤ 6
    ]);
    const order = (orderId: number, customerId: number, date: string, changed = date) => ({
      orderId,
      orderKey: `k${orderId}`,
      customerId,
      orderStatus: 'ord',
      orderPaymentStatus: 'paid',
      orderChannel: 'sp',
      handlingTextPayment: 'Pin',
      orderDate: date,
      amount: 25,
      fee: 0,
      donation: 0,
      lastChanged: changed,
      seats: [
        { seatId: 1, eventId: 1, rankId: 1, rowNr: 1, seatNr: orderId, amount: 25, priceId: 'p', priceName: 'Vol' },
      ],
      deletedSeats: [],
    });
    await upsertOrders(gateway.db, harbour, [
      order(11, 2, yearsAgo(8)),
      order(12, 3, yearsAgo(2)),
      order(13, 5, yearsAgo(8), yearsAgo(1)),
    ]);
    await upsertWaitingList(gateway.db, harbour, [
      { waitingId: 21, customerId: 6, eventId: 1, numberOfTickets: 2, type: 'waiting', createdAt: yearsAgo(1) },
    ]);
    const admin = await signedInBrowser(gateway, 'admin@harbour.test');
    const list = async () => (await (await admin.request('/api/privacy/retention')).json()) as RetentionPage;

    const seven = await list();
    expect(seven).toMatchObject({ retentionYears: 7, total: 2, page: 1, lastPage: 1 });
    expect(seven.data.map((row) => [row.customerId, row.orders])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect(seven.data[1]?.lastOrderAt?.slice(0, 10)).toBe(yearsAgo(8).slice(0, 10));

    expect((await admin.request('/api/privacy/settings', { method: 'PUT', json: { retentionYears: 0 } })).status).toBe(
      422,
    );
    const set = await admin.request('/api/privacy/settings', { method: 'PUT', json: { retentionYears: 5 } });
    expect(await set.json()).toEqual({ retentionYears: 5 });
    const five = await list();
    expect(five.data.map((row) => row.customerId)).toEqual([1, 2, 8]);
    const ids = (await (await admin.request('/api/privacy/retention/ids')).json()) as RetentionIds;
    expect(ids).toEqual({ ids: [1, 2, 8], total: 3, truncated: false });
    // The demo organisation's list is its own: none of harbour's.
    const demoList = (await (await manager.request('/api/privacy/retention')).json()) as RetentionPage;
    expect(demoList.data.some((row) => row.email.endsWith('@harbour.test'))).toBe(false);

    // Batches: only customers the list proposes, handed to the customer jobs as one anonymise job.
    const notProposed = await admin.request('/api/privacy/retention/anonymise', {
      method: 'POST',
      json: { customerIds: [1, 3] },
    });
    expect(notProposed.status).toBe(422);
    const accepted = await admin.request('/api/privacy/retention/anonymise', {
      method: 'POST',
      json: { customerIds: [1, 8] },
    });
    expect(accepted.status, await accepted.clone().text()).toBe(202);
    const { jobId, customers } = (await accepted.json()) as { jobId: number; customers: number };
    expect(customers).toBe(2);
    const job = (await (await admin.request(`/api/customer-jobs/${jobId}`)).json()) as CustomerJobDetail;
    expect(job.job).toMatchObject({ kind: 'anonymise', origin: 'retention', total: 2 });
    const audit = await gateway.db.query<{ action: string }>(
      `select action from gateway.audit_entries where organisation_id = $1 and action in ('privacy-settings', 'anonymise')
        order by id`,
      [harbour],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['privacy-settings', 'anonymise']);
  });

  it('refuses every privacy route to each preset role without privacy:manage, and opens it to those with it', async () => {
    const routes = createGatewayApp(gateway.deps).routes.declared.filter((route) => route.path.startsWith('/privacy'));
    expect(routes.length).toBe(8);
    for (const preset of ROLE_PRESETS) {
      const browser = await signedInBrowser(gateway, demoPerson(preset.key).email);
      for (const route of routes) {
        const allowed = permissionsOf(route.access as { permission: 'privacy:manage' });
        const may = allowed.some((permission) => preset.permissions.includes(permission));
        const response = await browser.request(`/api${route.path.replace(':id', '999999999')}`, {
          method: route.method,
          ...(route.method === 'GET' ? {} : { json: {} }),
        });
        const label = `${route.method} ${route.path} as ${preset.key}`;
        expect({ label, refused: response.status === 403 }).toEqual({ label, refused: !may });
      }
    }
  });
});

/** A text as the letter writes it into its HTML. */
function escapeForHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
