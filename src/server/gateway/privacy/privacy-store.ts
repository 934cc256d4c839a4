import { ANONYMISED_EMAIL_DOMAIN, DEFAULT_RETENTION_YEARS } from '@/contract/privacy-limits';
import type { Queryable } from '../../db/database';

/**
 * The privacy concern's SQL: its settings (migration 021) and the retention list. The retention list reads the
 * mirror's customers, orders and waiting list in one statement of its own (the reports do the same): "no order,
 * change or waiting-list entry since the cutoff" is an anti-join per customer, which the mirror's reads of one
 * table at a time would make into a round trip per customer.
 */

/** The organisation's retention period in years (the default until it sets one). */
export async function retentionYearsOf(db: Queryable, organisationId: number): Promise<number> {
  const { rows } = await db.query<{ retention_years: number }>(
    'select retention_years from gateway.privacy_settings where organisation_id = $1',
    [organisationId],
  );
  return rows[0]?.retention_years ?? DEFAULT_RETENTION_YEARS;
}

/** Sets the retention period; returns the one it replaced. */
export async function setRetentionYears(tx: Queryable, organisationId: number, years: number): Promise<number> {
  const before = await retentionYearsOf(tx, organisationId);
  await tx.query(
    `insert into gateway.privacy_settings (organisation_id, retention_years) values ($1, $2)
     on conflict (organisation_id) do update set retention_years = excluded.retention_years, updated_at = now()`,
    [organisationId, years],
  );
  return before;
}

/**
 * Customers of the organisation (as `c`) last changed before $2, with no order dated or changed since then, no
 * waiting-list entry made since then, and not anonymised already.
 */
const PROPOSED = `
  from gateway.mirror_customers c
 where c.organisation_id = $1 and c.last_changed < $2
   and lower(c.email) not like '%@${ANONYMISED_EMAIL_DOMAIN}'
   and not exists (select 1 from gateway.mirror_orders o
                    where o.organisation_id = c.organisation_id and o.customer_id = c.customer_id
                      and (o.order_date >= $2 or o.last_changed >= $2))
   and not exists (select 1 from gateway.mirror_waiting_list w
                    where w.organisation_id = c.organisation_id and w.customer_id = c.customer_id
                      and w.created_at >= $2)`;

export async function countRetentionCandidates(db: Queryable, organisationId: number, cutoff: Date): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n ${PROPOSED}`, [organisationId, cutoff]);
  return rows[0]?.n ?? 0;
}

export interface RetentionRow {
  customer_id: string;
  body: Record<string, unknown>;
  last_changed: Date;
  last_order_at: Date | null;
  orders: number;
}

/** A page of the proposed customers, the longest unchanged first. */
export async function retentionCandidates(
  db: Queryable,
  organisationId: number,
  cutoff: Date,
  page: { limit: number; offset: number },
): Promise<RetentionRow[]> {
  const { rows } = await db.query<RetentionRow>(
    `select c.customer_id, c.body, c.last_changed, o.last_order_at, o.orders
       from (select c.organisation_id, c.customer_id, c.body, c.last_changed ${PROPOSED}
              order by c.last_changed, c.customer_id limit ${page.limit} offset ${page.offset}) c
       cross join lateral (select max(o.order_date) as last_order_at, count(*)::int as orders
                             from gateway.mirror_orders o
                            where o.organisation_id = c.organisation_id and o.customer_id = c.customer_id) o
      order by c.last_changed, c.customer_id`,
    [organisationId, cutoff],
  );
  return rows;
}

/** The numbers of up to `limit` proposed customers, in the list's order. */
export async function retentionCandidateIds(
  db: Queryable,
  organisationId: number,
  cutoff: Date,
  limit: number,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select c.customer_id::float8 as id ${PROPOSED} order by c.last_changed, c.customer_id limit ${limit}`,
    [organisationId, cutoff],
  );
  return rows.map((row) => row.id);
}

/** Which of `customerIds` the retention list proposes now. */
export async function proposedAmong(
  db: Queryable,
  organisationId: number,
  cutoff: Date,
  customerIds: readonly number[],
): Promise<Set<number>> {
  const { rows } = await db.query<{ id: number }>(
    `select c.customer_id::float8 as id ${PROPOSED} and c.customer_id = any($3::bigint[])`,
    [organisationId, cutoff, customerIds],
  );
  return new Set(rows.map((row) => row.id));
}
