import type { Sale } from '@/contract/sales';
import type { Queryable } from '../../db/database';
import { firstCheckouts } from '../audit';
import { accountNames } from '../auth';
import { shiftsOfSales } from '../shifts';

/**
 * The first successful checkout of each of `orderIds` that the audit trail holds for the organisation (a
 * repeated checkout of the same cart answers the same order): who checked it out, when, and the shift the sale
 * joined (if the seller had one open). An order absent from the answer was not sold through Foyer.
 */
export async function foyerSales(db: Queryable, organisationId: number, orderIds: readonly number[]): Promise<Sale[]> {
  if (orderIds.length === 0) return [];
  const checkouts = await firstCheckouts(db, organisationId, orderIds);
  const shifts = await shiftsOfSales(
    db,
    organisationId,
    checkouts.map((checkout) => checkout.orderId),
  );
  const names = await accountNames(
    db,
    checkouts.flatMap((checkout) => (checkout.accountId === null ? [] : [checkout.accountId])),
  );
  return checkouts.map((checkout) => ({
    orderId: checkout.orderId,
    seller: {
      accountId: checkout.accountId,
      name: (checkout.accountId === null ? undefined : names.get(checkout.accountId)?.name) ?? checkout.person,
      email: checkout.person,
    },
    at: checkout.at,
    shift: shifts.get(checkout.orderId) ?? null,
  }));
}
