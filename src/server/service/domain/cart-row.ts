/** A cart as its lock reads it (carts.ts), and as its views render it (cart-views.ts). */
export interface CartRow {
  id: string;
  client_id: number;
  expires_at: Date | null;
  /** An order was made from this cart (it takes no more items). */
  checked_out: boolean;
  /** `catalog_version` read along, so catalog data of the sale can come from the cache without a query. */
  catalog_version: string;
  /** Set when this lock found the cart lapsed: the ticket lines its purge removed (checkout refuses then). */
  lapsed_lines?: string[];
}
