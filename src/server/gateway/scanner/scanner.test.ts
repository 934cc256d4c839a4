import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Customer } from '@/contract/customer';
import type { ScanResult } from '@/contract/scan';
import type { Permission } from '@/contract/staff';
import { expectJson } from '../../testing/box-office';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { type CountingConnection, countingConnection, organisationIdOf } from '../../testing/mirror';
import { fullPriceType } from '../../testing/selling';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { permissionsOf } from '../access';
import { createGatewayApp } from '../gateway';
import { upsertCustomers, upsertOrders } from '../mirror';
import { ROLE_PRESETS } from '../permissions';
import { embeddedService } from '../service-connection';

describeEachDatabase('the scanner resolves a scanned code', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let connection: CountingConnection;
  let fx: DemoFixtures;
  let organisationId: number;
  const browsers = new Map<string, TestBrowser>();
  const as = (role: string) => browsers.get(role) as TestBrowser;
  let sold: { orderId: number; orderKey: string };

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    fx = await loadDemoFixtures(service.db);
    connection = countingConnection(embeddedService(service.app));
    gateway = await createTestGateway({ runtime: service, service: connection });
    organisationId = await organisationIdOf(gateway.db, DEMO.client);
    for (const preset of ROLE_PRESETS)
      browsers.set(preset.key, await signedInBrowser(gateway, demoPerson(preset.key).email));
    sold = await sellTwoSeats(as('box-office'));
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  /** Two seats checked out through the gateway as the box office does (the write-through mirrors the order). */
  async function sellTwoSeats(browser: TestBrowser) {
    const priceId = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
    const cart = await expectJson<{ cart_id: string }>(
      await browser.request('/api/v1/demo/cart/', { method: 'POST' }),
      201,
    );
    await expectJson(
      await browser.request(`/api/v1/demo/partner/cart/${cart.cart_id}`, {
        method: 'POST',
        json: [{ priceId, rankId: fx.reserved.rankId, eventId: fx.reserved.eventId, numberOfTickets: 2 }],
      }),
    );
    return expectJson<{ orderId: number; orderKey: string }>(
      await browser.request(`/api/v1/demo/partner/cart/${cart.cart_id}/checkout`, {
        method: 'POST',
        json: { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash },
      }),
    );
  }

  const scan = (role: string, code: string, place: 'app' | 'box-office' = 'app') =>
    as(role).request('/api/scans', { method: 'POST', json: { code, place } });
  const serviceCallsDuring = async (work: () => Promise<unknown>) => {
    const before = connection.calls.length;
    await work();
    return connection.calls.slice(before);
  };

  it('is declared for those who open orders, and refuses every other preset', async () => {
    const declared = createGatewayApp(gateway.deps).routes.declared.find((route) => route.path === '/scans');
    const allowed: readonly Permission[] = ['sales:sell', 'orders:read', 'reports:read'];
    expect(declared && [...permissionsOf(declared.access)]).toEqual(allowed);
    for (const preset of ROLE_PRESETS) {
      const response = await scan(preset.key, 'NO-SUCH-CODE-1');
      const mayScan = allowed.some((permission) => preset.permissions.includes(permission));
      expect(`${preset.key}: ${response.status}`).toBe(`${preset.key}: ${mayScan ? 200 : 403}`);
    }
    expect(await expectJson(await scan('box-office', 'NO-SUCH-CODE-1'))).toEqual({ kind: 'unknown' });
    expect((await scan('box-office', '   ')).status).toBe(422);
  });

  it("opens a ticket's or receipt's order key and the payment QR's link from the mirror, without asking the service", async () => {
    const byKey = { kind: 'order', orderId: sold.orderId, orderKey: sold.orderKey, from: 'order-key' };
    const calls = await serviceCallsDuring(async () => {
      expect(await expectJson<ScanResult>(await scan('box-office', sold.orderKey))).toEqual(byKey);
      const link = `http://foyer.test/v1/demo/pay/${sold.orderKey}`;
      expect(await expectJson<ScanResult>(await scan('box-office', link))).toEqual({ ...byKey, from: 'payment-link' });
      const provider = `https://psp.example/return?return=${sold.orderKey}&lang=nl`;
      expect(await expectJson<ScanResult>(await scan('manager', provider))).toEqual({ ...byKey, from: 'payment-link' });
    });
    expect(calls).toEqual([]);
  });

  it('opens to a seller only the desk’s own sales, as the order page does; whoever reads orders opens any', async () => {
    const listed = (await (
      await service.request(`/v1/${DEMO.client}/partner/order?page=3`, { key: DEMO.apiKey })
    ).json()) as { data: Parameters<typeof upsertOrders>[2][number][] };
    const webshopOrder = listed.data.find((order) => order.orderStatus !== 'res') as (typeof listed.data)[number];
    await upsertOrders(gateway.db, organisationId, [webshopOrder]);
    const refused = await scan('box-office', String(webshopOrder.orderKey));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/was not sold in Foyer/);
    expect(await expectJson<ScanResult>(await scan('manager', String(webshopOrder.orderKey)))).toMatchObject({
      kind: 'order',
      orderId: Number(webshopOrder.orderId),
    });
  });

  it('falls back to the service’s newest orders for a key the mirror does not hold yet', async () => {
    await gateway.db.query('delete from gateway.mirror_orders where organisation_id = $1 and order_id = $2', [
      organisationId,
      sold.orderId,
    ]);
    const calls = await serviceCallsDuring(async () => {
      expect(await expectJson<ScanResult>(await scan('box-office', sold.orderKey))).toMatchObject({
        kind: 'order',
        orderId: sold.orderId,
      });
    });
    expect(calls).toEqual([`GET /v1/${DEMO.client}/partner/order?page=1`]);
  });

  it('in the box office names the buyer by card number or email; elsewhere those are no order', async () => {
    const page = (await (
      await service.request(`/v1/${DEMO.client}/partner/export/customers?page=1`, { method: 'POST', key: DEMO.apiKey })
    ).json()) as { data: Customer[] };
    const [carded, emailed] = page.data as [Customer, Customer];
    await upsertCustomers(gateway.db, organisationId, [{ ...carded, customerExternalId: 'CARD-004242' }]);
    const byCard = await expectJson<ScanResult>(await scan('box-office', 'CARD-004242', 'box-office'));
    expect(byCard).toEqual({
      kind: 'customer',
      from: 'card',
      customer: expect.objectContaining({ customerId: carded.customerId, email: carded.email }),
    });
    // Only what the buyer picker shows leaves the gateway.
    expect(Object.keys(byCard.kind === 'customer' ? byCard.customer : {}).sort()).toEqual([
      'customerCity',
      'customerFirstName',
      'customerId',
      'customerLastName',
      'customerPhone',
      'customerPreposition',
      'email',
    ]);
    expect(await expectJson(await scan('box-office', 'CARD-004242', 'app'))).toEqual({ kind: 'unknown' });

    // Not mirrored yet: the service's findByEmail finds it (and the mirror keeps it).
    const email = emailed.email.toUpperCase();
    const calls = await serviceCallsDuring(async () => {
      expect(await expectJson<ScanResult>(await scan('box-office', email, 'box-office'))).toMatchObject({
        kind: 'customer',
        from: 'email',
        customer: { customerId: emailed.customerId },
      });
    });
    expect(calls).toEqual([`POST /v1/${DEMO.client}/partner/customer/findByEmail`]);
    expect(await serviceCallsDuring(() => scan('box-office', email, 'box-office'))).toEqual([]);
    expect(await expectJson(await scan('box-office', 'nobody@example.invalid', 'box-office'))).toEqual({
      kind: 'unknown',
    });
  });
});
