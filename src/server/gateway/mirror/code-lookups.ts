import type { Customer } from '@/contract/customer';
import type { Queryable } from '../../db/database';

/**
 * Exact lookups of a scanned code in the mirror, each one probe of an index: an order by its key
 * (mirror_orders_key_prefix, migration 010), a customer by email (mirror_customers_email, 003) or by the card
 * number the service keeps as `customerExternalId` (mirror_customers_card, 024).
 */

export async function mirroredOrderByKey(
  db: Queryable,
  organisationId: number,
  orderKey: string,
): Promise<{ orderId: number; orderKey: string } | null> {
  const { rows } = await db.query<{ orderId: number; orderKey: string }>(
    `select order_id::float8 as "orderId", order_key as "orderKey" from gateway.mirror_orders
      where organisation_id = $1 and order_key = $2`,
    [organisationId, orderKey],
  );
  return rows[0] ?? null;
}

/** The customers (at most two: more than one is no answer) with this email, case-insensitive (DESIGN.md 13). */
export async function mirroredCustomersByEmail(db: Queryable, organisationId: number, email: string) {
  const { rows } = await db.query<{ body: Customer }>(
    `select body from gateway.mirror_customers where organisation_id = $1 and lower(email) = lower($2) limit 2`,
    [organisationId, email],
  );
  return rows.map((row) => row.body);
}

/** The customers (at most two) whose card number (`customerExternalId`) is exactly `card`. */
export async function mirroredCustomersByCard(db: Queryable, organisationId: number, card: string) {
  const { rows } = await db.query<{ body: Customer }>(
    `select body from gateway.mirror_customers
      where organisation_id = $1 and body ->> 'customerExternalId' = $2 limit 2`,
    [organisationId, card],
  );
  return rows.map((row) => row.body);
}
