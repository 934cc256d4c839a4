import type { Customer } from '@/contract/customer';
import type { Queryable } from '../../db/database';

/** The customers of `ids` as the mirror holds them (the Customer as the service returned it), by id. */
export async function mirroredCustomers(
  db: Queryable,
  organisationId: number,
  ids: readonly number[],
): Promise<Map<number, Customer>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; body: Customer }>(
    `select customer_id::float8 as id, body from gateway.mirror_customers
      where organisation_id = $1 and customer_id = any($2::bigint[])`,
    [organisationId, ids.map(String)],
  );
  return new Map(rows.map((row) => [row.id, row.body]));
}
