import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Queryable } from '@/server/db/database';
import {
  createEmptyDatabase,
  createTestService,
  describeEachDatabase,
  type TestService,
} from '@/server/testing/test-service';
import { migrateService } from '../service-migrations';
import { BLOCK_TYPES } from './blocks';
import { seedDemo } from './seed';

async function rows<Row = Record<string, unknown>>(db: Queryable, sql: string, params: unknown[] = []) {
  return (await db.query<Row>(sql, params)).rows;
}

async function values(db: Queryable, sql: string): Promise<unknown[]> {
  return (await rows<{ v: unknown }>(db, sql)).map((row) => row.v);
}

/** Kept lines: not deleted (cancelled and trashed orders keep none). */
const KEPT = 'os.deleted_at is null';

/**
 * The demo scale is too slow for every test run; `SEED_INVARIANTS_SCALE=demo npx vitest run <this file>`
 * checks the same invariants on it (PGlite).
 */
const demoScale = process.env.SEED_INVARIANTS_SCALE === 'demo';

describeEachDatabase(`seeded demo data (${demoScale ? 'demo' : 'test'} scale)`, (database) => {
  let close: () => Promise<void>;
  let db: Queryable;

  beforeAll(async () => {
    if (demoScale) {
      const own = await createEmptyDatabase();
      await migrateService(own);
      await seedDemo(own, { scale: 'demo' });
      db = own;
      close = () => own.close();
      return;
    }
    const service: TestService = await createTestService({ database });
    db = service.db;
    close = () => service.close();
  });
  afterAll(() => close());

  it('satisfies every foreign key (the bulk load adds them back after the rows)', async () => {
    const keys = await rows<{ name: string; child: string; parent: string; columns: string[]; targets: string[] }>(
      db,
      `select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
         array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
         array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as targets
       from pg_constraint c where c.contype = 'f'`,
    );
    expect(keys.length).toBeGreaterThan(15);
    for (const key of keys) {
      const notNull = key.columns.map((c) => `t.${c} is not null`).join(' and ');
      const match = key.columns.map((c, i) => `p.${key.targets[i]} = t.${c}`).join(' and ');
      const [broken] = await values(
        db,
        `select count(*)::int as v from ${key.child} t
          where ${notNull} and not exists (select 1 from ${key.parent} p where ${match})`,
      );
      expect(broken, key.name).toBe(0);
    }
  });

  it('never sells a seat twice for one event', async () => {
    expect(
      await rows(
        db,
        `select os.event_id, os.seat_id from order_seats os where ${KEPT} and os.seat_id is not null
          group by os.event_id, os.seat_id having count(*) > 1`,
      ),
    ).toEqual([]);
  });

  it('gives every sold reserved seat exactly one sold claim of its order, and every sold claim one seat', async () => {
    expect(
      await rows(
        db,
        `select os.id from order_seats os
          where ${KEPT} and os.seat_id is not null and not exists (
            select 1 from seat_claims c where c.event_id = os.event_id and c.seat_id = os.seat_id
              and c.state = 'sold' and c.order_id = os.order_id)`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        db,
        `select c.event_id, c.seat_id from seat_claims c where c.state = 'sold' and (
           select count(*) from order_seats os
            where os.order_id = c.order_id and os.event_id = c.event_id and os.seat_id = c.seat_id and ${KEPT}) <> 1`,
      ),
    ).toEqual([]);
    const [claims] = await values(db, `select count(*)::int as v from seat_claims where state = 'sold'`);
    expect(claims).toBeGreaterThan(100);
  });

  it('keeps no seat of cancelled or trashed orders, and seats only in halls of their event', async () => {
    expect(
      await rows(
        db,
        `select os.id from order_seats os join orders o on o.id = os.order_id
          where ${KEPT} and o.status in ('cancel', 'trash')`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        db,
        `select c.event_id, c.seat_id from seat_claims c join events e on e.id = c.event_id join seats s on s.id = c.seat_id
          where s.hall_id <> e.hall_id`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        db,
        `select os.id from order_seats os join seats s on s.id = os.seat_id
          where s.rank_id <> os.rank_id or s.row_nr <> os.row_nr or s.seat_nr <> os.seat_nr`,
      ),
    ).toEqual([]);
  });

  it('adds up order amounts: kept lines + fee + donation; last change not before the order', async () => {
    expect(
      await rows(
        db,
        `select o.id from orders o
          where o.amount_cents <> o.fee_cents + o.donation_cents
            + coalesce((select sum(os.amount_cents) from order_seats os where os.order_id = o.id and ${KEPT}), 0)
             or o.last_changed < o.order_date or length(o.order_key) < 24 or o.order_key !~ '^[0-9A-Za-z]+$'`,
      ),
    ).toEqual([]);
  });

  it('keeps general-admission sales and blocks within capacity', async () => {
    expect(
      await rows(
        db,
        `select e.id from events e join halls h on h.id = e.hall_id
          where h.seating = 'general' and h.capacity <
            coalesce((select sum(b.count) from event_blocks b where b.event_id = e.id), 0)
            + (select count(*) from order_seats os where os.event_id = e.id and ${KEPT})`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        db,
        `select os.id from order_seats os join events e on e.id = os.event_id join halls h on h.id = e.hall_id where h.seating = 'general' and os.seat_id is not null`,
      ),
    ).toEqual([]);
  });

  it('never crosses clients between orders, customers, events, halls and ticket types', async () => {
    expect(
      await rows(
        db,
        `select o.id from orders o left join customers c on c.id = o.customer_id
           join payment_methods pm on pm.id = coalesce(o.payment_method_id, pm.id) and pm.client_id = o.client_id
          where c.client_id <> o.client_id
         union all
         select os.id from order_seats os join orders o on o.id = os.order_id join events e on e.id = os.event_id
          where e.client_id <> o.client_id
         union all
         select e.id from events e join halls h on h.id = e.hall_id join productions p on p.id = e.production_id
          where h.client_id <> e.client_id or p.client_id <> e.client_id
         union all
         select tt.id from ticket_types tt join events e on e.id = tt.event_id join ranks r on r.id = tt.rank_id
          where r.hall_id <> e.hall_id
         union all
         select w.id from waiting_list w join customers c on c.id = w.customer_id join events e on e.id = w.event_id
          where c.client_id <> w.client_id or e.client_id <> w.client_id`,
      ),
    ).toEqual([]);
  });

  it('has both clients with their own halls, events, customers and orders', async () => {
    const perClient = await rows<{ name: string; halls: number; events: number; customers: number; orders: number }>(
      db,
      `select c.name,
         (select count(*) from halls h where h.client_id = c.id)::int as halls,
         (select count(*) from events e where e.client_id = c.id)::int as events,
         (select count(*) from customers u where u.client_id = c.id)::int as customers,
         (select count(*) from orders o where o.client_id = c.id)::int as orders
       from clients c order by c.name`,
    );
    expect(perClient.map((c) => c.name)).toEqual(['demo', 'harbour']);
    for (const client of perClient) {
      expect(client.halls).toBeGreaterThanOrEqual(2);
      expect(client.events).toBeGreaterThan(5);
      expect(client.customers).toBeGreaterThanOrEqual(50);
      expect(client.orders).toBeGreaterThanOrEqual(100);
    }
    const [demo, harbour] = perClient;
    expect(demo?.customers).toBeGreaterThanOrEqual(300);
    expect(demo?.orders).toBeGreaterThanOrEqual(900);
    expect(harbour?.customers).toBeLessThan(demo?.customers ?? 0);
  });

  it('has the three hall kinds, the arena with at least 20,000 seats', async () => {
    const halls = await rows<{ seating: string; seats: number; capacity: number; sections: number; ranks: number }>(
      db,
      `select h.seating, h.capacity,
         (select count(*) from seats s where s.hall_id = h.id)::int as seats,
         (select count(*) from sections s where s.hall_id = h.id)::int as sections,
         (select count(*) from ranks r where r.hall_id = h.id)::int as ranks
       from halls h join clients c on c.id = h.client_id where c.name = 'demo' order by h.id`,
    );
    expect(halls.some((h) => h.seating === 'reserved' && h.seats >= 1100 && h.seats <= 1400 && h.sections >= 3)).toBe(
      true,
    );
    expect(halls.some((h) => h.seating === 'reserved' && h.seats >= 20_000 && h.ranks >= 3)).toBe(true);
    expect(halls.some((h) => h.seating === 'general' && h.seats === 0 && h.sections === 1 && h.capacity > 0)).toBe(
      true,
    );
    for (const hall of halls.filter((h) => h.seating === 'reserved')) expect(hall.capacity).toBe(hall.seats);
    // Aisles and stairways leave gaps in the seat numbers.
    const [gaps] = await values(
      db,
      `select count(*)::int as v from seats a where not exists (
         select 1 from seats b where b.section_id = a.section_id and b.row_nr = a.row_nr and b.seat_nr = a.seat_nr + 1)
         and exists (select 1 from seats b where b.section_id = a.section_id and b.row_nr = a.row_nr and b.seat_nr > a.seat_nr)`,
    );
    expect(gaps).toBeGreaterThan(100);
  });

  it('has blocks of every type on reserved events and on general-admission events', async () => {
    expect((await values(db, `select distinct block_type as v from seat_claims where state = 'block'`)).sort()).toEqual(
      [...BLOCK_TYPES].sort(),
    );
    expect((await values(db, 'select distinct block_type as v from event_blocks')).sort()).toEqual(
      [...BLOCK_TYPES].sort(),
    );
  });

  it('has events of every type (and some without one), published and draft', async () => {
    expect((await values(db, `select distinct coalesce(event_type, 'null') as v from events`)).sort()).toEqual(
      ['combi', 'event', 'horeca', 'null', 'passepartout', 'product', 'voucher'].sort(),
    );
    const statuses = await values(db, 'select distinct status as v from events');
    expect(statuses).toContain('pub');
    expect(statuses).toContain('draft');
    const [outside] = await values(
      db,
      `select count(*)::int as v from events where event_type = 'event'
         and (starts_at < now() - interval '122 days' or starts_at > now() + interval '182 days')`,
    );
    expect(outside).toBe(0);
  });

  it('has ticket types of every discount kind, with prices for every rank', async () => {
    const [kinds] = await rows<Record<string, number>>(
      db,
      `select
         count(*) filter (where discount_type = '€' and discount_value = 0)::int as full_price,
         count(*) filter (where discount_type = '€' and discount_value > 0)::int as euro,
         count(*) filter (where discount_type = '%')::int as percent,
         count(*) filter (where discount_type = '=')::int as fixed,
         count(*) filter (where valid_from <= now() and valid_until > now())::int as active_window,
         count(*) filter (where valid_from > now() or valid_until < now())::int as inactive_window,
         count(*) filter (where max_per_order is not null)::int as per_order,
         count(*) filter (where max_per_event is not null)::int as per_event,
         count(*) filter (where required_tag is not null)::int as tagged
       from ticket_types`,
    );
    for (const [kind, count] of Object.entries(kinds ?? {})) expect(count, kind).toBeGreaterThan(0);
    const [reached] = await values(
      db,
      `with used as (
         select os.ticket_type_id, count(*) as n from order_seats os join orders o on o.id = os.order_id
          where ${KEPT} and o.status not in ('cancel', 'trash') group by os.ticket_type_id)
       select count(*)::int as v from ticket_types tt join used u on u.ticket_type_id = tt.id
        where tt.max_per_event <= u.n`,
    );
    expect(reached).toBeGreaterThan(0);
    expect(
      await rows(
        db,
        `select e.id, r.id from events e join ranks r on r.hall_id = e.hall_id
          where not exists (select 1 from event_prices p where p.event_id = e.id and p.rank_id = r.id)
             or not exists (select 1 from ticket_types t where t.event_id = e.id and t.rank_id = r.id and t.name = 'Normaal')`,
      ),
    ).toEqual([]);
    // Tags of tag-dependent types are tags of the client.
    expect(
      await rows(
        db,
        `select tt.id from ticket_types tt join events e on e.id = tt.event_id
          where tt.required_tag is not null and not exists (
            select 1 from client_tags ct where ct.client_id = e.client_id and ct.name = tt.required_tag)`,
      ),
    ).toEqual([]);
  });

  it('has orders of every status, payment status and channel, anonymous ones, and deleted seats', async () => {
    expect((await values(db, 'select distinct status as v from orders')).sort()).toEqual(
      ['cancel', 'ord', 'pros', 'reemit', 'reissue', 'res', 'trash'].sort(),
    );
    expect((await values(db, 'select distinct payment_status as v from orders')).sort()).toEqual(
      ['cancelled', 'none', 'paid', 'partial', 'pending'].sort(),
    );
    expect((await values(db, 'select distinct channel as v from orders')).sort()).toEqual(['sp', 'www']);
    const [shape] = await rows<Record<string, number>>(
      db,
      `select
         (select count(*) from orders where customer_id is null)::int as anonymous,
         (select count(*) from orders where fee_cents > 0)::int as with_fee,
         (select count(*) from orders where donation_cents > 0)::int as with_donation,
         (select count(distinct o.id) from orders o join order_seats os on os.order_id = o.id
            where o.status = 'cancel' and os.deleted_at is not null)::int as cancelled_with_deleted,
         (select count(distinct o.id) from orders o join order_seats os on os.order_id = o.id
            where o.status = 'ord' and os.deleted_at is not null)::int as regular_with_deleted,
         (select count(*) from orders where status = 'res' and time_out is not null)::int as reservations_with_time_out,
         (select count(*) from order_seats where item_type in ('voucher', 'product'))::int as non_ticket_lines`,
    );
    for (const [what, count] of Object.entries(shape ?? {})) expect(count, what).toBeGreaterThan(0);
  });

  it('has customers with prefs in every legacy form, tags, custom fields, external ids and unique emails', async () => {
    const [forms] = await rows<Record<string, number>>(
      db,
      `select
         count(*) filter (where prefs is null)::int as null_prefs,
         count(*) filter (where jsonb_typeof(prefs -> 'user_prefs_optin') = 'string')::int as strings,
         count(*) filter (where jsonb_typeof(prefs -> 'user_prefs_optin') = 'number')::int as integers,
         count(*) filter (where jsonb_typeof(prefs -> 'user_prefs_optin') = 'boolean')::int as booleans,
         count(*) filter (where prefs is not null and not prefs ? 'user_prefs_mailinglist')::int as missing_key,
         count(*) filter (where prefs is not null and not prefs ? 'user_prefs_optin')::int as missing_optin,
         count(*) filter (where prefs ? 'user_prefs_extra_optin')::int as extra_optin,
         count(*) filter (where prefs - 'user_prefs_optin' - 'user_prefs_mailinglist' - 'user_prefs_extra_optin' <> '{}'::jsonb)::int as unknown_keys,
         count(*) filter (where cardinality(tags) > 0)::int as tagged,
         count(*) filter (where custom1 is not null or custom3 is not null)::int as custom,
         count(*) filter (where external_id is not null)::int as external,
         count(*) filter (where email <> lower(email))::int as capitals,
         count(*) filter (where phone like '+31%')::int as international_phone,
         count(*) filter (where preposition <> '')::int as prepositions
       from customers`,
    );
    for (const [what, count] of Object.entries(forms ?? {})) expect(count, what).toBeGreaterThan(0);
    expect(await rows(db, 'select client_id, lower(email) from customers group by 1, 2 having count(*) > 1')).toEqual(
      [],
    );
    expect(
      await rows(
        db,
        `select id from customers where zip !~ '^[0-9]{4}[A-Z]{2}$' or phone !~ '^\\+?[0-9]*$'
            or not (tags <@ (select array_agg(name) from client_tags ct where ct.client_id = customers.client_id))`,
      ),
    ).toEqual([]);
  });

  it('has waiting-list entries of every type, notified ones with notified_at', async () => {
    expect((await values(db, 'select distinct type as v from waiting_list')).sort()).toEqual(
      ['cancelled', 'converted', 'expired', 'notified', 'waiting'].sort(),
    );
    expect(
      await rows(
        db,
        `select id from waiting_list where (notified_at is not null) <> (type in ('notified', 'converted', 'expired'))
            or notified_at < created_at`,
      ),
    ).toEqual([]);
  });

  it('leaves the id sequences past the seeded ids', async () => {
    const [client] = await rows<{ id: number }>(db, `select id from clients where name = 'demo'`);
    const [created] = await rows<{ id: number }>(
      db,
      `insert into payment_methods (client_id, name, kind) values ($1, 'Sequence probe', 'desk') returning id`,
      [client?.id],
    );
    const [max] = await values(db, 'select max(id)::int as v from payment_methods');
    expect(created?.id).toBe(max);
    await db.query('delete from payment_methods where id = $1', [created?.id]);
  });
});
