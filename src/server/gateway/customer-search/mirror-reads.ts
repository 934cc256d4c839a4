import type { Customer } from '../../../contract/customer';
import type { Queryable } from '../../service/db/database';

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

/** A Customer's tags as a list: the interface sends a comma-separated string or null (some services a list). */
function tagsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list.map((tag) => String(tag).trim()).filter((tag) => tag !== '');
}

/**
 * Writes a customer the service just returned into the mirror (a newer copy wins; an older one never replaces
 * a newer). False when the answer is not a customer the mirror can hold.
 */
export async function mirrorCustomer(db: Queryable, organisationId: number, customer: unknown): Promise<number | null> {
  if (!customer || typeof customer !== 'object') return null;
  const record = customer as Record<string, unknown>;
  const customerId = Number(record.customerId);
  const lastChanged = typeof record.lastChanged === 'string' ? Date.parse(record.lastChanged) : Number.NaN;
  if (!Number.isSafeInteger(customerId) || typeof record.email !== 'string' || Number.isNaN(lastChanged)) return null;
  await db.query(
    `insert into gateway.mirror_customers (organisation_id, customer_id, email, last_changed, tags, body)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (organisation_id, customer_id) do update
        set email = excluded.email, last_changed = excluded.last_changed, tags = excluded.tags,
            body = excluded.body, mirrored_at = now()
      where gateway.mirror_customers.last_changed <= excluded.last_changed`,
    [
      organisationId,
      customerId,
      record.email,
      new Date(lastChanged),
      tagsOf(record.customerTags),
      JSON.stringify(record),
    ],
  );
  return customerId;
}
