import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUYER_SUMMARY_FIELDS } from '@/contract/customer-search';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { organisationIdOf } from '../../testing/mirror';
import { fullPriceType } from '../../testing/selling';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';
import { type Permission, ROLE_PRESETS } from '../permissions';
import { embeddedService } from '../service-connection';

/**
 * What the selling and lookup permissions read through the forwarder (issue 29 item 2), as a generated matrix:
 * role (each preset, and the permission sets that decide it alone) × resource (a customer by id and by email,
 * an order by id of each kind, the reservations queue) × expectation from the rules of the route table:
 * - a customer: whole to `customers:read`; as the picker shows one to `customers:lookup`; else 403;
 * - an order by id: any of the organisation's to `orders:read` (another's: 404 from the service); to
 *   `sales:sell` only the desk's — sold through Foyer, or an open reservation — else 403, before the service;
 * - the reservations queue: of the customer only the name, for everyone who may see it;
 * - creating a customer: with any field to `customers:write`; with the picker's fields only (and answered as the
 *   picker shows one) to `customers:lookup`, anything more refused before the service; else 403.
 */
const CUSTOM_SETS: Record<string, readonly Permission[]> = {
  'sales:sell alone': ['sales:sell'],
  'customers:lookup alone': ['customers:lookup'],
  'customers:read alone': ['customers:read'],
  'orders:read alone': ['orders:read'],
  'reports:read alone': ['reports:read'],
};

const ROLES: { name: string; permissions: readonly Permission[]; email?: string }[] = [
  ...ROLE_PRESETS.map((preset) => ({
    name: preset.name,
    permissions: preset.permissions,
    email: demoPerson(preset.key).email,
  })),
  ...Object.entries(CUSTOM_SETS).map(([name, permissions]) => ({ name, permissions })),
];

type OrderKind = 'sold in Foyer' | 'open reservation' | 'not sold in Foyer' | "another organisation's";
const ORDER_KINDS: readonly OrderKind[] = [
  'sold in Foyer',
  'open reservation',
  'not sold in Foyer',
  "another organisation's",
];

const has = (permissions: readonly Permission[], permission: Permission) => permissions.includes(permission);

function customerExpectation(permissions: readonly Permission[]): 'whole' | 'summary' | 403 {
  if (has(permissions, 'customers:read')) return 'whole';
  if (has(permissions, 'customers:lookup')) return 'summary';
  return 403;
}

function orderExpectation(permissions: readonly Permission[], kind: OrderKind): 200 | 403 | 404 {
  if (has(permissions, 'orders:read')) return kind === "another organisation's" ? 404 : 200;
  if (has(permissions, 'sales:sell')) return kind === 'sold in Foyer' || kind === 'open reservation' ? 200 : 403;
  return 403;
}

/** What a new customer is given: the picker's quick create, or that and one field more. */
const CREATE_BODIES: Record<string, Record<string, unknown>> = {
  "the picker's fields": { customerFirstName: 'Quinn', customerLastName: 'Quick', customerPhone: '0612345678' },
  'a credit': { customerFirstName: 'Cora', customerLastName: 'Credit', customerCredit: '500.00' },
  'an external id': { customerFirstName: 'Eli', customerLastName: 'External', customerExternalId: 'CRM-1' },
  'a custom field': { customerFirstName: 'Cas', customerLastName: 'Custom', customerCustom1: 'VIP' },
  'an address': { customerFirstName: 'Ada', customerLastName: 'Address', customerAddress: 'Dam', customerHouseNr: '1' },
};

function createExpectation(permissions: readonly Permission[], body: string): 'whole' | 'summary' | 403 {
  if (has(permissions, 'customers:write')) return 'whole';
  if (has(permissions, 'customers:lookup') && body === "the picker's fields") return 'summary';
  return 403;
}

describeEachDatabase('what each role reads through the forwarder', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let fx: DemoFixtures;
  const browsers = new Map<string, TestBrowser>();
  const orders = new Map<OrderKind, number>();

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    fx = await loadDemoFixtures(service.db);
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    const organisationId = await organisationIdOf(gateway.db, 'demo');
    for (const [index, [name, permissions]] of Object.entries(CUSTOM_SETS).entries()) {
      const { rows } = await gateway.db.query<{ id: string }>(
        `insert into gateway.roles (organisation_id, key, name, permissions) values ($1, $2, $3, $4) returning id`,
        [organisationId, `limits-${index}`, name, permissions],
      );
      await gateway.db.query(
        `insert into gateway.accounts (organisation_id, email, display_name, role_id) values ($1, $2, $3, $4)`,
        [organisationId, `limits-${index}@demo.test`, name, rows[0]?.id],
      );
      const role = ROLES.find((candidate) => candidate.name === name);
      if (role) role.email = `limits-${index}@demo.test`;
    }
    for (const role of ROLES) browsers.set(role.name, await signedInBrowser(gateway, role.email as string));

    // An order sold at the desk through the gateway, so the audit trail has its checkout.
    const seller = browsers.get('Box office') as TestBrowser;
    const { cart_id: cartId } = (await (await seller.request('/api/v1/demo/cart/', { method: 'POST' })).json()) as {
      cart_id: string;
    };
    const item = {
      priceId: await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId),
      rankId: fx.reserved.rankId,
      eventId: fx.reserved.eventId,
    };
    expect((await seller.request(`/api/v1/demo/partner/cart/${cartId}`, { method: 'POST', json: [item] })).status).toBe(
      200,
    );
    const checkout = await seller.request(`/api/v1/demo/partner/cart/${cartId}/checkout`, {
      method: 'POST',
      json: { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash },
    });
    expect(checkout.status).toBe(200);
    orders.set('sold in Foyer', ((await checkout.json()) as { orderId: number }).orderId);
    // The reservations are the queue's, read from the mirror.
    await gateway.deps.mirror.syncNow(organisationId);
    const { rows: reservations } = await service.db.query<{ id: number }>(
      `select id from orders where client_id = $1 and status = 'res' order by id limit 1`,
      [fx.demo.clientId],
    );
    orders.set('open reservation', Number(reservations[0]?.id));
    orders.set('not sold in Foyer', fx.paidOrder.orderId);
    orders.set("another organisation's", fx.harbour.orderId);
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const customerCases = ROLES.flatMap((role) =>
    (['by id', 'by email'] as const).map((how) => [role.name, how, customerExpectation(role.permissions)] as const),
  );

  it.each(customerCases)('%s reads a customer %s: %s', async (roleName, how, expected) => {
    const browser = browsers.get(roleName) as TestBrowser;
    const { customerId, email } = fx.customers.withTags;
    const response =
      how === 'by id'
        ? await browser.request(`/api/v1/demo/partner/customer/${customerId}`)
        : await browser.request('/api/v1/demo/partner/customer/findByEmail', { method: 'POST', json: { email } });
    if (expected === 403) {
      expect(response.status).toBe(403);
      return;
    }
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.customerId).toBe(customerId);
    if (expected === 'whole') {
      expect(body).toHaveProperty('customerAddress');
      expect(body).toHaveProperty('customerTags');
      expect(body).toHaveProperty('customerPrefs');
    } else {
      expect(Object.keys(body).sort()).toEqual([...BUYER_SUMMARY_FIELDS].sort());
    }
  });

  const orderCases = ROLES.flatMap((role) =>
    ORDER_KINDS.map((kind) => [role.name, kind, orderExpectation(role.permissions, kind)] as const),
  );

  it.each(orderCases)('%s opens an order %s: %s', async (roleName, kind, expected) => {
    const orderId = orders.get(kind) as number;
    const response = await (browsers.get(roleName) as TestBrowser).request(`/api/v1/demo/partner/order/${orderId}`);
    expect(response.status).toBe(expected);
    if (expected === 200) expect(((await response.json()) as { orderId: number }).orderId).toBe(orderId);
  });

  it.each(
    ROLES.map((role) => [
      role.name,
      ['sales:sell', 'orders:read', 'reports:read'].some((p) => has(role.permissions, p as Permission)) ? 200 : 403,
    ]),
  )('%s reads the reservations queue with only the names of its customers: %s', async (roleName, expected) => {
    const response = await (browsers.get(roleName) as TestBrowser).request('/api/desk/open-orders');
    expect(response.status).toBe(expected);
    if (expected !== 200) return;
    const { orders: open } = (await response.json()) as { orders: { user: Record<string, unknown> | null }[] };
    const users = open.flatMap((order) => (order.user ? [order.user] : []));
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) {
      expect(Object.keys(user).sort()).toEqual([
        'customerFirstName',
        'customerId',
        'customerLastName',
        'customerPreposition',
      ]);
    }
  });

  const createCases = ROLES.flatMap((role) =>
    Object.keys(CREATE_BODIES).map((body) => [role.name, body, createExpectation(role.permissions, body)] as const),
  );
  let created = 0;

  it.each(createCases)('%s creates a customer with %s: %s', async (roleName, bodyName, expected) => {
    const email = `created-${++created}-${database}@limits.test`;
    const response = await (browsers.get(roleName) as TestBrowser).request('/api/v1/demo/partner/customer', {
      method: 'POST',
      json: { ...CREATE_BODIES[bodyName], email },
    });
    const { rows } = await service.db.query('select 1 from customers where email = $1', [email]);
    if (expected === 403) {
      expect(response.status).toBe(403);
      expect(rows).toHaveLength(0);
      return;
    }
    expect(response.status).toBeLessThan(300);
    expect(rows).toHaveLength(1);
    const answer = (await response.json()) as Record<string, unknown>;
    if (expected === 'summary') expect(Object.keys(answer).sort()).toEqual([...BUYER_SUMMARY_FIELDS].sort());
    else expect(answer).toHaveProperty('customerAddress');
  });

  it('as the issue found it: the box office reads customers 100…149 only as the picker shows them, and not order 100', async () => {
    const boxOffice = browsers.get('Box office') as TestBrowser;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => boxOffice.request(`/api/v1/demo/partner/customer/${100 + index}`)),
    );
    const read = answers.filter((answer) => answer.status === 200);
    expect(read.length).toBeGreaterThan(0);
    for (const answer of read) {
      const body = (await answer.json()) as Record<string, unknown>;
      for (const field of ['customerAddress', 'customerZip', 'customerPrefs', 'customerTags', 'customerCredit']) {
        expect(body).not.toHaveProperty(field);
      }
    }
    const { rows } = await service.db.query<{ client_id: number; status: string }>(
      'select client_id, status from orders where id = 100',
    );
    // Order 100 is an ordinary order of the demo client, not sold in Foyer and no reservation.
    expect(rows[0]).toMatchObject({ client_id: fx.demo.clientId });
    expect(rows[0]?.status).not.toBe('res');
    const order = await boxOffice.request('/api/v1/demo/partner/order/100');
    expect(order.status).toBe(403);
    expect(await order.text()).not.toContain('orderKey');
  });
});
