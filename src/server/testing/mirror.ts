import { expect } from 'vitest';
import type { Queryable } from '../db/database';
import type { ServiceConnection } from '../gateway/service-connection';
import type { TestService } from './test-service';

/** Helpers of the mirror's tests: a service connection that counts and breaks calls, and mirror-vs-service checks. */

/** What a faulty connection does instead of calling the service: a response of its own, or a thrown error. */
export type Fault = (call: { method: string; path: string; n: number }) => Response | Error | null;

export interface CountingConnection extends ServiceConnection {
  /** `METHOD /path?query` of every call, in order. */
  readonly calls: string[];
  /** The request body of every call (null for none), in the same order. */
  readonly bodies: (string | null)[];
  fault: Fault | null;
  /** The service's clock as its answers' `Date` header says it (default: no such header, as in-process). */
  serverDate: (() => Date) | null;
}

export function countingConnection(inner: ServiceConnection): CountingConnection {
  const connection: CountingConnection = {
    calls: [],
    bodies: [],
    fault: null,
    serverDate: null,
    async fetch(pathAndQuery, init, origin) {
      const method = init.method ?? 'GET';
      connection.calls.push(`${method} ${pathAndQuery}`);
      connection.bodies.push(typeof init.body === 'string' ? init.body : null);
      const faulty = connection.fault?.({ method, path: pathAndQuery, n: connection.calls.length });
      if (faulty instanceof Error) throw faulty;
      if (faulty) return faulty;
      const answer = await inner.fetch(pathAndQuery, init, origin);
      if (!connection.serverDate) return answer;
      const headers = new Headers(answer.headers);
      headers.set('date', connection.serverDate().toUTCString());
      return new Response(await answer.text(), { status: answer.status, headers });
    },
    baseUrl: (origin) => inner.baseUrl(origin),
    prepared: (answer) => inner.prepared(answer),
  };
  return connection;
}

export async function organisationIdOf(db: Queryable, clientName: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>('select id from gateway.organisations where client_name = $1', [
    clientName,
  ]);
  if (!rows[0]) throw new Error(`no organisation ${clientName}`);
  return Number(rows[0].id);
}

/** Every record of a POST export, read straight from the service (page by page). */
export async function exportAll<T = Record<string, unknown>>(
  service: Pick<TestService, 'request'>,
  client: { client: string; apiKey: string },
  kind: 'customers' | 'orders' | 'waitinglist',
): Promise<T[]> {
  const records: T[] = [];
  for (let page = 1; ; page++) {
    const response = await service.request(`/v1/${client.client}/partner/export/${kind}?page=${page}`, {
      method: 'POST',
      key: client.apiKey,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: T[]; last_page: number };
    records.push(...body.data);
    if (page >= body.last_page) return records;
  }
}

type Row = Record<string, unknown>;

const byId = <T extends Row>(records: T[], field: string) =>
  new Map(records.map((record) => [Number(record[field]), record]));

/**
 * The mirror of `organisationId` holds exactly what the service exports for `client`: every customer as it
 * is, every order with its lines in order, every waiting-list entry — none missing, none extra.
 */
export async function expectMirrorEqualsService(
  db: Queryable,
  organisationId: number,
  service: Pick<TestService, 'request'>,
  client: { client: string; apiKey: string },
): Promise<void> {
  const customers = byId(await exportAll(service, client, 'customers'), 'customerId');
  const mirroredCustomers = await db.query<{ customer_id: string; body: Row; tags: string[] }>(
    'select customer_id, body, tags from gateway.mirror_customers where organisation_id = $1',
    [organisationId],
  );
  expect(mirroredCustomers.rows.length).toBe(customers.size);
  for (const row of mirroredCustomers.rows) {
    const exported = customers.get(Number(row.customer_id));
    expect(row.body).toEqual(exported);
    const tags = typeof exported?.customerTags === 'string' ? exported.customerTags.split(',') : [];
    expect(row.tags).toEqual(tags);
  }

  const orders = byId(await exportAll(service, client, 'orders'), 'orderId');
  const mirroredOrders = await db.query<{ order_id: string; body: Row; order_status: string }>(
    'select order_id, body, order_status from gateway.mirror_orders where organisation_id = $1',
    [organisationId],
  );
  expect(mirroredOrders.rows.length).toBe(orders.size);
  const lines = await db.query<{ order_id: string; deleted: boolean; seat_id: string; price_name: string }>(
    `select order_id, deleted, seat_id, price_name from gateway.mirror_order_seats
      where organisation_id = $1 order by order_id, deleted, line_no`,
    [organisationId],
  );
  const linesOf = new Map<number, { seats: Row[]; deletedSeats: Row[] }>();
  for (const line of lines.rows) {
    const entry = linesOf.get(Number(line.order_id)) ?? { seats: [], deletedSeats: [] };
    (line.deleted ? entry.deletedSeats : entry.seats).push({
      seatId: Number(line.seat_id),
      priceName: line.price_name,
    });
    linesOf.set(Number(line.order_id), entry);
  }
  for (const row of mirroredOrders.rows) {
    const exported = orders.get(Number(row.order_id)) as Row & { seats: Row[]; deletedSeats: Row[] };
    const { user: _user, seats, deletedSeats, ...order } = exported;
    expect(row.body).toEqual(order);
    const pick = (line: Row) => ({ seatId: line.seatId, priceName: line.priceName });
    expect(linesOf.get(Number(row.order_id)) ?? { seats: [], deletedSeats: [] }).toEqual({
      seats: seats.map(pick),
      deletedSeats: deletedSeats.map(pick),
    });
  }

  const waiting = byId(await exportAll(service, client, 'waitinglist'), 'waitingId');
  const mirroredWaiting = await db.query<{ waiting_id: string; type: string; number_of_tickets: number }>(
    'select waiting_id, type, number_of_tickets from gateway.mirror_waiting_list where organisation_id = $1',
    [organisationId],
  );
  expect(mirroredWaiting.rows.length).toBe(waiting.size);
  for (const row of mirroredWaiting.rows) {
    const exported = waiting.get(Number(row.waiting_id));
    expect({ type: row.type, numberOfTickets: row.number_of_tickets }).toEqual({
      type: exported?.type,
      numberOfTickets: exported?.numberOfTickets,
    });
  }
}

/** The sync state rows of an organisation, by resource. */
export async function syncStates(db: Queryable, organisationId: number) {
  const { rows } = await db.query<{
    resource: string;
    watermark: Date | null;
    full_sync_finished_at: Date | null;
    full_sync_total: string | null;
    full_sync_done: string;
    last_success_at: Date | null;
    last_error: string | null;
  }>('select * from gateway.mirror_sync_state where organisation_id = $1 order by resource', [organisationId]);
  return new Map(rows.map((row) => [row.resource, row]));
}
