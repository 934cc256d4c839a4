import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '@/contract/common';
import { orderCreateResponseSchema } from '@/contract/order-create';
import { type DemoFixtures, loadDemoFixtures } from '@/server/testing/demo-fixtures';
import { expectInvariants, fullPriceType, newCart } from '@/server/testing/selling';
import { createTestService, describeEachDatabase, type TestService } from '@/server/testing/test-service';

describeEachDatabase('public order create', (database) => {
  let service: TestService;
  let fx: DemoFixtures;

  beforeAll(async () => {
    service = await createTestService({ database });
    fx = await loadDemoFixtures(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  async function filledCart(tickets = 2): Promise<string> {
    const cartId = await newCart(service);
    const discount = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
    const added = await service.request(`/v1/demo/cart/${cartId}`, {
      method: 'POST',
      json: { event_id: fx.reserved.eventId, numberoftickets: tickets, discount_id: discount },
    });
    expect(added.status).toBe(200);
    return cartId;
  }
  const create = (body: unknown) => service.request('/v1/demo/order/create', { method: 'POST', json: body });
  const valid = (cartId: string) => ({
    cart_id: cartId,
    payment_id: fx.paymentMethods.online[0],
    redirectURL: 'https://shop.example/thanks?lang=nl',
    email: `Buyer.${cartId.slice(0, 8)}@Example.test`,
    firstname: 'Ada',
    lastname: 'Lovelace',
    phone: '+31612345678',
    address: 'Kade 1',
    city: 'Amsterdam',
    zip: '1011 AB',
    avg_optin: true,
    avg_mailinglist: false,
  });

  it('creates a www reservation with a new customer and returns [{ url, order_key }], idempotently', async () => {
    const cartId = await filledCart();
    const response = await create(valid(cartId));
    expect(response.status).toBe(200);
    const [result] = orderCreateResponseSchema.parse(await response.json());
    if (!result) throw new Error('no result');
    expect(result.url).toBe(`http://service.test/v1/demo/pay/${result.order_key}`);
    const again = orderCreateResponseSchema.parse(await (await create(valid(cartId))).json());
    expect(again).toEqual([result]);
    const { rows } = await service.db.query<Record<string, unknown>>(
      `select o.status, o.payment_status, o.channel, o.fee_cents, o.redirect_url, c.email, c.first_name, c.phone, c.zip,
              c.prefs, (select count(*)::int from order_seats os where os.order_id = o.id) as lines
         from orders o join customers c on c.id = o.customer_id where o.order_key = $1`,
      [result.order_key],
    );
    expect(rows[0]).toMatchObject({
      status: 'res',
      payment_status: 'none',
      channel: 'www',
      redirect_url: 'https://shop.example/thanks?lang=nl',
      first_name: 'Ada',
      phone: '+31612345678',
      zip: '1011 AB',
      prefs: { user_prefs_optin: '1', user_prefs_mailinglist: '0' },
      lines: 2,
    });
    const status = await (await service.request(`/v1/demo/order/${result.order_key}`)).json();
    expect(status).toMatchObject({ order_payment_status: 'none', order_tickets_nr: 2 });
    await expectInvariants(service.db);
  });

  it('links an existing customer by email, case-insensitively', async () => {
    const { rows } = await service.db.query<{ email: string; id: number }>(
      'select email, id from customers where id = $1',
      [fx.customers.withTags.customerId],
    );
    const customer = rows[0];
    if (!customer) throw new Error('no customer');
    const cartId = await filledCart(1);
    const [result] = orderCreateResponseSchema.parse(
      await (await create({ ...valid(cartId), email: customer.email.toUpperCase() })).json(),
    );
    const order = await service.db.query('select customer_id from orders where order_key = $1', [result?.order_key]);
    expect(order.rows[0]).toEqual({ customer_id: customer.id });
  });

  it('validates every field (422) and refuses unknown carts (404), empty carts and desk methods (422)', async () => {
    const cartId = await filledCart(1);
    const base = valid(cartId);
    const bad: Record<string, unknown>[] = [
      { redirectURL: 'http://shop.example/' },
      { redirectURL: 'not a url' },
      { email: 'nope' },
      { firstname: '' },
      { lastname: ' ' },
      { phone: '06-1234' },
      { zip: '12345678901' },
      { city: 'x'.repeat(256) },
      { address: 42 },
      { avg_optin: 'yes' },
      { avg_mailinglist: 1 },
      { payment_id: 'x' },
      { payment_id: 999_999 },
      { payment_id: fx.paymentMethods.cash },
    ];
    for (const change of bad) {
      const response = await create({ ...base, ...change });
      const body = errorBodySchema.parse(await response.json());
      expect({ change, status: response.status }).toEqual({ change, status: 422 });
      expect(body.message.length).toBeGreaterThan(0);
    }
    for (const field of ['cart_id', 'payment_id', 'redirectURL', 'email', 'firstname', 'lastname']) {
      const { [field]: _omitted, ...rest } = base as Record<string, unknown>;
      const response = await create(rest);
      expect(response.status).toBe(422);
      expect(errorBodySchema.parse(await response.json()).errors?.[field]).toBeDefined();
    }
    expect(errorBodySchema.parse(await (await create({ ...base, cart_id: 'unknown' })).json())).toEqual({
      message: 'Cart not found',
    });
    const empty = await newCart(service);
    expect((await create({ ...base, cart_id: empty })).status).toBe(422);
    // Nothing was created by the refused calls.
    const { rows } = await service.db.query('select 1 from orders where cart_id = $1', [cartId]);
    expect(rows).toEqual([]);
    await expectInvariants(service.db);
  });
});
