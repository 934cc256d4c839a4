import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditEntry } from '@/contract/audit';
import { WALK_IN_EMAIL, type WalkInCustomer } from '@/contract/scan';
import { expectJson } from '../../testing/box-office';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { type CountingConnection, countingConnection, organisationIdOf } from '../../testing/mirror';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { embeddedService } from '../service-connection';

describeEachDatabase('the walk-in customer', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let connection: CountingConnection;
  let fx: DemoFixtures;
  let seller: TestBrowser;
  let otherSeller: TestBrowser;

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    fx = await loadDemoFixtures(service.db);
    connection = countingConnection(embeddedService(service.app));
    gateway = await createTestGateway({ runtime: service, service: connection });
    seller = await signedInBrowser(gateway, demoPerson('box-office').email);
    otherSeller = await signedInBrowser(gateway, demoPerson('box-office').email);
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const walkIn = (browser: TestBrowser) => browser.request('/api/walk-in-customer', { method: 'POST', json: {} });
  const creations = () => connection.calls.filter((call) => call === `POST /v1/${DEMO.client}/partner/customer`);

  it('is made once through the service when two sellers ask at the same moment, and is the same ever after', async () => {
    const [first, second] = await Promise.all([walkIn(seller), walkIn(otherSeller)]);
    const a = await expectJson<WalkInCustomer>(first);
    const b = await expectJson<WalkInCustomer>(second);
    expect(a).toEqual(b);
    expect(a.customer).toMatchObject({ email: WALK_IN_EMAIL, customerFirstName: 'Walk-in' });
    expect(a.cashMethodId).toBe(fx.paymentMethods.cash);
    expect(creations()).toHaveLength(1);

    expect(await expectJson<WalkInCustomer>(await walkIn(seller))).toEqual(a);
    expect(creations()).toHaveLength(1);
    const admin = await signedInBrowser(gateway, demoPerson('administrator').email);
    const audit = await expectJson<{ data: AuditEntry[] }>(await admin.request('/api/audit?action=walk-in-customer'));
    expect(audit.data.map((entry) => entry.details)).toEqual([{ customerId: a.customer.customerId, created: true }]);

    // A checkout needs a customer: the walk-in is one.
    const cart = await expectJson<{ cart_id: string }>(
      await seller.request('/api/v1/demo/cart/', { method: 'POST' }),
      201,
    );
    await expectJson(
      await seller.request(`/api/v1/demo/partner/cart/${cart.cart_id}`, {
        method: 'POST',
        json: [{ priceId: 'donation', rankId: 0, amount: 5, itemType: 'donation' }],
      }),
    );
    await expectJson(
      await seller.request(`/api/v1/demo/partner/cart/${cart.cart_id}/checkout`, {
        method: 'POST',
        json: { customerId: a.customer.customerId, paymentMethodId: a.cashMethodId },
      }),
    );
  });

  it('takes over a claim its maker left unfinished, finding the customer the service already has', async () => {
    const organisationId = await organisationIdOf(gateway.db, DEMO.client);
    const known = await expectJson<WalkInCustomer>(await walkIn(seller));
    await gateway.db.query(
      `update gateway.walk_in_customers set customer_id = null, created_at = null, claimed_at = now() - interval '1 minute'
        where organisation_id = $1`,
      [organisationId],
    );
    expect(await expectJson<WalkInCustomer>(await walkIn(seller))).toEqual(known);
    expect(creations()).toHaveLength(1);
  });

  it('is for those who sell', async () => {
    const marketing = await signedInBrowser(gateway, demoPerson('marketing').email);
    expect((await walkIn(marketing)).status).toBe(403);
  });
});
