import type { SegmentCondition, SegmentRule } from '@/contract/segments';
import type { Database, Queryable } from '../db/database';
import { daysBefore } from '../gateway/segments/segment-sql';
import { replaceSegmentEvents } from '../gateway/segments/segment-store';
import { Prng } from '../service/db/seed/prng';

/**
 * A large organisation's mirror for segments, made in SQL (generate_series), and realistic rules over it: what
 * `npm run bench:segments` counts at a million customers, and what the segments' tests count at a few thousand
 * with a statement and in memory alike.
 */

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const CITIES = [
  ['Amsterdam', 10, 18],
  ['Rotterdam', 30, 12],
  ['Den Haag', 25, 10],
  ['Utrecht', 35, 8],
  ['Haarlem', 20, 5],
  ['Amstelveen', 11, 4],
  ['Zaandam', 15, 4],
  ['Leiden', 23, 4],
  ['Almere', 13, 4],
  ['Hilversum', 12, 3],
  ['Delft', 26, 3],
  ['Amersfoort', 38, 3],
  ['Alkmaar', 18, 3],
  ['Gouda', 28, 2],
  ['Dordrecht', 33, 2],
  ['Zwolle', 80, 2],
  ['Groningen', 97, 2],
  ['Nijmegen', 65, 2],
  ['’s-Hertogenbosch', 52, 2],
  ['Zürich', 80, 1],
] as const;
const TAGS = [
  ['Nieuwsbrief', 0.4],
  ['Vriend', 0.12],
  ['Abonnee', 0.09],
  ['CJP', 0.07],
  ['Student', 0.08],
  ['Pers', 0.01],
  ['VIP', 0.01],
  ['Groep', 0.02],
  ['Docent', 0.03],
  ['Medewerker', 0.01],
] as const;
const PRICES = ['Volprijs', 'CJP', 'Vriendenprijs', '65+', 'Student', 'Groepskorting'];
const EVENT_TYPES = [
  'event',
  'event',
  'event',
  'event',
  'passepartout',
  'voucher',
  'combi',
  'horeca',
  'product',
  'event',
];

/** The cities as a weighted array SQL picks from (each city as often as its weight). */
const cityPool = CITIES.flatMap(([name, zip, weight]) => Array.from({ length: weight }, () => [name, zip] as const));

const FILL_CHUNK = 50_000;

/** Customers `first` to `last` of the bench's organisation, with their tags, cities, custom fields and preferences. */
async function fillCustomers(tx: Queryable, org: number, first: number, last: number, tagCases: string) {
  await tx.query(
    `insert into gateway.mirror_customers (organisation_id, customer_id, email, last_changed, tags, body)
       select $1, g, 'klant' || g || '@example.test', now() - random() * interval '700 days', t.tags,
              jsonb_build_object(
                'customerId', g, 'email', 'klant' || g || '@example.test',
                'customerFirstName', (array['Anna','Bram','Carla','Daan','Emma','Finn','Julia','Lucas','Sanne','Tim'])[1 + g % 10],
                'customerPreposition', (array['','van','de','van der',''])[1 + g % 5],
                'customerLastName', (array['Jansen','Vries','Bakker','Visser','Smit','Meijer','Bos','Mulder','Berg','Dijk'])[1 + (g / 10) % 10],
                'customerCity', city[1], 'customerZip', city[2] || lpad((g % 100)::text, 2, '0') || ' AB',
                'customerCountry', case when random() < 0.97 then 'NL' else 'BE' end,
                'customerCustom1', case when 'Vriend' = any(t.tags) then 'VR-' || g end,
                'customerCustom3', case when random() < 0.3 then (array['toneel','cabaret','muziek','dans','opera','jazz'])[1 + g % 6] end,
                'customerPrefs', (array[
                  '{"user_prefs_optin":"1","user_prefs_mailinglist":"0"}',
                  '{"user_prefs_optin":1,"user_prefs_mailinglist":1}',
                  '{"user_prefs_optin":true,"user_prefs_mailinglist":false}',
                  '{"user_prefs_optin":"0"}', '{}', 'null', 'null'])[1 + g % 7]::jsonb,
                'customerTags', array_to_string(t.tags, ','))
         from generate_series($6::int, $2::int) g
        cross join lateral (select array_remove(array[${tagCases}, case when g < 0 then '' end], null) as tags) t
        cross join lateral (select 1 + floor(random() * $4 + g * 0)::int as i) p
        cross join lateral (select array[($3::text[])[p.i], ($5::text[])[p.i]] as city) c`,
    [org, last, cityPool.map(([name]) => name), cityPool.length, cityPool.map(([, zip]) => String(zip)), first],
  );
}

/**
 * Fills the mirror of a new organisation ('bench') straight with SQL: `customers` customers with Dutch cities and
 * zips, tags, custom fields and preferences in their legacy forms; twice as many orders over three years (most
 * paid, the rest cancelled, reserved, pending…) with one to three seats each over 300 performances of 60
 * productions; a waiting-list entry per 20 customers. Returns the organisation's id. `say`: progress lines.
 */
export async function fillSegmentMirror(
  db: Database,
  customers: number,
  say: (line: string) => void = () => undefined,
): Promise<number> {
  const ORDERS = customers * 2;
  const CUSTOMERS = customers;
  const WAITING = Math.max(1, Math.round(customers / 20));
  const started = performance.now();
  const { rows } = await db.query<{ id: string }>(
    `insert into gateway.organisations (client_name, api_key_sealed) values ('bench', '\\x00') returning id`,
  );
  const org = Number(rows[0]?.id);
  const tagCases = TAGS.map(([tag, share]) => `case when random() < ${share} then '${tag}' end`).join(', ');
  await db.transaction(async (tx) => {
    await tx.query('select setseed(0.3)');
    // In chunks, as a sync writes them: the facts' trigger gets each statement's rows at once (on PGlite a million
    // in one statement ran out of memory).
    for (let first = 1; first <= CUSTOMERS; first += FILL_CHUNK) {
      await fillCustomers(tx, org, first, Math.min(first + FILL_CHUNK - 1, CUSTOMERS), tagCases);
    }
  });
  // When Foyer first saw them: spread over four years, as a mirror kept that long would have it.
  await db.query(
    `update gateway.segment_facts set first_seen_at = now() - random() * interval '1500 days' where organisation_id = $1`,
    [org],
  );
  say(`  ${CUSTOMERS.toLocaleString('en')} customers in ${seconds(started)}`);
  const ordersAt = performance.now();
  await db.transaction(async (tx) => {
    await tx.query('select setseed(0.5)');
    // Buyers skewed towards a third of the customers (regulars); a third of the customers never orders.
    await tx.query(
      `insert into gateway.mirror_orders (organisation_id, order_id, order_key, customer_id, order_status, payment_status,
         channel, payment_method, order_date, amount_cents, fee_cents, donation_cents, last_changed, body)
       select $1, g, 'k' || g, 1 + floor(power(random(), 1.6) * $3 * 0.67)::bigint, s.status, s.payment,
              case when g % 3 = 0 then 'sp' else 'www' end, 'iDEAL', d, (1000 + floor(random() * 24000))::bigint, 0, 0, d,
              jsonb_build_object('orderId', g, 'orderDate', to_char(d at time zone 'Europe/Amsterdam', 'YYYY-MM-DD"T"HH24:MI:SS"+01:00"'))
         from generate_series(1, $2::int) g
        cross join lateral (select now() - random() * interval '1095 days' + g * interval '0 s' as d, random() + g * 0 as r) x
        cross join lateral (select case when x.r < 0.82 then 'ord' when x.r < 0.85 then 'reemit' when x.r < 0.91 then 'cancel'
                                        when x.r < 0.96 then 'res' else 'ord' end as status,
                                   case when x.r < 0.85 then 'paid' when x.r < 0.91 then 'cancelled'
                                        when x.r < 0.96 then 'none' else 'pending' end as payment) s`,
      [org, ORDERS, CUSTOMERS],
    );
  });
  say(`  ${ORDERS.toLocaleString('en')} orders in ${seconds(ordersAt)}`);
  const seatsAt = performance.now();
  await db.transaction(async (tx) => {
    await tx.query('select setseed(0.7)');
    await tx.query(
      `insert into gateway.mirror_order_seats (organisation_id, order_id, line_no, deleted, seat_id, event_id, rank_id,
         row_nr, seat_nr, amount_cents, price_id, price_name)
       select $1, o.order_id, l, (o.order_id % 50 = 0 and l = 1), o.order_id * 4 + l, 1 + (o.order_id * 7 + l) % 300, 1, 1, l,
              1500, 'p', ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int]
         from gateway.mirror_orders o, generate_series(1, 1 + (o.order_id % 3)::int) l
        where o.organisation_id = $1`,
      [org, PRICES],
    );
    await tx.query(
      `insert into gateway.mirror_waiting_list (organisation_id, waiting_id, customer_id, event_id, number_of_tickets, type, created_at)
       select $1, g, 1 + floor(random() * $2)::bigint, 1 + g % 300, 2,
              (array['waiting','waiting','notified','converted'])[1 + g % 4], now() - random() * interval '300 days'
         from generate_series(1, $3::int) g`,
      [org, CUSTOMERS, WAITING],
    );
  });
  say(`  seats and ${WAITING.toLocaleString('en')} waiting-list entries in ${seconds(seatsAt)}`);
  await replaceSegmentEvents(
    db,
    org,
    Array.from({ length: 300 }, (_, i) => {
      const production = Math.floor(i / 5) + 1;
      return {
        eventId: i + 1,
        productionId: production,
        productionTitle: `Productie ${production}`,
        eventType: EVENT_TYPES[production % EVENT_TYPES.length] ?? 'event',
      };
    }),
  );
  // What the first count after a sync does: the per-customer order totals of every customer the orders touched.
  const totalsAt = performance.now();
  await db.query('select gateway.segment_refresh_customer_orders($1)', [org]);
  say(`  per-customer order totals in ${seconds(totalsAt)}`);
  const analyzed = performance.now();
  await db.exec('vacuum analyze');
  say(`  vacuum analyze in ${seconds(analyzed)}; filled in ${seconds(started)}`);
  return org;
}

/** A realistic condition of each kind, picked by the generator. */
function conditionPool(rng: Prng, today: string): (() => SegmentCondition)[] {
  const year = { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  const city = () => (CITIES[rng.int(0, 8)] as (typeof CITIES)[number])[0];
  const tag = () => (TAGS[rng.int(0, TAGS.length - 1)] as (typeof TAGS)[number])[0];
  return [
    () => ({ kind: 'tags', match: 'any', tags: [tag(), tag()] }),
    () => ({ kind: 'tags', match: 'none', tags: ['Vriend'] }),
    () => ({ kind: 'tags', match: 'all', tags: ['Nieuwsbrief', tag()] }),
    () => ({ kind: 'city', cities: [city()] }),
    () => ({ kind: 'city', cities: [city(), city(), 'zurich'] }),
    () => ({ kind: 'zipRange', from: '3500', to: '3599' }),
    () => ({ kind: 'zip', match: 'prefix', values: [String(rng.int(10, 38))] }),
    () => ({ kind: 'country', countries: ['BE'] }),
    () => ({ kind: 'custom', field: 3, match: 'equals', value: 'toneel' }),
    () => ({ kind: 'custom', field: 1, match: 'filled' }),
    () => ({ kind: 'pref', key: 'user_prefs_optin', on: rng.chance(0.7) }),
    () => ({ kind: 'orderCount', period: year, count: { min: 2 } }),
    () => ({ kind: 'orderCount', period: { lastDays: 365 }, count: { min: 1 } }),
    () => ({ kind: 'orderCount', period: {}, count: { min: 3, max: 10 } }),
    () => ({ kind: 'orderAmount', period: { lastDays: 730 }, euros: { min: 250 } }),
    () => ({ kind: 'production', productionIds: [rng.int(1, 60)] }),
    () => ({ kind: 'eventType', eventTypes: ['passepartout'], period: { lastDays: 365 } }),
    () => ({ kind: 'priceType', priceNames: ['CJP'] }),
    () => ({ kind: 'lastPurchase', when: 'before', date: daysBefore(today, 365) }),
    () => ({ kind: 'lastPurchase', when: 'onOrAfter', date: daysBefore(today, 90) }),
    () => ({ kind: 'waitingList', stillWaiting: rng.chance(0.5) }),
    () => ({ kind: 'recordDate', field: 'changed', period: { lastDays: 30 } }),
  ];
}

/** `count` rules of one to five conditions over the filled mirror; a third put two of them in an OR group. */
export function generateSegmentRules(count: number, today: string): SegmentRule[] {
  const rng = new Prng(30);
  const pool = conditionPool(rng, today);
  return Array.from({ length: count }, () => {
    const size = rng.int(1, 5);
    const conditions = Array.from({ length: size }, () =>
      (pool[rng.int(0, pool.length - 1)] as () => SegmentCondition)(),
    );
    if (size >= 3 && rng.chance(0.35)) {
      const [a, b, ...rest] = conditions as [SegmentCondition, SegmentCondition, ...SegmentCondition[]];
      return { kind: 'group', match: 'all', rules: [{ kind: 'group', match: 'any', rules: [a, b] }, ...rest] };
    }
    return { kind: 'group', match: 'all', rules: conditions };
  });
}
