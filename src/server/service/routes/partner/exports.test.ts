import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { errorBodySchema } from '@/contract/common';
import { clientTypeListSchema, customerPageSchema, customerSchema } from '@/contract/customer';
import { orderPageSchema } from '@/contract/order';
import type { Paginated } from '@/contract/pagination';
import { waitinglistPageSchema } from '@/contract/waiting-list';
import type { Queryable } from '@/server/db/database';
import { CUSTOMER_COLUMNS, type CustomerRow, toCustomer } from '@/server/testing/customer-json';
import { type DemoFixtures, loadDemoFixtures } from '@/server/testing/demo-fixtures';
import {
  createTestService,
  DEMO,
  describeEachDatabase,
  HARBOUR,
  type TestService,
} from '@/server/testing/test-service';
import { relative, walkPages } from '@/server/testing/walk-pages';
import { localDate, startOfLocalDay } from '@/server/time';
import { exportOrders, exportOrdersPrepared } from '../../domain/orders';
import { zonedIso } from '../../domain/zoned-timestamps';

const ZONE = 'Europe/Amsterdam';

interface ExportCase {
  name: 'customers' | 'orders' | 'waitinglist';
  table: string;
  /** The column changedSince filters and the export orders by. */
  column: string;
  schema: z.ZodType<Paginated<unknown>>;
  idOf: (row: never) => number;
  stampOf: (row: never) => string;
}

const CASES: ExportCase[] = [
  {
    name: 'customers',
    table: 'customers',
    column: 'last_changed',
    schema: customerPageSchema,
    idOf: (row: { customerId: number }) => row.customerId,
    stampOf: (row: { lastChanged: string }) => row.lastChanged,
  },
  {
    name: 'orders',
    table: 'orders',
    column: 'last_changed',
    schema: orderPageSchema,
    idOf: (row: { orderId: number }) => row.orderId,
    stampOf: (row: { lastChanged: string }) => row.lastChanged,
  },
  {
    name: 'waitinglist',
    table: 'waiting_list',
    column: 'created_at',
    schema: waitinglistPageSchema,
    idOf: (row: { waitingId: number }) => row.waitingId,
    stampOf: (row: { createdAt: string }) => row.createdAt,
  },
];

describeEachDatabase('partner exports', (database) => {
  let service: TestService;
  let fx: DemoFixtures;

  beforeAll(async () => {
    service = await createTestService({ database });
    fx = await loadDemoFixtures(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  const post = (path: string, init: { json?: unknown; headers?: Record<string, string>; body?: string } = {}) =>
    service.request(`/v1/demo/partner${path}`, { key: DEMO.apiKey, method: 'POST', ...init });

  async function idsSince(table: string, column: string, since?: Date): Promise<number[]> {
    const { rows } = await service.db.query<{ id: number }>(
      `select id from ${table} where client_id = $1 ${since ? `and ${column} >= $2` : ''} order by ${column}, id`,
      since ? [fx.demo.clientId, since] : [fx.demo.clientId],
    );
    return rows.map((row) => row.id);
  }

  it('GET /partner/export/clienttypes lists the client’s tags', async () => {
    const res = await service.request('/v1/demo/partner/export/clienttypes', { key: DEMO.apiKey });
    expect(res.status).toBe(200);
    const tags = clientTypeListSchema.parse(await res.json());
    const { rows } = await service.db.query<{ name: string }>('select name from client_tags where client_id = $1', [
      fx.demo.clientId,
    ]);
    expect([...tags].sort()).toEqual(rows.map((row) => row.name).sort());
    const harbour = clientTypeListSchema.parse(
      await (await service.request('/v1/harbour/partner/export/clienttypes', { key: HARBOUR.apiKey })).json(),
    );
    expect(harbour).not.toEqual(tags);
  });

  for (const exportCase of CASES) {
    describe(`POST /partner/export/${exportCase.name}`, () => {
      const path = `/v1/demo/partner/export/${exportCase.name}`;
      const idOf = exportCase.idOf as (row: unknown) => number;
      const stampOf = exportCase.stampOf as (row: unknown) => string;

      it('walks every record once by next_page_url, in (change, id) order', async () => {
        const { rows, pages } = await walkPages(service, exportCase.schema, { path, method: 'POST', key: DEMO.apiKey });
        const expected = await idsSince(exportCase.table, exportCase.column);
        expect(pages[0]?.total).toBe(expected.length);
        expect(rows.map(idOf)).toEqual(expected);
        if (exportCase.name !== 'waitinglist') expect(pages.length).toBeGreaterThan(1);
        for (let i = 1; i < rows.length; i++) {
          expect(Date.parse(stampOf(rows[i]))).toBeGreaterThanOrEqual(Date.parse(stampOf(rows[i - 1])));
        }
      });

      it('filters on changedSince from the body and carries it into the page URLs', async () => {
        const all = await idsSince(exportCase.table, exportCase.column);
        const { rows: pivotRows } = await service.db.query<{ stamp: Date }>(
          `select ${exportCase.column} as stamp from ${exportCase.table} where client_id = $1
            order by ${exportCase.column}, id offset $2 limit 1`,
          [fx.demo.clientId, Math.floor(all.length / 3)],
        );
        const day = localDate(pivotRows[0]?.stamp as Date, ZONE);
        const expected = await idsSince(exportCase.table, exportCase.column, startOfLocalDay(day, ZONE));
        expect(expected.length).toBeLessThan(all.length);

        const { rows, pages } = await walkPages(service, exportCase.schema, {
          path,
          method: 'POST',
          key: DEMO.apiKey,
          json: { changedSince: day },
        });
        expect(rows.map(idOf)).toEqual(expected);
        for (const page of pages) {
          expect(page.first_page_url).toContain(`changedSince=${day}`);
          expect(page.last_page_url).toContain(`changedSince=${day}`);
          if (page.next_page_url) expect(page.next_page_url).toContain(`changedSince=${day}`);
        }
        if (exportCase.name !== 'waitinglist') expect(pages.length).toBeGreaterThan(1);

        const byQuery = exportCase.schema.parse(
          await (await post(`/export/${exportCase.name}?changedSince=${day}`)).json(),
        );
        expect(byQuery.total).toBe(expected.length);
      });

      it('lets the body’s changedSince win over the query parameter', async () => {
        const res = await post(`/export/${exportCase.name}?changedSince=2000-01-01`, {
          json: { changedSince: '2999-01-01' },
        });
        const page = exportCase.schema.parse(await res.json());
        expect(page.total).toBe(0);
        expect(page.first_page_url).toContain('changedSince=2999-01-01');
        expect(page.first_page_url).not.toContain('2000-01-01');
      });

      it('accepts no body, an empty body and an empty object', async () => {
        const total = (await idsSince(exportCase.table, exportCase.column)).length;
        const variants = [
          {},
          { headers: { 'content-type': 'application/json' } },
          { headers: { 'content-type': 'application/json' }, body: '' },
          { json: {} },
        ];
        for (const init of variants) {
          const res = await post(`/export/${exportCase.name}`, init);
          expect(res.status, JSON.stringify(init)).toBe(200);
          expect(exportCase.schema.parse(await res.json()).total).toBe(total);
        }
      });

      it('is 422 for an invalid changedSince in body or query, 400 for unparsable JSON', async () => {
        for (const init of [{ json: { changedSince: 'last week' } }, { json: { changedSince: 20260101 } }]) {
          const res = await post(`/export/${exportCase.name}`, init);
          expect(res.status).toBe(422);
          expect(errorBodySchema.parse(await res.json()).errors).toHaveProperty('changedSince');
        }
        const query = await post(`/export/${exportCase.name}?changedSince=2026-02-30`);
        expect(query.status).toBe(422);
        const broken = await post(`/export/${exportCase.name}`, {
          headers: { 'content-type': 'application/json' },
          body: '{"changedSince":',
        });
        expect(broken.status).toBe(400);
      });

      it('answers a page past the last with empty data', async () => {
        const total = (await idsSince(exportCase.table, exportCase.column)).length;
        const page = exportCase.schema.parse(await (await post(`/export/${exportCase.name}?page=999`)).json());
        expect(page).toMatchObject({ data: [], current_page: 999, total, next_page_url: null, from: 0, to: 0 });
        expect(relative(page.prev_page_url ?? '')).toBe(`${path}?page=${page.last_page}`);
      });
    });
  }

  it('follows a change between two reads at once: the page boundaries are rebuilt when the customers change', async () => {
    const read = async (page: number) =>
      customerPageSchema.parse(await (await post(`/export/customers?page=${page}`)).json());
    const before = await read(1);
    const moved = before.data[0];
    if (!moved) throw new Error('no customers');
    // A change by another process, straight in the database: its triggers move the customers' counter.
    await service.db.query(`update customers set last_changed = '2990-01-01T00:00:00Z' where id = $1`, [
      moved.customerId,
    ]);
    // Its lastChanged is now the newest: gone from the first page, last on the last one; nothing lost.
    const after = await read(1);
    expect(after.total).toBe(before.total);
    expect(after.data.map((row) => row.customerId)).not.toContain(moved.customerId);
    expect(after.data[0]?.customerId).toBe(before.data[1]?.customerId);
    const last = await read(after.last_page);
    expect(last.data.at(-1)?.customerId).toBe(moved.customerId);
    expect(last.data.at(-1)?.lastChanged).toMatch(/^2990-01-01/);
  });

  it('exports customers with customerPrefs exactly as stored', async () => {
    const { rows } = await walkPages(service, customerPageSchema, {
      path: '/v1/demo/partner/export/customers',
      method: 'POST',
      key: DEMO.apiKey,
    });
    const { rows: stored } = await service.db.query<{ id: number; prefs: unknown }>(
      'select id, prefs from customers where client_id = $1',
      [fx.demo.clientId],
    );
    const prefsById = new Map(stored.map((row) => [row.id, row.prefs]));
    for (const customer of rows) expect(customer.customerPrefs).toEqual(prefsById.get(customer.customerId));
    const single = customerSchema.parse(
      await (
        await service.request(`/v1/demo/partner/customer/${fx.customers.legacyPrefs.customerId}`, { key: DEMO.apiKey })
      ).json(),
    );
    expect(rows.find((customer) => customer.customerId === single.customerId)).toEqual(single);
  });

  /** Gives six of the demo client's customers (from the `offset`th by id) edge values; their ids. */
  async function editToEdgeValues(offset: number): Promise<number[]> {
    const { rows: some } = await service.db.query<{ id: number }>(
      'select id from customers where client_id = $1 order by id limit 6 offset $2',
      [fx.demo.clientId, offset],
    );
    const [a, b, c, d, e, f] = some.map((row) => row.id);
    const edits: [string, unknown[]][] = [
      // Negative, tiny, zero and largest credit; text that JSON must escape; no tags; several tags.
      [
        `update customers set credit_cents = -5, first_name = $2, tags = '{}' where id = $1`,
        [a, 'Quote " back\\ \u0001 tab\t é 😀'],
      ],
      [`update customers set credit_cents = 0, custom1 = $2, custom7 = null where id = $1`, [b, '<script>/x</script>']],
      [`update customers set credit_cents = 2147483647, tags = $2 where id = $1`, [c, ['VIP', 'Pers']]],
      [`update customers set credit_cents = -1234567, prefs = null where id = $1`, [d]],
      // Around the Amsterdam DST changes, with microseconds (truncated, not rounded).
      [`update customers set last_changed = '2026-03-29T00:59:59.999999Z' where id = $1`, [e]],
      [`update customers set last_changed = '2026-10-25T01:00:00.5Z', external_id = $2 where id = $1`, [f, 'ext-1']],
    ];
    for (const [sql, params] of edits) await service.db.query(sql, params);
    return [a, b, c, d, e, f] as number[];
  }

  it('exports customers made by the database exactly as the service shows them one by one, edge values included', async () => {
    const [a, b, c, d, e, f] = await editToEdgeValues(0);
    const { rows } = await walkPages(service, customerPageSchema, {
      path: '/v1/demo/partner/export/customers',
      method: 'POST',
      key: DEMO.apiKey,
    });
    for (const id of [a, b, c, d, e, f]) {
      const single = await (await service.request(`/v1/demo/partner/customer/${id}`, { key: DEMO.apiKey })).json();
      expect(rows.find((customer) => customer.customerId === id)).toEqual(single);
    }
  });

  it('keeps with every customer the JSON that the TypeScript statement of its builder gives for the row, edge values included', async () => {
    // The service shows the trigger's JSON (domain/customers.ts, customerOf); testing/customer-json.ts states
    // the same rules for test data. They must not drift apart.
    await editToEdgeValues(6);
    const zone = (
      await service.db.query<{ time_zone: string }>('select time_zone from clients where id = $1', [fx.demo.clientId])
    ).rows[0]?.time_zone as string;
    const { rows } = await service.db.query<CustomerRow & { export_json: string }>(
      `select ${CUSTOMER_COLUMNS}, export_json from customers where client_id = $1 order by id`,
      [fx.demo.clientId],
    );
    expect(rows.length).toBeGreaterThan(12);
    expect(rows.map((row) => JSON.parse(row.export_json))).toEqual(
      rows.map((row) => toCustomer({ ...row, last_changed: new Date(row.last_changed) }, zone)),
    );
  });

  it('makes the JSON a customer keeps again when its client’s time zone changes (plain SQL: no API changes it)', async () => {
    const zoneOf = async () =>
      (await service.db.query<{ time_zone: string }>('select time_zone from clients where id = $1', [fx.demo.clientId]))
        .rows[0]?.time_zone as string;
    const keptLastChanged = async () => {
      const { rows } = await service.db.query<{ json: string; last_changed: Date }>(
        'select export_json as json, last_changed from customers where client_id = $1 order by id limit 1',
        [fx.demo.clientId],
      );
      const row = rows[0] as { json: string; last_changed: Date };
      return { kept: (JSON.parse(row.json) as { lastChanged: string }).lastChanged, at: new Date(row.last_changed) };
    };
    const original = await zoneOf();
    try {
      await service.db.query('update clients set time_zone = $2 where id = $1', [fx.demo.clientId, 'America/New_York']);
      const { kept, at } = await keptLastChanged();
      expect(kept).toBe(zonedIso(at, 'America/New_York'));
    } finally {
      await service.db.query('update clients set time_zone = $2 where id = $1', [fx.demo.clientId, original]);
    }
    const { kept, at } = await keptLastChanged();
    expect(kept).toBe(zonedIso(at, original));
  });

  it('shows customers created, edited and re-tagged through the API in the export and in changedSince, as the service shows them', async () => {
    const call = (path: string, init: { method?: string; json?: unknown } = {}) =>
      service.request(`/v1/demo/partner${path}`, { key: DEMO.apiKey, ...init });
    // Every change below is at or after this instant (the service stamps lastChanged with its clock).
    const since = new Date(Date.now() - 1000).toISOString();
    const { rows: two } = await service.db.query<{ id: number }>(
      'select id from customers where client_id = $1 order by id limit 2 offset 20',
      [fx.demo.clientId],
    );
    const [edited, tagged] = two.map((row) => row.id) as [number, number];
    const edit = await call(`/customer/${edited}`, {
      method: 'PUT',
      json: {
        customerCity: 'Leiden',
        customerCredit: '12.5',
        customerCustom2: 'nieuw "citaat"',
        customerZip: '2311AB',
      },
    });
    expect(edit.status).toBe(200);
    const tags = clientTypeListSchema.parse(await (await call('/export/clienttypes')).json()).slice(0, 2);
    expect(
      (await call(`/customer/${tagged}/clienttypes`, { method: 'POST', json: { clienttypes: tags } })).status,
    ).toBe(200);
    const create = await call('/customer', {
      method: 'POST',
      json: { email: `export-${Date.now()}@example.nl`, customerFirstName: 'Één', customerLastName: 'Nieuw' },
    });
    const created = customerSchema.parse(await create.json()).customerId;

    const single = async (id: number) => customerSchema.parse(await (await call(`/customer/${id}`)).json());
    const everything = await walkPages(service, customerPageSchema, {
      path: '/v1/demo/partner/export/customers',
      method: 'POST',
      key: DEMO.apiKey,
    });
    const changed = await walkPages(service, customerPageSchema, {
      path: '/v1/demo/partner/export/customers',
      method: 'POST',
      key: DEMO.apiKey,
      json: { changedSince: since },
    });
    for (const id of [edited, tagged, created]) {
      const shown = await single(id);
      expect(everything.rows.find((customer) => customer.customerId === id)).toEqual(shown);
      expect(changed.rows.find((customer) => customer.customerId === id)).toEqual(shown);
    }
    expect((await single(edited)).customerCity).toBe('Leiden');
    expect((await single(tagged)).customerTags).toBe(tags.join(','));
  });

  it('exports waiting-list entries of every type with the customer inline', async () => {
    const { rows } = await walkPages(service, waitinglistPageSchema, {
      path: '/v1/demo/partner/export/waitinglist',
      method: 'POST',
      key: DEMO.apiKey,
    });
    expect(new Set(rows.map((entry) => entry.type))).toEqual(
      new Set(['waiting', 'notified', 'converted', 'expired', 'cancelled']),
    );
    const { rows: stored } = await service.db.query<{
      id: number;
      customer_id: number;
      event_id: number;
      number_of_tickets: number;
      type: string;
      created_at: Date;
      notified_at: Date | null;
    }>('select * from waiting_list where client_id = $1', [fx.demo.clientId]);
    const byId = new Map(stored.map((row) => [row.id, row]));
    for (const entry of rows) {
      const row = byId.get(entry.waitingId);
      expect(entry).toMatchObject({
        customerId: row?.customer_id,
        eventId: row?.event_id,
        numberOfTickets: row?.number_of_tickets,
        type: row?.type,
      });
      expect(Date.parse(entry.createdAt)).toBe(Math.floor((row?.created_at.getTime() ?? 0) / 1000) * 1000);
      expect(entry.notifiedAt === null).toBe(row?.notified_at === null);
      expect(entry.user.customerId).toBe(entry.customerId);
      if (entry.type === 'waiting') expect(entry.notifiedAt).toBeNull();
    }
  });

  /** The demo client, and the service's database counting the statements sent through it. */
  const countingDemoReads = () => {
    const statements: string[] = [];
    const counting: Queryable = {
      query: (text, params) => {
        statements.push(text);
        return service.db.query(text, params);
      },
      exec: (text) => service.db.exec(text),
    };
    const client = { id: fx.demo.clientId, name: 'demo', displayName: 'Demo', timeZone: ZONE, currency: 'EUR' };
    return { statements, counting, client };
  };

  it('reads the first page of a changedSince export in one statement, the same rows as the walk finds', async () => {
    const { rows: stamps } = await service.db.query<{ stamp: Date }>(
      'select last_changed as stamp from orders where client_id = $1 order by last_changed, id offset 150 limit 1',
      [fx.demo.clientId],
    );
    const since = stamps[0]?.stamp as Date;
    const { statements, counting, client } = countingDemoReads();
    const first = await exportOrders(counting, client, { page: 1, changedSince: since });
    // The page with its total, its lines and customers: no boundaries for a filter read once.
    expect(statements).toHaveLength(1);
    statements.length = 0;
    const second = await exportOrders(counting, client, { page: 2, changedSince: since });
    // A later page prepares the boundaries (and the counters' version they are kept under) first.
    expect(statements.length).toBeGreaterThanOrEqual(2);

    const expected = await idsSince('orders', 'last_changed', since);
    expect(first.total).toBe(expected.length);
    expect(second.total).toBe(expected.length);
    expect([...first.rows, ...second.rows].map((order) => order.orderId)).toEqual(expected.slice(0, 200));
    const { rows: walked } = await walkPages(service, orderPageSchema, {
      path: '/v1/demo/partner/export/orders',
      method: 'POST',
      key: DEMO.apiKey,
      json: { changedSince: zonedIso(since, ZONE) },
    });
    expect(first.rows).toEqual(walked.slice(0, first.rows.length));
  });

  it('serves the first page of a changedSince export from that one statement, a page without the filter again from its prepared form', async () => {
    const since = new Date(Date.now() - 60_000);
    const { statements, counting, client } = countingDemoReads();
    // A checkout's write-through, an incremental sync: no check of the change counters before the page.
    for (const _ of [1, 2]) {
      statements.length = 0;
      const recent = await exportOrdersPrepared(counting, client, { page: 1, changedSince: since });
      expect(statements).toHaveLength(1);
      expect(JSON.parse(recent.dataJson)).toEqual(
        (await exportOrders(service.db, client, { page: 1, changedSince: since })).rows,
      );
    }
    // A full walk's page is kept: read again, it costs the check of the counters alone.
    const full = await exportOrdersPrepared(counting, client, { page: 2 });
    statements.length = 0;
    expect(await exportOrdersPrepared(counting, client, { page: 2 })).toBe(full);
    expect(statements).toHaveLength(1);
  });

  it('never shows another client’s records', async () => {
    const { rows } = await walkPages(service, orderPageSchema, {
      path: '/v1/harbour/partner/export/orders',
      method: 'POST',
      key: HARBOUR.apiKey,
    });
    expect(rows.map((order) => order.orderId)).toContain(fx.harbour.orderId);
    const { rows: harbourIds } = await service.db.query<{ id: number }>('select id from orders where client_id = $1', [
      fx.harbour.clientId,
    ]);
    expect(rows.length).toBe(harbourIds.length);
    for (const order of rows) if (order.user) expect(order.user.customerId).toBe(order.customerId);
  });
});
