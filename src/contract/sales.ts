/**
 * "Sold by" (`GET /api/sales?orderIds=…`): who sold each order through Foyer, and in which shift, from the
 * gateway's audit trail. Orders sold elsewhere (the web shop, another system) have no entry. Pure, like the
 * rest of src/contract: the gateway types its answer with these. Plain types, not schemas: the orders list
 * shows them and loads no schema library, so the app reads them by hand (web/lib/schemas/sales.ts).
 */

export interface Sale {
  orderId: number;
  seller: { accountId: number | null; name: string | null; email: string | null };
  at: string;
  /** The shift the sale joined (the seller had one open at the desk). */
  shift: { id: number; desk: string; openedAt: string | null } | null;
}

export interface SalesAnswer {
  sales: Sale[];
}
