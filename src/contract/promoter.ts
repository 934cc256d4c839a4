import { z } from 'zod';

/**
 * A promoter's view of their productions (`/api/promoter/…`): what each sold, per day and channel, against
 * the halls' capacity, and its latest orders, from the gateway's mirror of the service. A person of a scoped
 * role sees only their productions; anyone with reports:read may open any production's.
 */

export const promoterEventSchema = z.object({
  eventId: z.number(),
  eventName: z.string(),
  start: z.string(),
});

/** `GET /api/promoter/productions`: the productions the person sees, each with its events. */
export const promoterProductionsSchema = z.object({
  productions: z.array(z.object({ productionId: z.number(), title: z.string(), events: z.array(promoterEventSchema) })),
});
export type PromoterProductions = z.infer<typeof promoterProductionsSchema>;

export const productionOrderSchema = z.object({
  orderId: z.number(),
  orderDate: z.string(),
  channel: z.string(),
  orderStatus: z.string(),
  tickets: z.number(),
  /** The seats of this production in the order, in cents. */
  amountCents: z.number(),
  /** The buyer's name (null: anonymous); the email only for a person with customers:contact. */
  buyerName: z.string().nullable(),
  buyerEmail: z.string().nullable(),
});
export type ProductionOrder = z.infer<typeof productionOrderSchema>;

/** `GET /api/promoter/productions/:productionId`: the production's dashboard. */
export const productionDashboardSchema = z.object({
  productionId: z.number(),
  title: z.string(),
  /** When the mirror's last complete sync round finished: the figures are as of then. */
  syncedAt: z.string().nullable(),
  /** Seats of its performances in all (null: the service does not say). */
  capacity: z.number().nullable(),
  ticketsSold: z.number(),
  amountCents: z.number(),
  events: z.array(
    promoterEventSchema.extend({ capacity: z.number().nullable(), ticketsSold: z.number(), amountCents: z.number() }),
  ),
  /** Sold seats per order day and channel (`www` webshop, `sp` sales point). */
  days: z.array(z.object({ day: z.string(), channel: z.string(), tickets: z.number(), amountCents: z.number() })),
  /** The latest 20 orders with a seat of the production, newest first. */
  lastOrders: z.array(productionOrderSchema),
});
export type ProductionDashboard = z.infer<typeof productionDashboardSchema>;

export const LAST_ORDERS = 20;
