import type { RoleScope } from '@/contract/role-scopes';
import type { Queryable } from '../../db/database';

/** All SQL of the roles' scopes (gateway.role_scopes, migration 030). No row: the role sees every event. */

interface ScopeRow {
  production_ids: string[];
  event_ids: string[];
}

const toScope = (row: ScopeRow): RoleScope => ({
  productionIds: row.production_ids.map(Number),
  eventIds: row.event_ids.map(Number),
});

export async function readRoleScope(db: Queryable, organisationId: number, roleId: number): Promise<RoleScope | null> {
  const { rows } = await db.query<ScopeRow>(
    'select production_ids, event_ids from gateway.role_scopes where organisation_id = $1 and role_id = $2',
    [organisationId, roleId],
  );
  return rows[0] ? toScope(rows[0]) : null;
}

export async function saveRoleScope(
  db: Queryable,
  organisationId: number,
  roleId: number,
  scope: RoleScope,
): Promise<void> {
  await db.query(
    `insert into gateway.role_scopes (role_id, organisation_id, production_ids, event_ids) values ($1, $2, $3, $4)
     on conflict (role_id) do update
       set production_ids = excluded.production_ids, event_ids = excluded.event_ids, updated_at = now()`,
    [roleId, organisationId, [...new Set(scope.productionIds)], [...new Set(scope.eventIds)]],
  );
}

export async function deleteRoleScope(db: Queryable, organisationId: number, roleId: number): Promise<void> {
  await db.query('delete from gateway.role_scopes where organisation_id = $1 and role_id = $2', [
    organisationId,
    roleId,
  ]);
}

/**
 * The mirrored orders among `orderIds` with a seat (kept or removed) of an event in `eventIds`. Reads the
 * mirror's tables itself: one indexed statement per forwarded call decides what a scoped person may see.
 */
export async function ordersWithEvents(
  db: Queryable,
  organisationId: number,
  orderIds: readonly number[],
  eventIds: readonly number[],
): Promise<Set<number>> {
  if (orderIds.length === 0 || eventIds.length === 0) return new Set();
  const { rows } = await db.query<{ order_id: string }>(
    `select distinct order_id from gateway.mirror_order_seats
      where organisation_id = $1 and order_id = any($2::bigint[]) and event_id = any($3::bigint[])`,
    [organisationId, orderIds, eventIds],
  );
  return new Set(rows.map((row) => Number(row.order_id)));
}

/**
 * The amount of an order's seats of `eventIds` in cents, from its mirrored seats, as orderWithinEvents counts them:
 * the kept ones, or the removed ones when the order keeps no seat at all (a single order carries no seats).
 */
export async function orderAmountWithinEvents(
  db: Queryable,
  organisationId: number,
  orderId: number,
  eventIds: readonly number[],
): Promise<number> {
  const { rows } = await db.query<{ kept: string | null; removed: string | null; live: boolean }>(
    `select sum(amount_cents) filter (where not deleted and event_id = any($3::bigint[])) as kept,
            sum(amount_cents) filter (where deleted and event_id = any($3::bigint[])) as removed,
            bool_or(not deleted) as live
       from gateway.mirror_order_seats where organisation_id = $1 and order_id = $2`,
    [organisationId, orderId, eventIds],
  );
  const row = rows[0];
  return Number((row?.live ? row.kept : row?.removed) ?? 0);
}

/** The seats of an order (by its key) on the order's live lines, within `eventIds` and outside them. */
export interface OrderKeySeats {
  within: number[];
  outside: number[];
}

/**
 * The seat ids of the order with `orderKey`, within `eventIds` and outside them (lines not removed), by the
 * mirror; null when no line of the order, removed or not, is of an event in `eventIds` (not theirs to see).
 */
export async function orderKeySeats(
  db: Queryable,
  organisationId: number,
  orderKey: string,
  eventIds: readonly number[],
): Promise<OrderKeySeats | null> {
  const { rows } = await db.query<{ seat_id: string; within: boolean; deleted: boolean }>(
    `select s.seat_id, s.event_id = any($3::bigint[]) as within, s.deleted
       from gateway.mirror_orders o
       join gateway.mirror_order_seats s on s.organisation_id = o.organisation_id and s.order_id = o.order_id
      where o.organisation_id = $1 and o.order_key = $2`,
    [organisationId, orderKey, eventIds],
  );
  if (!rows.some((row) => row.within)) return null;
  const live = rows.filter((row) => !row.deleted);
  return {
    within: live.filter((row) => row.within).map((row) => Number(row.seat_id)),
    outside: live.filter((row) => !row.within).map((row) => Number(row.seat_id)),
  };
}

/** Whether the customer bought a seat of an event in `eventIds` (by the mirror). */
export async function customerBoughtEvents(
  db: Queryable,
  organisationId: number,
  customerId: number,
  eventIds: readonly number[],
): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from gateway.mirror_orders o
      where o.organisation_id = $1 and o.customer_id = $2 and exists (
        select 1 from gateway.mirror_order_seats s
         where s.organisation_id = o.organisation_id and s.order_id = o.order_id and s.event_id = any($3::bigint[]))
      limit 1`,
    [organisationId, customerId, eventIds],
  );
  return rows.length > 0;
}
