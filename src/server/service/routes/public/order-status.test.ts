import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '@/contract/common';
import { publicOrderStatusSchema } from '@/contract/public-order';
import { type DemoFixtures, loadDemoFixtures } from '@/server/testing/demo-fixtures';
import { createTestService, describeEachDatabase, type TestService } from '@/server/testing/test-service';

describeEachDatabase('public order status', (database) => {
  let service: TestService;
  let fx: DemoFixtures;

  beforeAll(async () => {
    service = await createTestService({ database });
    fx = await loadDemoFixtures(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  interface Line {
    id: number;
    seat_id: number | null;
    item_type: string;
    event_name: string;
    event_type: string | null;
  }
  const linesOf = async (orderKey: string) =>
    (
      await service.db.query<Line>(
        `select os.id, os.seat_id, os.item_type, e.name as event_name, e.event_type
           from order_seats os join orders o on o.id = os.order_id join events e on e.id = os.event_id
          where o.order_key = $1 and os.deleted_at is null order by os.id`,
        [orderKey],
      )
    ).rows;

  it('gives payment status, ticket count, absolute ticket and receipt URLs and the seats (spec 2.6)', async () => {
    const { orderKey } = fx.paidOrder;
    const res = await service.request(`/v1/demo/order/${orderKey}`);
    expect(res.status).toBe(200);
    const status = publicOrderStatusSchema.strict().parse(await res.json());
    const lines = await linesOf(orderKey);
    expect(status).toEqual({
      order_payment_status: 'paid',
      order_tickets_nr: lines.filter((line) => line.item_type === 'ticket').length,
      order_tickets_url: `http://service.test/v1/demo/tickets/${orderKey}`,
      order_receipt_url: `http://service.test/v1/demo/receipt/${orderKey}`,
      seats: lines.map((line) => ({
        seat_id: line.seat_id ?? line.id,
        event_name: line.event_name,
        event_type: line.event_type,
      })),
    });
    expect(status.order_tickets_nr).toBeGreaterThan(0);
    for (const url of [status.order_tickets_url, status.order_receipt_url]) {
      const page = await service.request(new URL(url).pathname);
      expect(page.status, url).toBe(200);
    }
  });

  it('leaves deleted seats out and reports every payment status as stored', async () => {
    const { rows } = await service.db.query<{ order_key: string; payment_status: string }>(
      `select distinct on (o.payment_status) o.order_key, o.payment_status
         from orders o where o.client_id = $1
          and exists (select 1 from order_seats os where os.order_id = o.id and os.deleted_at is not null)
        order by o.payment_status, o.id`,
      [fx.demo.clientId],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const status = publicOrderStatusSchema.parse(
        await (await service.request(`/v1/demo/order/${row.order_key}`)).json(),
      );
      expect(status.order_payment_status).toBe(row.payment_status);
      const lines = await linesOf(row.order_key);
      expect(status.seats).toHaveLength(lines.length);
      expect(status.order_tickets_nr).toBe(lines.filter((line) => line.item_type === 'ticket').length);
    }
  });

  it('is 404 "Order not found" for an unknown key and for another client’s order', async () => {
    const unknown = await service.request('/v1/demo/order/no-such-order-key');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Order not found' });
    const { rows } = await service.db.query<{ order_key: string }>('select order_key from orders where id = $1', [
      fx.harbour.orderId,
    ]);
    const foreign = await service.request(`/v1/demo/order/${rows[0]?.order_key}`);
    expect(foreign.status).toBe(404);
    expect(errorBodySchema.parse(await foreign.json()).message).toBe('Order not found');
    const own = await service.request(`/v1/harbour/order/${rows[0]?.order_key}`);
    expect(own.status).toBe(200);
  });
});
