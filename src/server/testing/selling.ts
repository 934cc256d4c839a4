import { expect } from 'vitest';
import type { Queryable } from '../db/database';
import { checkInventoryInvariants } from './invariants';
import { DEMO, type TestService } from './test-service';

/** Helpers shared by the selling tests (carts, checkout, payment pages, concurrency). */

export async function newCart(service: Pick<TestService, 'request'>, client: string = DEMO.client): Promise<string> {
  const response = await service.request(`/v1/${client}/cart/`, { method: 'POST' });
  expect(response.status).toBe(201);
  return ((await response.json()) as { cart_id: string }).cart_id;
}

/** The plain full-price ticket type ("Normaal": no discount, no limits) of a rank of an event. */
export async function fullPriceType(db: Queryable, eventId: number, rankId: number): Promise<string> {
  const { rows } = await db.query<{ id: number }>(
    `select id from ticket_types
      where event_id = $1 and rank_id = $2 and discount_type = '€' and discount_value = 0 and required_tag is null
        and max_per_order is null and max_per_event is null and valid_from is null and valid_until is null
      order by position, id limit 1`,
    [eventId, rankId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no full-price ticket type for event ${eventId} rank ${rankId}`);
  return String(id);
}

export async function expectInvariants(db: Queryable, now?: Date): Promise<void> {
  expect(await checkInventoryInvariants(db, now)).toEqual([]);
}

export function partner(service: Pick<TestService, 'request'>) {
  const call = (method: string, path: string, json?: unknown) =>
    service.request(`/v1/demo/partner${path}`, {
      method,
      key: DEMO.apiKey,
      ...(json === undefined ? {} : { json }),
    });
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, json: unknown) => call('POST', path, json),
    delete: (path: string) => call('DELETE', path),
  };
}
