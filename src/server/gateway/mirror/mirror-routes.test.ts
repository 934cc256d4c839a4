import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MirrorRefreshAnswer, MirrorStatus } from '@/contract/mirror';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { countingConnection, expectMirrorEqualsService, organisationIdOf } from '../../testing/mirror';
import { fullPriceType } from '../../testing/selling';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { embeddedService, type ServiceConnection } from '../service-connection';

const MARKETING = demoPerson('marketing').email;
const BOX_OFFICE = demoPerson('box-office').email;
const MANAGER = demoPerson('manager').email;

/** The connection, noting how many orders each order list or export answer holds in `listed`. */
function countingListedOrders(inner: ServiceConnection, listed: number[]): ServiceConnection {
  return {
    baseUrl: (origin) => inner.baseUrl(origin),
    prepared: (answer) => inner.prepared(answer),
    async fetch(pathAndQuery, init, origin) {
      const answer = await inner.fetch(pathAndQuery, init, origin);
      if (/\/partner\/(order\?|export\/orders)/.test(pathAndQuery)) {
        const text = inner.prepared(answer)?.text ?? (await answer.clone().text());
        listed.push(((JSON.parse(text) as { data?: unknown[] }).data ?? []).length);
      }
      return answer;
    },
  };
}

describeEachDatabase('the mirror through the gateway: write-through, status and refresh', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let fx: DemoFixtures;
  let organisationId: number;
  const connection = { calls: [] as string[] };
  let counting: ReturnType<typeof countingConnection>;
  /** How many orders each order list or export answer the gateway read held. */
  const listedOrders: number[] = [];

  const mirroredCustomer = async (customerId: number) => {
    const { rows } = await gateway.db.query<{ body: Record<string, unknown>; tags: string[] }>(
      'select body, tags from gateway.mirror_customers where organisation_id = $1 and customer_id = $2',
      [organisationId, customerId],
    );
    return rows[0];
  };

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    fx = await loadDemoFixtures(service.db);
    counting = countingConnection(embeddedService(service.app));
    connection.calls = counting.calls;
    gateway = await createTestGateway({ runtime: service, service: countingListedOrders(counting, listedOrders) });
    organisationId = await organisationIdOf(gateway.db, 'demo');
    await gateway.deps.mirror.syncNow(organisationId);
  });
  afterAll(async () => {
    await gateway?.deps.mirror.stop();
    await gateway?.close();
  });

  it('puts a customer edited, created or re-tagged in Foyer into the mirror before answering', async () => {
    const marketing = await signedInBrowser(gateway, MARKETING);
    const customerId = fx.customers.nullPrefs.customerId;
    const edited = await marketing.request(`/api/v1/demo/partner/customer/${customerId}`, {
      method: 'PUT',
      json: { customerLastName: 'Doorgeschreven' },
    });
    expect(edited.status).toBe(200);
    const editedBody = (await edited.json()) as Record<string, unknown>;
    expect((await mirroredCustomer(customerId))?.body).toEqual(editedBody);

    const created = await marketing.request('/api/v1/demo/partner/customer', {
      method: 'POST',
      json: { email: 'nieuw.in.spiegel@example.test', customerFirstName: 'Nina', customerLastName: 'Spiegel' },
    });
    expect(created.status).toBe(201);
    const createdBody = (await created.json()) as { customerId: number };
    expect((await mirroredCustomer(createdBody.customerId))?.body).toEqual(createdBody);

    const tags = (await (await marketing.request('/api/v1/demo/partner/export/clienttypes')).json()) as string[];
    const before = connection.calls.length;
    const tagged = await marketing.request(`/api/v1/demo/partner/customer/${customerId}/clienttypes`, {
      method: 'POST',
      json: { clienttypes: [tags[1], tags[0]] },
    });
    expect(tagged.status).toBe(200);
    // The tag answer is the tag list: the customer is read once more, for its new lastChanged and tags.
    expect(connection.calls.slice(before)).toEqual([
      `GET /v1/demo/partner/customer/${customerId}/clienttypes`,
      `POST /v1/demo/partner/customer/${customerId}/clienttypes`,
      `GET /v1/demo/partner/customer/${customerId}`,
    ]);
    expect((await mirroredCustomer(customerId))?.tags).toEqual([tags[1], tags[0]]);

    // A refused change writes nothing and asks nothing more (the GET is the audit trail's "before").
    const afterTags = connection.calls.length;
    const refused = await marketing.request(`/api/v1/demo/partner/customer/${customerId}`, {
      method: 'PUT',
      json: { customerPhone: 'not a number' },
    });
    expect(refused.status).toBe(422);
    expect(connection.calls.slice(afterTags)).toEqual([
      `GET /v1/demo/partner/customer/${customerId}`,
      `PUT /v1/demo/partner/customer/${customerId}`,
    ]);
    await expectMirrorEqualsService(gateway.db, organisationId, service, DEMO);
  });

  /** A sale at the desk through the gateway: a cart, two tickets, cash; the checkout's order id. */
  async function sellAtTheDesk(seller: TestBrowser, beforeCheckout = () => {}): Promise<number> {
    const { cart_id: cartId } = (await (await seller.request('/api/v1/demo/cart/', { method: 'POST' })).json()) as {
      cart_id: string;
    };
    const item = {
      priceId: await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId),
      rankId: fx.reserved.rankId,
      eventId: fx.reserved.eventId,
      numberOfTickets: 2,
    };
    expect((await seller.request(`/api/v1/demo/partner/cart/${cartId}`, { method: 'POST', json: [item] })).status).toBe(
      200,
    );
    beforeCheckout();
    const checkout = await seller.request(`/api/v1/demo/partner/cart/${cartId}/checkout`, {
      method: 'POST',
      json: { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash },
    });
    expect(checkout.status).toBe(200);
    return ((await checkout.json()) as { orderId: number }).orderId;
  }

  const mirroredOrder = async (orderId: number) =>
    (
      await gateway.db.query<{ order_status: string; customer_id: number; lines: number }>(
        `select o.order_status, o.customer_id::int,
                (select count(*)::int from gateway.mirror_order_seats s
                  where s.organisation_id = o.organisation_id and s.order_id = o.order_id and not s.deleted) as lines
           from gateway.mirror_orders o where o.organisation_id = $1 and o.order_id = $2`,
        [organisationId, orderId],
      )
    ).rows;

  it('puts a sale made at the desk into the mirror with its lines before answering', async () => {
    const orderId = await sellAtTheDesk(await signedInBrowser(gateway, BOX_OFFICE));
    expect(await mirroredOrder(orderId)).toEqual([
      { order_status: 'ord', customer_id: fx.customers.withTags.customerId, lines: 2 },
    ]);
  });

  it('reads just the order a checkout made, however many orders changed in the last minutes', async () => {
    // More than a page of orders changed a minute ago, as on a busy evening.
    await service.db.query(
      `update orders set last_changed = now() - interval '1 minute'
        where id in (select id from orders where client_id = $1 order by id limit 150)`,
      [fx.demo.clientId],
    );
    let calls = 0;
    const orderId = await sellAtTheDesk(await signedInBrowser(gateway, BOX_OFFICE), () => {
      listedOrders.length = 0;
      calls = connection.calls.length;
    });
    expect(listedOrders.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(3);
    // One read after the checkout: the export from the moment it was sent.
    expect(connection.calls.slice(calls).slice(1)).toEqual(['POST /v1/demo/partner/export/orders?page=1']);
    expect(await mirroredOrder(orderId)).toEqual([
      { order_status: 'ord', customer_id: fx.customers.withTags.customerId, lines: 2 },
    ]);
  });

  it("finds the checkout's order by its own lastChanged when the service's clock is not this one", async () => {
    // The service's Date an hour ahead: the export from the checkout's sending on shows nothing yet.
    counting.serverDate = () => new Date(Date.now() + 3_600_000);
    try {
      const orderId = await sellAtTheDesk(await signedInBrowser(gateway, BOX_OFFICE));
      expect(await mirroredOrder(orderId)).toEqual([
        { order_status: 'ord', customer_id: fx.customers.withTags.customerId, lines: 2 },
      ]);
      expect(connection.calls).toContain(`GET /v1/demo/partner/order/${orderId}`);
    } finally {
      counting.serverDate = null;
    }
  });

  it('tells anyone signed in how fresh the mirror is', async () => {
    expect((await new TestBrowser(gateway.app).request('/api/mirror/status')).status).toBe(401);
    const seller = await signedInBrowser(gateway, BOX_OFFICE);
    const response = await seller.request('/api/mirror/status');
    expect(response.status).toBe(200);
    const status = (await response.json()) as MirrorStatus;
    expect(status).toMatchObject({ intervalSeconds: 30, running: false });
    expect(status.resources.map((resource) => resource.resource)).toEqual(['customers', 'orders', 'waitinglist']);
    const customers = status.resources[0];
    expect(customers?.lastError).toBeNull();
    expect(Date.parse(customers?.lastSuccessAt ?? '')).toBeGreaterThan(Date.now() - 120_000);
    expect(customers?.fullSync).toMatchObject({ total: 300, done: 300 });
    expect(customers?.fullSync.finishedAt).not.toBeNull();
  });

  it('refreshes now for those who read customers, orders or reports, once at a time', async () => {
    const seller = await signedInBrowser(gateway, BOX_OFFICE);
    expect((await seller.request('/api/mirror/refresh', { method: 'POST' })).status).toBe(403);
    const before = (await (await seller.request('/api/mirror/status')).json()) as MirrorStatus;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const manager = await signedInBrowser(gateway, MANAGER);
    const marketing = await signedInBrowser(gateway, MARKETING);
    const [first, second] = await Promise.all([
      manager.request('/api/mirror/refresh', { method: 'POST' }),
      marketing.request('/api/mirror/refresh', { method: 'POST' }),
    ]);
    expect([first.status, second.status]).toEqual([202, 202]);
    const answers = [(await first.json()) as MirrorRefreshAnswer, (await second.json()) as MirrorRefreshAnswer];
    expect(answers.map((answer) => answer.started).sort()).toEqual([false, true]);
    expect(answers.find((answer) => answer.started)?.status.running).toBe(true);
    await gateway.deps.mirror.runningHere(organisationId);
    const after = (await (await seller.request('/api/mirror/status')).json()) as MirrorStatus;
    expect(after.running).toBe(false);
    expect(Date.parse(after.resources[0]?.lastSuccessAt ?? '')).toBeGreaterThan(
      Date.parse(before.resources[0]?.lastSuccessAt ?? ''),
    );
  });
});
