import type { Queryable } from '../../db/database';

/** All SQL of gateway.walk_in_customers (migration 024): the organisation's walk-in customer and its claim. */

export async function walkInCustomerId(db: Queryable, organisationId: number): Promise<number | null> {
  const { rows } = await db.query<{ id: number | null }>(
    'select customer_id::float8 as id from gateway.walk_in_customers where organisation_id = $1',
    [organisationId],
  );
  return rows[0]?.id ?? null;
}

/**
 * Claims the making of the walk-in customer: true for exactly one caller at a time — the first, or one that takes
 * over a claim older than `staleSeconds` that never got its customer (its process died meanwhile).
 */
export async function claimWalkIn(
  db: Queryable,
  organisationId: number,
  token: string,
  staleSeconds: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `insert into gateway.walk_in_customers (organisation_id, claim_token) values ($1, $2)
     on conflict (organisation_id) do update set claim_token = excluded.claim_token, claimed_at = now()
       where walk_in_customers.customer_id is null
         and walk_in_customers.claimed_at < now() - make_interval(secs => $3)
     returning organisation_id`,
    [organisationId, token, staleSeconds],
  );
  return rows.length === 1;
}

/** The claim's customer, made; false when the claim was taken over meanwhile. */
export async function settleWalkIn(
  db: Queryable,
  organisationId: number,
  token: string,
  customerId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    `update gateway.walk_in_customers set customer_id = $3, created_at = now()
      where organisation_id = $1 and claim_token = $2 and customer_id is null
      returning organisation_id`,
    [organisationId, token, customerId],
  );
  return rows.length === 1;
}

/** A claim that failed (the service refused or could not be reached): the next caller may try at once. */
export async function dropClaim(db: Queryable, organisationId: number, token: string): Promise<void> {
  await db.query(
    'delete from gateway.walk_in_customers where organisation_id = $1 and claim_token = $2 and customer_id is null',
    [organisationId, token],
  );
}
