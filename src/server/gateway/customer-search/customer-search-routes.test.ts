import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Customer } from '@/contract/customer';
import type {
  BuyerLookupAnswer,
  CustomerMatches,
  CustomerSearchPage,
  CustomerTagCounts,
} from '@/contract/customer-search';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { fillMirror, generateCustomers } from '../../testing/mirror-customers';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { embeddedService } from '../service-connection';

const MARKETING = demoPerson('marketing').email;
const BOX_OFFICE = demoPerson('box-office').email;
const MANAGER = demoPerson('manager').email;

async function organisationId(gateway: TestGateway, clientName: string): Promise<number> {
  const { rows } = await gateway.db.query<{ id: string }>(
    'select id from gateway.organisations where client_name = $1',
    [clientName],
  );
  return Number(rows[0]?.id);
}

describeEachDatabase('the customer search routes', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let customers: Customer[];
  let marketing: TestBrowser;
  let boxOffice: TestBrowser;

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    // Ids far above the service's own customers: these live only in the mirror.
    customers = generateCustomers(2_000, { firstId: 500_000 });
    await fillMirror(gateway.db, await organisationId(gateway, 'demo'), customers);
    // The other client's mirror holds the same people under other ids: never found by the demo client's staff.
    await fillMirror(
      gateway.db,
      await organisationId(gateway, 'harbour'),
      generateCustomers(2_000, { firstId: 700_000 }),
    );
    marketing = await signedInBrowser(gateway, MARKETING);
    boxOffice = await signedInBrowser(gateway, BOX_OFFICE);
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const list = async (browser: TestBrowser, query: string): Promise<CustomerSearchPage> => {
    const response = await browser.request(`/api/customers?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as CustomerSearchPage;
  };

  it('pages through the customers from the mirror, with the whole Customer as the service returned it', async () => {
    const first = await list(marketing, 'perPage=50');
    expect(first).toMatchObject({ total: 2_000, page: 1, perPage: 50, lastPage: 40 });
    expect(first.data).toHaveLength(50);
    expect(first.data[0]).toEqual(customers[0]);
    const third = await list(marketing, 'perPage=50&page=3');
    expect(third.data.map((customer) => customer.customerId)).toEqual(
      customers.slice(100, 150).map((customer) => customer.customerId),
    );
  });

  it('searches, filters and sorts on the server', async () => {
    const target = customers.find((customer) => /^\d{4}[A-Z]{2}$/.test(customer.customerZip)) as Customer;
    const zip = `${target.customerZip.slice(0, 4)} ${target.customerZip.slice(4).toLowerCase()}`;
    const found = await list(marketing, `q=${encodeURIComponent(`${target.customerLastName} ${zip}`)}`);
    expect(found.data[0]?.customerId).toBe(target.customerId);

    const tag = await list(marketing, 'tag=Vriend&optin=yes&since=2026-01-01&sort=credit&dir=desc&perPage=500');
    expect(tag.total).toBeGreaterThan(0);
    for (const customer of tag.data) {
      expect(customer.customerTags?.split(',')).toContain('Vriend');
      expect(customer.lastChanged.slice(0, 10) >= '2026-01-01').toBe(true);
    }
    const credits = tag.data.map((customer) => Number(customer.customerCredit));
    expect(credits).toEqual([...credits].sort((a, b) => b - a));

    const invalid = await marketing.request('/api/customers?sort=shoe&optin=maybe&since=yesterday&perPage=100000');
    expect(invalid.status).toBe(422);
    expect(Object.keys(((await invalid.json()) as { errors: object }).errors).sort()).toEqual([
      'optin',
      'perPage',
      'since',
      'sort',
    ]);
  });

  it('asks the service about an exact email, so a customer created elsewhere a moment ago is found first', async () => {
    const created = await service.request(`/v1/${DEMO.client}/partner/customer`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: { email: 'net.aangemaakt@example.nl', customerFirstName: 'Net', customerLastName: 'Aangemaakt' },
    });
    expect(created.status).toBe(201);
    const { customerId } = (await created.json()) as Customer;
    const before = await list(marketing, 'q=aangemaakt');
    expect(before.total).toBe(0);

    const byEmail = await list(marketing, 'q=Net.Aangemaakt@example.nl');
    expect(byEmail.emailCheck).toBe('found');
    expect(byEmail.data[0]).toMatchObject({ customerId, email: 'net.aangemaakt@example.nl' });
    // It went into the mirror: found by name from now on, by everyone.
    expect((await list(marketing, 'q=aangemaakt')).data.map((customer) => customer.customerId)).toEqual([customerId]);

    const unknown = await list(marketing, 'q=niemand@example.nl');
    expect(unknown).toMatchObject({ emailCheck: 'not-found', total: 0, data: [] });
  });

  it('gives the box office only what its picker shows, a handful at a time, and not the list', async () => {
    expect((await boxOffice.request('/api/customers')).status).toBe(403);
    expect((await boxOffice.request('/api/customers/matches?q=a')).status).toBe(403);
    expect((await boxOffice.request('/api/customers/tags')).status).toBe(403);

    const target = customers.find((customer) => customer.customerPhone.length >= 10) as Customer;
    const response = await boxOffice.request(`/api/customers/lookup?q=${encodeURIComponent(target.email)}`);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as BuyerLookupAnswer;
    expect(answer.data[0]).toEqual({
      customerId: target.customerId,
      customerFirstName: target.customerFirstName,
      customerPreposition: target.customerPreposition,
      customerLastName: target.customerLastName,
      email: target.email,
      customerPhone: target.customerPhone,
      customerCity: target.customerCity,
    });
    // A common word matches hundreds: eight come back, and the count.
    const many = (await (await boxOffice.request('/api/customers/lookup?q=amsterdam')).json()) as BuyerLookupAnswer;
    expect(many.data).toHaveLength(8);
    expect(many.total).toBeGreaterThan(8);
    for (const buyer of many.data) {
      expect(Object.keys(buyer).sort()).toEqual([
        'customerCity',
        'customerFirstName',
        'customerId',
        'customerLastName',
        'customerPhone',
        'customerPreposition',
        'email',
      ]);
    }
    // Nothing to list everyone with: at least two characters.
    expect((await boxOffice.request('/api/customers/lookup?q=a')).status).toBe(422);
    expect((await boxOffice.request('/api/customers/lookup')).status).toBe(422);
  });

  it('refuses a role with neither customers:read nor customers:lookup', async () => {
    const admin = await signedInBrowser(gateway, demoPerson('administrator').email);
    const created = await admin.request('/api/roles', {
      method: 'POST',
      json: { name: 'Alleen zalen', permissions: ['events:read'] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id: roleId } = (await created.json()) as { id: number };
    const staff = (await (await admin.request('/api/staff')).json()) as { id: number; email: string }[];
    const manager = staff.find((person) => person.email === MANAGER) as { id: number };
    expect((await admin.request(`/api/staff/${manager.id}`, { method: 'PATCH', json: { roleId } })).status).toBe(204);
    try {
      const person = await signedInBrowser(gateway, MANAGER);
      expect((await person.request('/api/customers/lookup?q=jansen')).status).toBe(403);
      expect((await person.request('/api/customers?q=jansen')).status).toBe(403);
    } finally {
      const { roles } = (await (await admin.request('/api/roles')).json()) as { roles: { id: number; key: string }[] };
      const preset = roles.find((role) => role.key === 'manager') as { id: number };
      await admin.request(`/api/staff/${manager.id}`, { method: 'PATCH', json: { roleId: preset.id } });
    }
  });

  it('keeps each client to its own customers', async () => {
    const harbour = await signedInBrowser(gateway, 'admin@harbour.test');
    const all = await list(harbour, 'perPage=500');
    expect(all.total).toBe(2_000);
    expect(all.data.every((customer) => customer.customerId >= 700_000)).toBe(true);
    const demoCustomer = customers[0] as Customer;
    expect((await list(harbour, `q=${demoCustomer.customerId}`)).data.map((c) => c.customerId)).not.toContain(
      demoCustomer.customerId,
    );
  });

  it('counts customers per tag, and hands over every match of a search for a bulk action', async () => {
    const tags = (await (await marketing.request('/api/customers/tags')).json()) as CustomerTagCounts;
    const friends = customers.filter((customer) => customer.customerTags?.split(',').includes('Vriend')).length;
    expect(tags.data.find((count) => count.tag === 'Vriend')?.customers).toBe(friends);
    expect(tags.data.map((count) => count.customers)).toEqual(
      [...tags.data.map((count) => count.customers)].sort((a, b) => b - a),
    );
    const matches = (await (await marketing.request('/api/customers/matches?tag=Vriend')).json()) as CustomerMatches;
    expect(matches).toMatchObject({ total: friends, truncated: false });
    expect(matches.data).toHaveLength(friends);
    expect(Object.keys(matches.data[0] ?? {}).sort()).toEqual([
      'customerFirstName',
      'customerId',
      'customerLastName',
      'customerPreposition',
      'email',
    ]);
  });
});
