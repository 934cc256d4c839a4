import type { Queryable } from '../../service/db/database';
import type { ServiceConnection } from '../service-connection';

/**
 * Fills an organisation's mirror tables (migrations/003_mirror.sql) straight from the service's exports, in
 * the shape the sync engine writes them: for tests and the reports benchmark, which need a mirror without
 * running a sync. Rows are replaced, so a second fill brings the mirror up to date.
 */
export interface MirrorFillOptions {
  db: Queryable;
  service: ServiceConnection;
  organisationId: number;
  clientName: string;
  apiKey: string;
}

type Rec = Record<string, unknown>;

const ORIGIN = 'http://mirror-fill.test';

async function* exportPages(options: MirrorFillOptions, kind: string): AsyncGenerator<Rec[]> {
  for (let page = 1; ; page++) {
    const response = await options.service.fetch(
      `/v1/${options.clientName}/partner/export/${kind}?page=${page}`,
      { method: 'POST', headers: { authorization: options.apiKey, accept: 'application/json' } },
      ORIGIN,
    );
    if (!response.ok) throw new Error(`export ${kind} page ${page}: ${response.status}`);
    const envelope = (await response.json()) as { data: Rec[]; last_page: number };
    if (envelope.data.length > 0) yield envelope.data;
    if (page >= envelope.last_page) return;
  }
}

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100);

const tagsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean)
    : [];

export async function fillMirror(options: MirrorFillOptions): Promise<{ customers: number; orders: number }> {
  const { db, organisationId } = options;
  let customers = 0;
  let orders = 0;
  for await (const page of exportPages(options, 'customers')) {
    customers += page.length;
    await db.query(
      `insert into gateway.mirror_customers (organisation_id, customer_id, email, last_changed, tags, body)
       select $1, r.id, r.email, r.changed, array(select jsonb_array_elements_text(r.tags)), r.body
         from unnest($2::bigint[], $3::text[], $4::timestamptz[], $5::jsonb[], $6::jsonb[])
           as r(id, email, changed, tags, body)
       on conflict (organisation_id, customer_id) do update
         set email = excluded.email, last_changed = excluded.last_changed, tags = excluded.tags, body = excluded.body`,
      [
        organisationId,
        page.map((c) => c.customerId),
        page.map((c) => c.email),
        page.map((c) => c.lastChanged),
        page.map((c) => JSON.stringify(tagsOf(c.customerTags))),
        page.map((c) => JSON.stringify(c)),
      ],
    );
  }
  for await (const page of exportPages(options, 'orders')) {
    orders += page.length;
    const bodies = page.map((order) => {
      const { user: _user, seats: _seats, deletedSeats: _deleted, ...body } = order;
      return JSON.stringify(body);
    });
    await db.query(
      `insert into gateway.mirror_orders (organisation_id, order_id, order_key, customer_id, order_status,
         payment_status, channel, payment_method, order_date, time_out, amount_cents, fee_cents, donation_cents,
         discount_name, last_changed, body)
       select $1, r.* from unnest($2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::timestamptz[], $10::timestamptz[], $11::bigint[], $12::bigint[], $13::bigint[], $14::text[],
         $15::timestamptz[], $16::jsonb[]) as r
       on conflict (organisation_id, order_id) do update
         set order_status = excluded.order_status, payment_status = excluded.payment_status,
             amount_cents = excluded.amount_cents, fee_cents = excluded.fee_cents,
             donation_cents = excluded.donation_cents, last_changed = excluded.last_changed, body = excluded.body`,
      [
        organisationId,
        page.map((o) => o.orderId),
        page.map((o) => o.orderKey),
        page.map((o) => o.customerId),
        page.map((o) => o.orderStatus),
        page.map((o) => o.orderPaymentStatus),
        page.map((o) => o.orderChannel),
        page.map((o) => o.handlingTextPayment),
        page.map((o) => o.orderDate),
        page.map((o) => o.timeOut),
        page.map((o) => cents(o.amount)),
        page.map((o) => cents(o.fee)),
        page.map((o) => cents(o.donation)),
        page.map((o) => o.discountName),
        page.map((o) => o.lastChanged),
        bodies,
      ],
    );
    const lines: Array<{ orderId: unknown; lineNo: number; deleted: boolean; seat: Rec }> = [];
    for (const order of page) {
      for (const [deleted, list] of [
        [false, order.seats],
        [true, order.deletedSeats],
      ] as const) {
        (list as Rec[]).forEach((seat, lineNo) => {
          lines.push({ orderId: order.orderId, lineNo, deleted, seat });
        });
      }
    }
    await db.query('delete from gateway.mirror_order_seats where organisation_id = $1 and order_id = any($2)', [
      organisationId,
      page.map((o) => o.orderId),
    ]);
    await db.query(
      `insert into gateway.mirror_order_seats (organisation_id, order_id, line_no, deleted, seat_id, event_id, rank_id,
         row_nr, seat_nr, amount_cents, price_id, price_name)
       select $1, r.* from unnest($2::bigint[], $3::int[], $4::boolean[], $5::bigint[], $6::bigint[], $7::bigint[],
         $8::int[], $9::int[], $10::bigint[], $11::text[], $12::text[]) as r`,
      [
        organisationId,
        lines.map((l) => l.orderId),
        lines.map((l) => l.lineNo),
        lines.map((l) => l.deleted),
        lines.map((l) => l.seat.seatId),
        lines.map((l) => l.seat.eventId),
        lines.map((l) => l.seat.rankId),
        lines.map((l) => l.seat.rowNr),
        lines.map((l) => l.seat.seatNr),
        lines.map((l) => cents(l.seat.amount)),
        lines.map((l) => String(l.seat.priceId)),
        lines.map((l) => l.seat.priceName),
      ],
    );
  }
  for await (const page of exportPages(options, 'waitinglist')) {
    await db.query(
      `insert into gateway.mirror_waiting_list (organisation_id, waiting_id, customer_id, event_id, number_of_tickets,
         type, created_at, notified_at)
       select $1, r.* from unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::int[], $6::text[], $7::timestamptz[],
         $8::timestamptz[]) as r
       on conflict (organisation_id, waiting_id) do update set type = excluded.type, notified_at = excluded.notified_at`,
      [
        organisationId,
        page.map((w) => w.waitingId),
        page.map((w) => w.customerId),
        page.map((w) => w.eventId),
        page.map((w) => w.numberOfTickets),
        page.map((w) => w.type),
        page.map((w) => w.createdAt),
        page.map((w) => w.notifiedAt),
      ],
    );
  }
  for (const resource of ['customers', 'orders', 'waitinglist']) {
    await db.query(
      `insert into gateway.mirror_sync_state (organisation_id, resource, watermark, full_sync_started_at,
         full_sync_finished_at, last_attempt_at, last_success_at)
       values ($1, $2, now(), now(), now(), now(), now())
       on conflict (organisation_id, resource) do update set last_success_at = now(), last_attempt_at = now()`,
      [organisationId, resource],
    );
  }
  return { customers, orders };
}

/** The id of a connected organisation. */
export async function organisationIdOf(db: Queryable, clientName: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>('select id from gateway.organisations where client_name = $1', [
    clientName,
  ]);
  if (!rows[0]) throw new Error(`no organisation ${clientName}`);
  return Number(rows[0].id);
}
