import type { Sale } from '@/contract/sales';
import type { Queryable } from '../../db/database';
import { isOpenReservation } from '../mirror';
import type { Permission } from '../permissions';
import type { Principal } from '../principal';
import { foyerSales } from './foyer-sales';

/** Who reads every order of the organisation; a seller alone reads the desk's own. */
export const ORDER_READERS: readonly Permission[] = ['orders:read', 'reports:read'];
export const readsOrders = (principal: Principal) => ORDER_READERS.some((p) => principal.permissions.includes(p));

/** Who may print an order's tickets and receipt: the desk's sellers and whoever reads orders. */
export const PRINTERS = { anyOf: ['sales:sell', ...ORDER_READERS] } as const;

/**
 * What a seller does with an order of the desk: print it (its tickets and receipt, or record a print), or
 * open it (`GET /partner/order/{id}` through the forwarder: the order page).
 */
export type DeskUse = 'print' | 'open';

/**
 * Whether `principal` may print or open an order. Whoever reads orders: any order. A seller: the orders sold
 * through Foyer by their organisation (a checkout in the audit trail), so a colleague can reprint at the desk
 * and open the sales of a shift; and, to open only, the open reservations of the organisation (status `res` in
 * its mirror), which the reservations queue lists for the desk. Nothing else: an order's key opens its public
 * page with the tickets. The sale, when Foyer made it, and else the refusal's message. Decided without asking
 * the service, so a refusal says nothing of whether the order exists.
 */
export async function orderAccess(
  db: Queryable,
  principal: Principal,
  orderId: number,
  use: DeskUse,
): Promise<{ sale: Sale | null; refusal: string | null }> {
  const [sale] = await foyerSales(db, principal.organisationId, [orderId]);
  if (sale || readsOrders(principal)) return { sale: sale ?? null, refusal: null };
  if (use === 'open' && (await isOpenReservation(db, principal.organisationId, orderId))) {
    return { sale: null, refusal: null };
  }
  const what =
    use === 'print' ? "prints only the desk's own sales" : "opens only the desk's own sales and open reservations";
  return {
    sale: null,
    refusal: `Order ${orderId} was not sold in Foyer: your role (${principal.role.name}) ${what}. Ask a manager.`,
  };
}
