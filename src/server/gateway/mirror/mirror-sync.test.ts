import { afterAll, beforeAll, expect, it } from 'vitest';
import { lapseUnpaidOrders } from '../../service/domain/payment-window';
import { whileAnsweringPeople } from '../../testing/answering-people';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import {
  type CountingConnection,
  countingConnection,
  expectMirrorEqualsService,
  organisationIdOf,
  syncStates,
} from '../../testing/mirror';
import { fullPriceType, newCart, partner } from '../../testing/selling';
import { createTestGateway, quietLog, type TestGateway } from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, HARBOUR, type TestService } from '../../testing/test-service';
import { embeddedService, ServiceUnreachableError } from '../service-connection';
import { isoSeconds } from '../upstream/upstream-client';
import { MirrorSync } from './mirror-sync';

describeEachDatabase('the mirror sync', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let fx: DemoFixtures;
  let connection: CountingConnection;
  let mirror: MirrorSync;
  let demoId: number;
  let harbourId: number;
  const waits: number[] = [];
  const api = () => partner(service);

  /** A sync engine over the counting connection; waits are recorded, not waited. */
  const engine = (options: { intervalSeconds?: number; attempts?: number; marginMs?: number } = {}) =>
    new MirrorSync({
      ...(options.marginMs === undefined ? {} : { watermarkMarginMs: options.marginMs }),
      db: gateway.db,
      service: connection,
      organisations: gateway.deps.organisations,
      log: quietLog,
      intervalSeconds: options.intervalSeconds ?? 30,
      concurrency: 4,
      retry: { attempts: options.attempts ?? 6, baseDelayMs: 1000, maxDelayMs: 60_000 },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });

  /** Runs a sync and returns it with the calls it made. */
  const sync = async (engineToUse: MirrorSync, organisationId: number) => {
    const before = connection.calls.length;
    const report = await engineToUse.syncNow(organisationId);
    if (!report) throw new Error('the lease was not taken');
    return { report, calls: connection.calls.slice(before) };
  };

  const sell = async (paymentMethodId: number) => {
    const cartId = await newCart(service);
    const priceId = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
    const added = await api().post(`/cart/${cartId}`, [
      { priceId, rankId: fx.reserved.rankId, eventId: fx.reserved.eventId },
    ]);
    expect(added.status).toBe(200);
    const checkout = await api().post(`/cart/${cartId}/checkout`, {
      customerId: fx.customers.withTags.customerId,
      paymentMethodId,
    });
    expect(checkout.status).toBe(200);
    return ((await checkout.json()) as { orderId: number }).orderId;
  };

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    fx = await loadDemoFixtures(service.db);
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    connection = countingConnection(embeddedService(service.app));
    mirror = engine();
    demoId = await organisationIdOf(gateway.db, 'demo');
    harbourId = await organisationIdOf(gateway.db, 'harbour');
  });
  afterAll(async () => {
    await mirror?.stop();
    await gateway?.close();
    await service?.close();
  });

  it('fills the mirror by one full sync: every customer, order with its lines, and waiting-list entry', async () => {
    const { report, calls } = await sync(mirror, demoId);
    expect(report.resources.map((r) => [r.resource, r.full, r.error])).toEqual([
      ['customers', true, undefined],
      ['orders', true, undefined],
      ['waitinglist', true, undefined],
    ]);
    await expectMirrorEqualsService(gateway.db, demoId, service, DEMO);
    // About one request per hundred records: 300 customers, 900 orders, 32 waiting-list entries.
    expect(calls.every((call) => call.startsWith('POST /v1/demo/partner/export/'))).toBe(true);
    expect(calls.length).toBeLessThanOrEqual(3 + 9 + 1 + 4);
    const states = await syncStates(gateway.db, demoId);
    for (const resource of ['customers', 'orders', 'waitinglist']) {
      const state = states.get(resource);
      expect(state?.full_sync_finished_at).toBeInstanceOf(Date);
      expect(state?.last_error).toBeNull();
      expect(Number(state?.full_sync_done)).toBeGreaterThanOrEqual(Number(state?.full_sync_total));
    }
    expect(Number(states.get('customers')?.full_sync_total)).toBe(300);
    // Harbour's mirror is its own, and still empty.
    const { rows } = await gateway.db.query<{ n: number }>(
      'select count(*)::int as n from gateway.mirror_customers where organisation_id = $1',
      [harbourId],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('keys every customer of the first full sync at its end as the trigger would have, each marked for a scan', async () => {
    // The formula of migration 026's bulk insert; the first full sync skipped the per-statement trigger.
    const { rows } = await gateway.db.query<{ customers: number; keyed: number; same: number; marked: number }>(
      `select count(*)::int as customers, count(k.customer_id)::int as keyed,
              count(*) filter (where (k.last_changed, k.full_name, k.email_key, k.phone_key, k.name_zip_key,
                                      k.address_key)
                is not distinct from (m.last_changed, m.full_name, gateway.duplicate_email_key(m.email),
                                      gateway.duplicate_phone_key(m.body ->> 'customerPhone'),
                                      gateway.duplicate_hash_pair(m.full_name, m.zip),
                                      gateway.duplicate_hash_pair(m.zip, gateway.duplicate_house_nr(m.body))))::int
                as same,
              count(*) filter (where exists (select 1 from gateway.duplicate_dirty_customers d
                                              where d.organisation_id = m.organisation_id
                                                and d.customer_id = m.customer_id))::int as marked
         from (select *, gateway.duplicate_full_name(body) as full_name,
                      gateway.duplicate_zip(body ->> 'customerZip') as zip
                 from gateway.mirror_customers where organisation_id = $1) m
         left join gateway.duplicate_keys k on k.organisation_id = m.organisation_id and k.customer_id = m.customer_id`,
      [demoId],
    );
    expect(rows[0]).toEqual({ customers: 300, keyed: 300, same: 300, marked: 300 });
  });

  it("writes every customer's segment facts at the first full sync's end as the trigger writes them", async () => {
    const segmentRows = async () =>
      (
        await gateway.db.query(
          `select customer_id::int as id, city, zip_digits, country, tags, optin, mailinglist, extra_optin, custom1,
                  custom2, custom3, custom4, custom5, custom6, custom7, last_changed, orders, amount_cents, last_day,
                  days, running_cents, bought_events, bought_prices
             from gateway.segment_facts where organisation_id = $1 order by customer_id`,
          [demoId],
        )
      ).rows;
    const afterSync = await segmentRows();
    expect(afterSync).toHaveLength(300);
    // The same customers written again outside a first sync: the statement trigger writes their rows itself.
    await gateway.db.query('update gateway.mirror_customers set mirrored_at = now() where organisation_id = $1', [
      demoId,
    ]);
    expect(await segmentRows()).toEqual(afterSync);
  });

  it('brings edits, tag changes, new orders and cancellations with a few requests', async () => {
    const edited = fx.customers.nullPrefs.customerId;
    expect(
      (
        await service.request(`/v1/demo/partner/customer/${edited}`, {
          method: 'PUT',
          key: DEMO.apiKey,
          json: { customerLastName: 'Mirrorsma' },
        })
      ).status,
    ).toBe(200);
    const tagged = fx.customers.legacyPrefs.customerId;
    const tags = (await (await api().get('/export/clienttypes')).json()) as string[];
    expect((await api().post(`/customer/${tagged}/clienttypes`, { clienttypes: tags.slice(0, 2) })).status).toBe(200);
    const paid = await sell(fx.paymentMethods.cash);
    const lapsing = await sell(fx.paymentMethods.online[0] as number);
    await service.db.query(`update orders set payment_due_at = now() - interval '1 minute' where id = $1`, [lapsing]);
    expect(await lapseUnpaidOrders(service.db, new Date())).toBe(1);

    const { report, calls } = await sync(mirror, demoId);
    expect(report.resources.map((r) => [r.resource, r.full, r.error ?? null])).toEqual([
      ['customers', false, null],
      ['orders', false, null],
      ['waitinglist', false, null],
    ]);
    await expectMirrorEqualsService(gateway.db, demoId, service, DEMO);
    expect(calls.length).toBe(3);
    const { rows } = await gateway.db.query<{ order_id: number; order_status: string; deleted: boolean[] }>(
      `select o.order_id::int, o.order_status, array_agg(s.deleted order by s.line_no) as deleted
         from gateway.mirror_orders o join gateway.mirror_order_seats s using (organisation_id, order_id)
        where o.organisation_id = $1 and o.order_id = any($2::bigint[]) group by 1, 2 order by 1`,
      [demoId, [paid, lapsing]],
    );
    expect(rows).toEqual([
      { order_id: paid, order_status: 'ord', deleted: [false] },
      { order_id: lapsing, order_status: 'cancel', deleted: [true] },
    ]);
  });

  it('costs one request per resource when nothing changed', async () => {
    const { report, calls } = await sync(mirror, demoId);
    // The three resources run side by side: their requests come in any order.
    expect(calls.sort()).toEqual([
      'POST /v1/demo/partner/export/customers?page=1',
      'POST /v1/demo/partner/export/orders?page=1',
      'POST /v1/demo/partner/export/waitinglist?page=1',
    ]);
    expect(report.resources.map((r) => r.pages)).toEqual([1, 1, 1]);
  });

  it('neither loses nor doubles the records that share the watermark second', async () => {
    // No safety margin, and the service's clock (its Date header) half-way through second S.
    const exact = engine({ marginMs: 0 });
    const s = new Date(Math.floor(Date.now() / 1000) * 1000);
    connection.serverDate = () => new Date(s.getTime() + 500);
    try {
      // A customer changed in second S, the latest change of all; the sync reads it. The watermark stays at
      // S (a Date header has whole seconds): the second is not over.
      const [first, second] = [fx.customers.withTags.customerId, fx.customers.withRequiredTag.customerId];
      await service.db.query('update customers set last_changed = $2 where id = $1', [first, s]);
      await sync(exact, demoId);
      expect((await syncStates(gateway.db, demoId)).get('customers')?.watermark).toEqual(s);
      // Another commits after that read with a lastChanged in that same second (its transaction began then).
      await service.db.query(`update customers set last_changed = $2, last_name = 'Zelfde-Seconde' where id = $1`, [
        second,
        new Date(s.getTime() + 300),
      ]);
      const before = connection.calls.length;
      await sync(exact, demoId);
      const asked = connection.calls.findIndex(
        (call, i) => i >= before && call.startsWith('POST /v1/demo/partner/export/customers'),
      );
      expect(JSON.parse(connection.bodies[asked] ?? '{}')).toEqual({ changedSince: isoSeconds(s) });
      await expectMirrorEqualsService(gateway.db, demoId, service, DEMO);
      const { rows } = await gateway.db.query<{ name: string }>(
        `select body->>'customerLastName' as name from gateway.mirror_customers
          where organisation_id = $1 and last_changed = $2 and customer_id = any($3::bigint[]) order by customer_id`,
        [demoId, s, [first, second]],
      );
      // Both there, once each, at the watermark's second (the mirror keeps it to the second, as exported).
      expect(rows).toHaveLength(2);
      expect(rows.map((row) => row.name)).toContain('Zelfde-Seconde');
    } finally {
      connection.serverDate = null;
    }
  });

  it('moves past a second changed in bulk once it is over: an idle run then reads nothing', async () => {
    const quick = engine({ marginMs: 1000 });
    // 250 customers changed by one statement: one lastChanged for all, three pages.
    await service.db.query(
      `update customers set last_changed = now(), city = city || ''
        where id in (select id from customers where client_id = $1 order by id limit 250)`,
      [fx.demo.clientId],
    );
    const { report: first } = await sync(quick, demoId);
    expect(first.resources[0]?.records).toBeGreaterThanOrEqual(250);
    // Once that second is more than the margin behind the service's clock, the watermark moves past it.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await sync(quick, demoId);
    const { report, calls } = await sync(quick, demoId);
    expect(calls).toHaveLength(3);
    expect(report.resources.map((r) => r.records)).toEqual([0, 0, 0]);
  });

  it('retries a failing page, waits what Retry-After asks, and mirrors everything', async () => {
    const faults = new Map<number, () => Response | Error>([
      [2, () => new Response('{"message":"boom"}', { status: 500 })],
      [3, () => new Response('{"message":"slow down"}', { status: 429, headers: { 'retry-after': '7' } })],
      [5, () => new ServiceUnreachableError('connection reset', false)],
    ]);
    let exportCalls = 0;
    connection.fault = ({ path }) => {
      if (!path.includes('/partner/export/orders')) return null;
      exportCalls++;
      return faults.get(exportCalls)?.() ?? null;
    };
    waits.length = 0;
    try {
      const { report } = await sync(engine(), harbourId);
      expect(report.resources.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
      expect(report.retries).toBe(3);
      // Backoff of about a second after the 500 (1 s + up to a quarter), 7 s for the 429, backoff again.
      expect(waits).toHaveLength(3);
      expect(waits[1]).toBe(7000);
      expect(waits[0]).toBeGreaterThanOrEqual(1000);
      expect(waits[0]).toBeLessThanOrEqual(1250);
    } finally {
      connection.fault = null;
    }
    await expectMirrorEqualsService(gateway.db, harbourId, service, HARBOUR);
  });

  it('keeps the watermark when a page keeps failing, says why, and resumes on the next run', async () => {
    await api().post(`/customer/${fx.customers.nullPrefs.customerId}/clienttypes`, { clienttypes: [] });
    const before = (await syncStates(gateway.db, demoId)).get('customers')?.watermark;
    connection.fault = ({ path }) =>
      path.includes('/partner/export/customers') ? new Response('{}', { status: 502 }) : null;
    try {
      const { report } = await sync(engine({ attempts: 2 }), demoId);
      expect(report.resources.find((r) => r.resource === 'customers')?.error).toMatch(
        /answered 502 \(after 2 attempts\)/,
      );
      expect(report.resources.find((r) => r.resource === 'orders')?.error).toBeUndefined();
    } finally {
      connection.fault = null;
    }
    const failed = (await syncStates(gateway.db, demoId)).get('customers');
    expect(failed?.watermark).toEqual(before);
    expect(failed?.last_error).toMatch(/502/);
    const { report } = await sync(mirror, demoId);
    expect(report.resources.every((r) => !r.error)).toBe(true);
    expect((await syncStates(gateway.db, demoId)).get('customers')?.last_error).toBeNull();
    await expectMirrorEqualsService(gateway.db, demoId, service, DEMO);
  });

  it('on schedule, syncs each organisation once per interval with one request per resource when idle', async () => {
    const scheduled = engine({ intervalSeconds: 30 });
    await scheduled.syncDue();
    const before = connection.calls.length;
    // Both organisations were synced a moment ago (here, or by another instance): not due yet.
    await scheduled.syncDue();
    expect(connection.calls.length).toBe(before);
    // Most of an interval later, they are.
    await gateway.db.query(
      `update gateway.mirror_sync_state set last_attempt_at = last_attempt_at - interval '25 seconds'`,
    );
    await scheduled.syncDue();
    expect(
      connection.calls
        .slice(before)
        .map((call) => call.replace(/\?.*/, ''))
        .sort(),
    ).toEqual(
      [
        'POST /v1/demo/partner/export/customers',
        'POST /v1/demo/partner/export/orders',
        'POST /v1/demo/partner/export/waitinglist',
        'POST /v1/harbour/partner/export/customers',
        'POST /v1/harbour/partner/export/orders',
        'POST /v1/harbour/partner/export/waitinglist',
      ].sort(),
    );
  });

  it('reads the waiting list whole again after its reload period and drops entries the service no longer has', async () => {
    const { rows } = await service.db.query<{ id: number }>(
      `delete from waiting_list where id = (select min(w.id) from waiting_list w join clients c on c.id = w.client_id
        where c.name = 'demo') returning id`,
    );
    await service.db.query(`update waiting_list set type = 'notified', notified_at = now()
      where id = (select max(w.id) from waiting_list w join clients c on c.id = w.client_id where c.name = 'demo')`);
    await gateway.db.query(
      `update gateway.mirror_sync_state set full_sync_finished_at = now() - interval '1 hour'
        where organisation_id = $1 and resource = 'waitinglist'`,
      [demoId],
    );
    const { report } = await sync(mirror, demoId);
    const waiting = report.resources.find((r) => r.resource === 'waitinglist');
    expect(waiting).toMatchObject({ full: true, removed: 1 });
    await expectMirrorEqualsService(gateway.db, demoId, service, DEMO);
    const gone = await gateway.db.query('select 1 from gateway.mirror_waiting_list where waiting_id = $1', [
      rows[0]?.id,
    ]);
    expect(gone.rows).toHaveLength(0);
  });

  // On a server the sync takes one connection at a time while people are being answered (its two writers and two end
  // passes otherwise); on PGlite every background statement waits for them anyway (db/interactive-priority.test.ts).
  it.runIf(database === 'postgres')(
    'writes a first full sync beside a request answered all along one step at a time, with the same rows, keys and facts',
    async () => {
      // (Not the keys' last_changed: a write that changes no key leaves it, migration 026.)
      const derived = async () => ({
        keys: (
          await gateway.db.query(
            `select customer_id::int as id, full_name, email_key, phone_key, name_zip_key, address_key
               from gateway.duplicate_keys where organisation_id = $1 order by customer_id`,
            [demoId],
          )
        ).rows,
        facts: (
          await gateway.db.query(
            `select customer_id::int as id, city, zip_digits, tags, optin, orders, amount_cents, days, bought_events,
                    bought_prices from gateway.segment_facts where organisation_id = $1 order by customer_id`,
            [demoId],
          )
        ).rows,
      });
      const before = await derived();
      expect(before.keys).toHaveLength(300);
      // The customers forgotten: the next sync of them is a first full sync again.
      await gateway.db.query('delete from gateway.mirror_customers where organisation_id = $1', [demoId]);
      await gateway.db.query(
        `delete from gateway.mirror_sync_state where organisation_id = $1 and resource = 'customers'`,
        [demoId],
      );
      const { report } = await whileAnsweringPeople(() => sync(mirror, demoId));
      expect(report.resources.find((r) => r.resource === 'customers')).toMatchObject({ full: true });
      expect(report.resources.every((r) => r.error === undefined)).toBe(true);
      await expectMirrorEqualsService(gateway.db, demoId, service, DEMO);
      expect(await derived()).toEqual(before);
    },
  );

  // The service's work for the next pages is the sync's too: beside a busy desk they wait for the pause.
  it.runIf(database === 'postgres')(
    'beside a request answered all along, pauses after each round of pages and only then asks for the next ones',
    async () => {
      const orderPages = () =>
        connection.calls.flatMap((call) => {
          const page = /^POST \/v1\/demo\/partner\/export\/orders\?page=(\d+)$/.exec(call)?.[1];
          return page ? [Number(page)] : [];
        });
      let askedBefore = 0;
      // At each pause, the order pages asked for so far in the sync.
      const atPauses: number[][] = [];
      const paced = new MirrorSync({
        ...mirror.options,
        // Watermarks at the last second read: the customers and the waiting list, unchanged, then take one request
        // each and no round (this file's changes of the last seconds are not read again).
        watermarkMarginMs: 0,
        sleep: async () => {
          atPauses.push(orderPages().slice(askedBefore));
        },
      });
      // The mirror up to date, then its orders forgotten: nine pages of 100 or more (this file's sales add some),
      // read as page 1, then four at a time from the last down, then 1 again.
      await sync(paced, demoId);
      await gateway.db.query('delete from gateway.mirror_orders where organisation_id = $1', [demoId]);
      await gateway.db.query(
        `delete from gateway.mirror_sync_state where organisation_id = $1 and resource = 'orders'`,
        [demoId],
      );
      askedBefore = orderPages().length;
      expect(atPauses).toEqual([]);
      try {
        const { report } = await whileAnsweringPeople(() => sync(paced, demoId));
        expect(report.resources.find((r) => r.resource === 'orders')).toMatchObject({ full: true });
      } finally {
        await paced.stop();
      }
      const lastPage = Math.max(...orderPages().slice(askedBefore));
      expect(lastPage).toBeGreaterThanOrEqual(9);
      const rounds: number[][] = [];
      for (let top = lastPage; top >= 2; top -= 4) {
        rounds.push(Array.from({ length: Math.min(4, top - 1) }, (_, i) => top - i));
      }
      rounds.push([1]);
      // At the end of each round exactly the pages of the rounds so far were asked for: none ahead of its pause.
      expect(atPauses).toEqual(rounds.map((_, round) => [1, ...rounds.slice(0, round + 1).flat()]));
      await expectMirrorEqualsService(gateway.db, demoId, service, DEMO);
    },
  );
});
