import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { paymentMethodSchema } from '@/contract/payment-method';
import { ensureDemoClients } from '@/server/testing/client-fixtures';
import {
  createTestService,
  DEMO,
  describeEachDatabase,
  HARBOUR,
  type TestService,
} from '@/server/testing/test-service';

describeEachDatabase('partner payment methods', (database) => {
  let service: TestService;
  let clientId: number;

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    const { rows } = await service.db.query<{ id: number }>("select id from clients where name = 'demo'");
    clientId = rows[0]?.id ?? 0;
    await service.db.query(
      `insert into payment_methods (client_id, name, fee_cents, kind, desk_status, position) values
         ($1, 'Fixture iDEAL', 35, 'online', 'paid', 900),
         ($1, 'Fixture Contant', 0, 'desk', 'paid', 901),
         ($1, 'Fixture Factuur', 250, 'desk', 'pending', 902)`,
      [clientId],
    );
  });
  afterAll(async () => {
    await service?.close();
  });

  it('lists the client’s methods in position order with the fee in EUR as a number', async () => {
    const res = await service.request('/v1/demo/partner/paymentmethods', { key: DEMO.apiKey });
    expect(res.status).toBe(200);
    const methods = z.array(paymentMethodSchema).parse(await res.json());
    const fixtures = methods.filter((method) => method.name.startsWith('Fixture '));
    expect(fixtures.map(({ name, fee }) => ({ name, fee }))).toEqual([
      { name: 'Fixture iDEAL', fee: 0.35 },
      { name: 'Fixture Contant', fee: 0 },
      { name: 'Fixture Factuur', fee: 2.5 },
    ]);
    const { rows } = await service.db.query<{ n: number }>(
      'select count(*)::int as n from payment_methods where client_id = $1',
      [clientId],
    );
    expect(methods).toHaveLength(rows[0]?.n ?? -1);
  });

  it('shows no other client’s methods and needs the client’s key', async () => {
    const res = await service.request(`/v1/${HARBOUR.client}/partner/paymentmethods`, { key: HARBOUR.apiKey });
    expect(res.status).toBe(200);
    const names = z
      .array(paymentMethodSchema)
      .parse(await res.json())
      .map((method) => method.name);
    expect(names).not.toContain('Fixture iDEAL');
    expect((await service.request('/v1/demo/partner/paymentmethods')).status).toBe(401);
    expect((await service.request('/v1/demo/partner/paymentmethods', { key: HARBOUR.apiKey })).status).toBe(403);
  });
});
