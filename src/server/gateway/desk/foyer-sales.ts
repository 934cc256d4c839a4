import type { Sale } from '@/contract/sales';
import type { Queryable } from '../../db/database';

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
    display_name: string | null;
    shift_id: string | null;
    desk_name: string | null;
    opened_at: Date | null;
  }>(
    `select distinct on (e.order_id) e.order_id, e.at, e.account_id, e.person, a.display_name,
            sh.id as shift_id, d.name as desk_name, sh.opened_at
       from gateway.audit_entries e left join gateway.accounts a on a.id = e.account_id
       left join gateway.shift_sales ss on ss.organisation_id = e.organisation_id and ss.order_id = e.order_id
       left join gateway.shifts sh on sh.id = ss.shift_id
       left join gateway.desks d on d.id = sh.desk_id
      where e.organisation_id = $1 and e.action = 'forward' and e.order_id = any($2::bigint[])
        and e.method = 'POST' and e.path like '/partner/cart/%/checkout' and e.status between 200 and 299
      order by e.order_id, e.id`,
    [organisationId, orderIds],
  );
  return rows.map((row) => ({
    orderId: Number(row.order_id),
    seller: {
      accountId: row.account_id === null ? null : Number(row.account_id),
      name: row.display_name ?? row.person,
      email: row.person,
    },
    at: new Date(row.at).toISOString(),
    shift:
      row.shift_id === null
        ? null
        : {
            id: Number(row.shift_id),
            desk: row.desk_name ?? '',
            openedAt: row.opened_at === null ? null : new Date(row.opened_at).toISOString(),
          },
  }));
}
