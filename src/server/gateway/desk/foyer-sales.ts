import type { Sale } from '@/contract/sales';
import type { Queryable } from '../../db/database';
import { accountNames } from '../auth';
import { shiftsOfSales } from '../shifts';

/**
 * The first successful checkout of each of `orderIds` that the audit trail holds for the organisation (a
 * repeated checkout of the same cart answers the same order): who checked it out, when, and the shift the sale
 * joined (if the seller had one open). An order absent from the answer was not sold through Foyer.
 */
export async function foyerSales(db: Queryable, organisationId: number, orderIds: readonly number[]): Promise<Sale[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query<{
    order_id: string;
    at: Date;
    account_id: string | null;
    person: string | null;
  }>(
    `select distinct on (e.order_id) e.order_id, e.at, e.account_id, e.person
       from gateway.audit_entries e
      where e.organisation_id = $1 and e.action = 'forward' and e.order_id = any($2::bigint[])
        and e.method = 'POST' and e.path like '/partner/cart/%/checkout' and e.status between 200 and 299
      order by e.order_id, e.id`,
    [organisationId, orderIds],
  );
  const shifts = await shiftsOfSales(
    db,
    organisationId,
    rows.map((row) => Number(row.order_id)),
  );
  const names = await accountNames(
    db,
    rows.flatMap((row) => (row.account_id === null ? [] : [Number(row.account_id)])),
  );
  return rows.map((row) => ({
    orderId: Number(row.order_id),
    seller: {
      accountId: row.account_id === null ? null : Number(row.account_id),
      name: (row.account_id === null ? undefined : names.get(Number(row.account_id))?.name) ?? row.person,
      email: row.person,
    },
    at: new Date(row.at).toISOString(),
    shift: shifts.get(Number(row.order_id)) ?? null,
  }));
}
