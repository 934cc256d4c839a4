import { z } from 'zod';

/**
 * "Sold by" (`GET /api/sales?orderIds=…`): who sold each order through Foyer, and in which shift, from the
 * gateway's audit trail. Orders sold elsewhere (the web shop, another system) have no entry. Pure, like the
 * rest of src/contract: the gateway types its answer with these and the app reads it with them.
 */

export const saleSchema = z.object({
  orderId: z.number(),
  seller: z.object({ accountId: z.number().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  at: z.string(),
  /** The shift the sale joined (the seller had one open at the desk). */
  shift: z.object({ id: z.number(), desk: z.string(), openedAt: z.string().nullable() }).nullable(),
});
export type Sale = z.infer<typeof saleSchema>;

export const salesAnswerSchema = z.object({ sales: z.array(saleSchema) });
export type SalesAnswer = z.infer<typeof salesAnswerSchema>;
