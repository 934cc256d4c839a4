import type { Queryable } from '../db/database';

/**
 * Ids of the seeded demo data that tests need, found by query (never hard-coded), so tests keep working
 * when the seed changes. Call after `seedDemo(db, { scale: 'test' })` (createTestService does that):
 *
 *   const fx = await loadDemoFixtures(service.db);
 *   await service.request(`/v1/demo/partner/event/${fx.reserved.eventId}`, { key: DEMO.apiKey });
 *
 * "Upcoming" means starting more than a day from now and published (`pub`); ticket types are picked on
 * such events of type 'event', preferring the reserved-seating fixture event.
 */
export interface TicketTypeFixture {
  ticketTypeId: number;
  eventId: number;
  rankId: number;
  name: string;
  discountType: '€' | '%' | '=';
  /** Cents for '€' and '=', basis points for '%'. */
  discountValue: number;
  /** The rank's base price of the event, in cents. */
  basePriceCents: number;
  maxPerOrder: number | null;
  maxPerEvent: number | null;
  requiredTag: string | null;
  validFrom: Date | null;
  validUntil: Date | null;
}

export interface HallEventFixture {
  hallId: number;
  /** An upcoming published performance (event_type 'event') in that hall with places left. */
  eventId: number;
  /** A rank of the event with free seats (places, for general admission). */
  rankId: number;
}

export interface CustomerFixture {
  customerId: number;
  email: string;
  tags: string[];
  prefs: Record<string, unknown> | null;
}

export type EventTypeKey = 'event' | 'passepartout' | 'voucher' | 'combi' | 'horeca' | 'product' | 'null';

export interface DemoFixtures {
  demo: { clientId: number };
  harbour: { clientId: number; hallId: number; eventId: number; customerId: number; orderId: number };
  /** The ~1,200-seat theatre. */
  reserved: HallEventFixture;
  /** The ≥ 20,000-seat arena. */
  arena: HallEventFixture;
  /** The general-admission hall (not the foyer, which only sells passes, vouchers and products). */
  generalAdmission: HallEventFixture;
  /** One demo event per event_type ('null' = no type), upcoming/current when there is one. */
  eventsByType: Record<EventTypeKey, number>;
  ticketTypes: {
    /** "Normaal": '€' with value 0. */
    fullPrice: TicketTypeFixture;
    euroOff: TicketTypeFixture;
    percentOff: TicketTypeFixture;
    priceOverruled: TicketTypeFixture;
    timeLimitedActive: TicketTypeFixture;
    timeLimitedInactive: TicketTypeFixture;
    maxPerOrder: TicketTypeFixture;
    /** Its max_per_event is used up by seeded orders (hidden in the public list). */
    maxPerEventReached: TicketTypeFixture;
    /** max_per_event with at least 5 left. */
    maxPerEventNotReached: TicketTypeFixture;
    /** Requires a customer tag (never public); `requiredTag` holds it. */
    tagged: TicketTypeFixture;
  };
  customers: {
    withTags: CustomerFixture;
    /** Holds the tag the `tagged` ticket type requires. */
    withRequiredTag: CustomerFixture;
    nullPrefs: CustomerFixture;
    /** prefs with integer or boolean values. */
    legacyPrefs: CustomerFixture;
  };
  paymentMethods: {
    /** Desk, settles as paid (Contant). */
    cash: number;
    /** Desk, settles as paid (Pin). */
    card: number;
    /** Desk, settles as pending (Op rekening). */
    invoice: number;
    /** Online methods, by position (iDEAL first). */
    online: number[];
  };
  /** A regular, paid order with a customer and seats. */
  paidOrder: { orderId: number; orderKey: string; customerId: number };
}

async function one<Row>(db: Queryable, what: string, sql: string, params: unknown[]): Promise<Row> {
  const { rows } = await db.query<Row>(sql, params);
  const row = rows[0];
  if (!row) throw new Error(`demo fixtures: no ${what} in the seeded data (was the database seeded?)`);
  return row;
}

const UPCOMING = `e.status = 'pub' and e.starts_at > now() + interval '1 day'`;

/** Free places per rank of an event, counted up to 20 (enough for any test, and cheap on the arena). */
const FREE_RANK = `
  select r.id as rank_id, r.position,
    case when h.seating = 'reserved' then
      (select count(*) from (select 1 from seats s where s.hall_id = h.id and s.rank_id = r.id
         and not exists (select 1 from seat_claims c where c.event_id = e.id and c.seat_id = s.id) limit 20) free_seats)
    else h.capacity
      - coalesce((select sum(b.count) from event_blocks b where b.event_id = e.id), 0)
      - (select count(*) from order_seats os where os.event_id = e.id and os.deleted_at is null)
    end::int as free
  from ranks r where r.hall_id = h.id`;

async function hallEvent(
  db: Queryable,
  clientId: number,
  what: string,
  hallCondition: string,
  eventCondition = 'true',
): Promise<HallEventFixture> {
  return one<HallEventFixture>(
    db,
    what,
    `${eventCondition.includes('used.') ? USED_CTE : ''}
     select h.id as "hallId", e.id as "eventId", free.rank_id as "rankId"
       from halls h
       join events e on e.hall_id = h.id and e.client_id = h.client_id
       cross join lateral (select * from (${FREE_RANK}) ranked order by least(ranked.free, 20) desc, ranked.position limit 1) free
      where h.client_id = $1 and (${hallCondition}) and e.event_type = 'event' and ${UPCOMING} and free.free >= 20
        and ${eventCondition}
      order by e.starts_at, e.id limit 1`,
    [clientId],
  );
}

const TICKET_TYPE_COLUMNS = `
  tt.id as "ticketTypeId", tt.event_id as "eventId", tt.rank_id as "rankId", tt.name,
  tt.discount_type as "discountType", tt.discount_value as "discountValue", p.amount_cents as "basePriceCents",
  tt.max_per_order as "maxPerOrder", tt.max_per_event as "maxPerEvent", tt.required_tag as "requiredTag",
  tt.valid_from as "validFrom", tt.valid_until as "validUntil"`;

/** Tickets of the type held by orders that keep their seats (order_seats has no index on the type). */
const USED = `coalesce((select used.n from used where used.ticket_type_id = tt.id), 0)`;
const USED_CTE = `with used as materialized (
  select os.ticket_type_id, count(*)::int as n from order_seats os join orders o on o.id = os.order_id
   where os.deleted_at is null and o.status not in ('cancel', 'trash')
     and os.ticket_type_id in (select id from ticket_types where max_per_event is not null)
   group by os.ticket_type_id)`;

const PLAIN = {
  tag: 'tt.required_tag is null',
  window: 'tt.valid_from is null and tt.valid_until is null',
  perOrder: 'tt.max_per_order is null',
  perEvent: 'tt.max_per_event is null',
};

const plain = (...except: (keyof typeof PLAIN)[]) =>
  Object.entries(PLAIN)
    .filter(([key]) => !except.includes(key as keyof typeof PLAIN))
    .map(([, condition]) => condition);

type TicketKind = keyof DemoFixtures['ticketTypes'];

/** What makes a ticket type each fixture kind: its one property, and none of the other rules. */
const TICKET_KINDS: Record<TicketKind, string[]> = {
  fullPrice: [...plain(), `tt.discount_type = '€'`, 'tt.discount_value = 0'],
  euroOff: [...plain(), `tt.discount_type = '€'`, 'tt.discount_value > 0'],
  percentOff: [...plain(), `tt.discount_type = '%'`, 'tt.discount_value > 0'],
  priceOverruled: [...plain(), `tt.discount_type = '='`],
  timeLimitedActive: [...plain('window'), 'tt.valid_from <= now()', `tt.valid_until > now() + interval '1 day'`],
  timeLimitedInactive: [
    ...plain('window'),
    'tt.valid_from is not null',
    `(tt.valid_from > now() + interval '1 day' or tt.valid_until < now())`,
  ],
  maxPerOrder: [...plain('perOrder'), 'tt.max_per_order is not null'],
  maxPerEventReached: [...plain('perEvent'), 'tt.max_per_event is not null', `${USED} >= tt.max_per_event`],
  maxPerEventNotReached: [...plain('perEvent'), 'tt.max_per_event is not null', `${USED} + 5 <= tt.max_per_event`],
  tagged: [...plain('tag'), 'tt.required_tag is not null'],
};

/** The event offers a ticket type of every kind (so one event serves all ticket-type tests). */
const EVERY_KIND = Object.values(TICKET_KINDS)
  .map(
    (conditions) => `exists (select 1 from ticket_types tt where tt.event_id = e.id and ${conditions.join(' and ')})`,
  )
  .join(' and ');

function ticketType(
  db: Queryable,
  clientId: number,
  preferredEventId: number,
  what: string,
  conditions: string[],
): Promise<TicketTypeFixture> {
  return one<TicketTypeFixture>(
    db,
    `ticket type (${what})`,
    `${conditions.some((c) => c.includes('used.')) ? USED_CTE : ''}
     select ${TICKET_TYPE_COLUMNS}
       from ticket_types tt
       join events e on e.id = tt.event_id
       join event_prices p on p.event_id = tt.event_id and p.rank_id = tt.rank_id
      where e.client_id = $1 and e.event_type = 'event' and ${UPCOMING} and ${conditions.join(' and ')}
      order by (tt.event_id = $2) desc, e.starts_at, tt.id limit 1`,
    [clientId, preferredEventId],
  );
}

function customer(db: Queryable, clientId: number, what: string, condition: string, params: unknown[] = []) {
  return one<CustomerFixture>(
    db,
    `customer (${what})`,
    `select id as "customerId", email, tags, prefs from customers
      where client_id = $1 and ${condition} order by id limit 1`,
    [clientId, ...params],
  );
}

export async function loadDemoFixtures(db: Queryable): Promise<DemoFixtures> {
  const clientId = async (name: string) =>
    (await one<{ id: number }>(db, `client ${name}`, 'select id from clients where name = $1', [name])).id;
  const demoId = await clientId('demo');
  const harbourId = await clientId('harbour');

  const reserved = await hallEvent(
    db,
    demoId,
    'reserved-seating hall event with ticket types of every kind',
    `h.seating = 'reserved' and h.capacity < 5000`,
    EVERY_KIND,
  );
  const arena = await hallEvent(db, demoId, 'arena event', `h.seating = 'reserved' and h.capacity >= 20000`);
  const generalAdmission = await hallEvent(db, demoId, 'general-admission event', `h.seating = 'general'`);

  const { rows: typeRows } = await db.query<{ type: EventTypeKey; id: number }>(
    `select distinct on (coalesce(e.event_type, 'null')) coalesce(e.event_type, 'null') as type, e.id
       from events e where e.client_id = $1
      order by coalesce(e.event_type, 'null'), (e.status = 'pub' and coalesce(e.ends_at, e.starts_at) > now()) desc,
        e.starts_at desc, e.id`,
    [demoId],
  );
  const eventsByType = Object.fromEntries(typeRows.map((row) => [row.type, row.id])) as Record<EventTypeKey, number>;
  for (const type of ['event', 'passepartout', 'voucher', 'combi', 'horeca', 'product', 'null'] as const) {
    if (eventsByType[type] === undefined) throw new Error(`demo fixtures: no event of type ${type}`);
  }

  const ticketTypes = {} as DemoFixtures['ticketTypes'];
  for (const [kind, conditions] of Object.entries(TICKET_KINDS)) {
    ticketTypes[kind as TicketKind] = await ticketType(db, demoId, reserved.eventId, kind, conditions);
  }
  for (const fixture of Object.values(ticketTypes)) {
    fixture.validFrom = fixture.validFrom ? new Date(fixture.validFrom) : null;
    fixture.validUntil = fixture.validUntil ? new Date(fixture.validUntil) : null;
  }

  const customers: DemoFixtures['customers'] = {
    withTags: await customer(db, demoId, 'with tags', 'cardinality(tags) >= 2'),
    withRequiredTag: await customer(db, demoId, 'with the required tag', '$2 = any(tags)', [
      ticketTypes.tagged.requiredTag,
    ]),
    nullPrefs: await customer(db, demoId, 'with null prefs', 'prefs is null'),
    legacyPrefs: await customer(
      db,
      demoId,
      'with legacy prefs',
      `jsonb_typeof(prefs -> 'user_prefs_optin') in ('number', 'boolean')`,
    ),
  };

  const { rows: methods } = await db.query<{ id: number; kind: string; desk_status: string }>(
    'select id, kind, desk_status from payment_methods where client_id = $1 order by position, id',
    [demoId],
  );
  const deskPaid = methods.filter((m) => m.kind === 'desk' && m.desk_status === 'paid');
  const invoice = methods.find((m) => m.kind === 'desk' && m.desk_status === 'pending');
  const online = methods.filter((m) => m.kind === 'online').map((m) => m.id);
  if (!deskPaid[0] || !deskPaid[1] || !invoice || online.length === 0) {
    throw new Error('demo fixtures: payment methods of every kind are missing');
  }

  const paidOrder = await one<DemoFixtures['paidOrder']>(
    db,
    'paid order',
    `select o.id as "orderId", o.order_key as "orderKey", o.customer_id as "customerId" from orders o
      where o.client_id = $1 and o.status = 'ord' and o.payment_status = 'paid' and o.customer_id is not null
        and exists (select 1 from order_seats os where os.order_id = o.id and os.deleted_at is null and os.seat_id is not null)
      order by o.id limit 1`,
    [demoId],
  );

  const harbourEvent = await one<{ hallId: number; eventId: number }>(
    db,
    'harbour event',
    `select e.hall_id as "hallId", e.id as "eventId" from events e
      where e.client_id = $1 and e.event_type = 'event' and ${UPCOMING} order by e.starts_at, e.id limit 1`,
    [harbourId],
  );
  const harbourOrder = await one<{ orderId: number; customerId: number }>(
    db,
    'harbour order',
    `select id as "orderId", customer_id as "customerId" from orders
      where client_id = $1 and customer_id is not null order by id limit 1`,
    [harbourId],
  );

  return {
    demo: { clientId: demoId },
    harbour: { clientId: harbourId, ...harbourEvent, ...harbourOrder },
    reserved,
    arena,
    generalAdmission,
    eventsByType,
    ticketTypes,
    customers,
    paymentMethods: { cash: deskPaid[0].id, card: deskPaid[1].id, invoice: invoice.id, online },
    paidOrder,
  };
}
