import type { Queryable } from '../../service/db/database';
import type { Principal } from '../auth/principal';
import type { Permission } from '../permissions/permissions';
import { foyerSales } from './foyer-sales';

/** Who reads every order of the organisation; a seller alone sees the desk's own. */
export const ORDER_READERS: readonly Permission[] = ['orders:read', 'reports:read'];
export const readsOrders = (principal: Principal) => ORDER_READERS.some((p) => principal.permissions.includes(p));

/** Who may print an order's tickets and receipt: the desk's sellers and whoever reads orders. */
export const PRINTERS = { anyOf: ['sales:sell', ...ORDER_READERS] } as const;

/**
 * Whether `principal` may print (or record a print of) an order: whoever reads orders, any order; a seller,
 * the orders sold through Foyer by their organisation (a checkout in the audit trail), so a colleague can
 * reprint at the desk. The sale, when Foyer made it, and else the refusal's message.
 */
export async function printAccess(
  db: Queryable,
  principal: Principal,
  orderId: number,
): Promise<{ sale: Awaited<ReturnType<typeof foyerSales>>[number] | null; refusal: string | null }> {
  const [sale] = await foyerSales(db, principal.organisationId, [orderId]);
  if (sale || readsOrders(principal)) return { sale: sale ?? null, refusal: null };
  return {
    sale: null,
    refusal: `Order ${orderId} was not sold in Foyer: your role (${principal.role.name}) prints only the desk's own sales. Ask a manager.`,
  };
}
