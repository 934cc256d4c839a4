import { z } from 'zod';
import { salesPointChoiceSchema } from './sales-points';

/**
 * The gateway's shifts and cash-up as the app reads them (`/api/shifts…`, `/api/desks`): pure, like the rest
 * of src/contract, so the gateway that answers and the app that parses share one definition. Money is integer
 * cents throughout (no rounding on either side).
 */

/** Where a payment's money ends up: the drawer, the card terminal, an online payment page, or none (an invoice). */
export const TENDERS = ['cash', 'card', 'online', 'other'] as const;
export type Tender = (typeof TENDERS)[number];

export const SHIFT_STATUSES = ['open', 'closed', 'signed-off'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

/** Most money a float or a count may hold (a million euros): anything more is a typing error. */
export const MAX_CENTS = 100_000_000;

const cents = z.number().int();

export const personRefSchema = z.object({
  accountId: z.number().int().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRefSchema>;

export const deskSchema = z.object({ id: z.number().int(), name: z.string() });

export const shiftSummarySchema = z.object({
  id: z.number().int(),
  desk: deskSchema,
  /** The sales point it was opened at (its desk bears the sales point's name); null: a desk named by hand. */
  salesPointId: z.number().int().nullable(),
  seller: personRefSchema,
  status: z.enum(SHIFT_STATUSES),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  closedBy: personRefSchema.nullable(),
  /** The desk's IANA time zone: "past midnight" and the report's times are read there. */
  timeZone: z.string(),
  openingFloatCents: cents,
  /** Open on a later day than it was opened (or closed on one), where the desk is. */
  pastMidnight: z.boolean(),
  salesCount: z.number().int(),
  salesTotalCents: cents,
  /** Counted minus expected, drawer and terminal together; null while open. */
  differenceCents: cents.nullable(),
  signedOffAt: z.string().nullable(),
  signedOffBy: personRefSchema.nullable(),
});
export type ShiftSummary = z.infer<typeof shiftSummarySchema>;

export const methodTotalSchema = z.object({
  method: z.string(),
  tender: z.enum(TENDERS),
  count: z.number().int(),
  amountCents: cents,
  feeCents: cents,
  donationCents: cents,
});

export const performanceTotalSchema = z.object({
  eventId: z.number().int(),
  /** Null when the service could not name it. */
  name: z.string().nullable(),
  start: z.string().nullable(),
  tickets: z.number().int(),
  amountCents: cents,
});
export type PerformanceTotal = z.infer<typeof performanceTotalSchema>;

export const shiftTotalsSchema = z.object({
  count: z.number().int(),
  amountCents: cents,
  feeCents: cents,
  donationCents: cents,
  /** Sales whose amounts could not be read from the service yet. */
  unread: z.number().int(),
  /**
   * Sales cancelled before any money reached the desk (an online payment link the buyer cancelled): in no count
   * or total. Absent in the Z-reports kept before it was added.
   */
  withdrawn: z.object({ count: z.number().int(), amountCents: cents }).optional(),
  /**
   * Of the counted sales, online payments the buyer has not made yet (they may still lapse, and then are
   * withdrawn). Absent in the Z-reports kept before it was added.
   */
  awaiting: z.object({ count: z.number().int(), amountCents: cents }).optional(),
  byMethod: z.array(methodTotalSchema),
  byPerformance: z.array(performanceTotalSchema),
  /** The drawer (float + cash sales), the terminal (card sales), online and other payments. */
  expected: z.object({ cashCents: cents, cardCents: cents, onlineCents: cents, otherCents: cents }),
});
export type ShiftTotals = z.infer<typeof shiftTotalsSchema>;

export const shiftSaleSchema = z.object({
  orderId: z.number().int(),
  soldAt: z.string(),
  method: z.string().nullable(),
  tender: z.enum(TENDERS).nullable(),
  amountCents: cents.nullable(),
  feeCents: cents.nullable(),
  donationCents: cents.nullable(),
  orderStatus: z.string().nullable(),
  paymentStatus: z.string().nullable(),
  /** Cancelled before any money reached the desk: not counted (totals.withdrawn). */
  withdrawn: z.boolean().optional(),
});

/** How an order found in the reconciliation differs from the shift's own record. */
export const RECONCILIATION_KINDS = ['outside-foyer', 'changed', 'missing', 'without-shift'] as const;

const orderStateSchema = z.object({
  orderStatus: z.string().nullable(),
  paymentStatus: z.string().nullable(),
  amountCents: cents.nullable(),
});

export const reconciledOrderSchema = z.object({
  orderId: z.number().int(),
  kind: z.enum(RECONCILIATION_KINDS),
  orderDate: z.string().nullable(),
  method: z.string().nullable(),
  /** As the service has it now (null: not found there). */
  now: orderStateSchema.nullable(),
  /** As it was just after the sale (the shift's own sales only). */
  atSale: orderStateSchema.nullable(),
});
export type ReconciledOrder = z.infer<typeof reconciledOrderSchema>;

export const CANCELLATION_KINDS = ['cancelled', 'payment-cancelled', 'seats-removed'] as const;

export const cancellationSchema = z.object({
  orderId: z.number().int(),
  kind: z.enum(CANCELLATION_KINDS),
  orderStatus: z.string(),
  paymentStatus: z.string(),
  /** What the cancellation concerns: the order's amount, or the removed seats'. */
  amountCents: cents,
  method: z.string().nullable(),
  /** Sold in this shift (else: another desk sale of the shift's time, or one sold before it). */
  ofThisShift: z.boolean(),
  /**
   * A desk sale of before the shift, cancelled or refunded while it ran (as the mirror saw it). Absent in
   * the Z-reports kept before it was added.
   */
  soldBefore: z.boolean().optional(),
});
export type Cancellation = z.infer<typeof cancellationSchema>;

export const reconciliationSchema = z.object({
  checkedAt: z.string(),
  /** False when more orders changed than were compared (the newest were). */
  complete: z.boolean(),
  ordersCompared: z.number().int(),
  outsideFoyer: z.array(reconciledOrderSchema),
  changed: z.array(reconciledOrderSchema),
  withoutShift: z.array(reconciledOrderSchema),
  cancellations: z.array(cancellationSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** The openings of a shift's cash drawer: by a cash sale's receipt, "no sale", and at cash-up. */
export const drawerOpeningsSchema = z.object({
  sale: z.number().int(),
  noSale: z.number().int(),
  cashUp: z.number().int(),
});
export type DrawerOpenings = z.infer<typeof drawerOpeningsSchema>;

/**
 * The seller's blind first count of their shift: the drawer and the terminal's total, counted before the close
 * screen showed what was expected (`POST /api/shifts/:id/blind-count`). Kept by the gateway when it is made, once.
 */
export const blindCountSchema = z.object({ cashCents: cents, cardCents: cents, countedAt: z.string() });
export type BlindCount = z.infer<typeof blindCountSchema>;

/** An amount counted: whole cents, never negative, never absurd. */
const countedCents = z.number({ error: 'An amount in cents' }).int('Whole cents').min(0, 'Not negative').max(MAX_CENTS);

/** `POST /api/shifts/:id/blind-count`: the amounts counted. */
export const blindCountBodySchema = z.object({ cashCents: countedCents, cardCents: countedCents });
export type BlindCountBody = z.infer<typeof blindCountBodySchema>;

/** The Z-report: made once, at closing, and kept as it was. */
export const zReportSchema = z.object({
  generatedAt: z.string(),
  totals: shiftTotalsSchema,
  counted: z.object({ cashCents: cents, cardCents: cents }),
  difference: z.object({ cashCents: cents, cardCents: cents, totalCents: cents }),
  /**
   * The seller's first count, made before the expected totals were shown (a blind count), when it was made;
   * `counted` is the count the shift closed with. Absent: counted with the expected totals in view (a
   * reviewer's close), or a report made before blind counts.
   */
  blindCount: blindCountSchema.optional(),
  reason: z.string().nullable(),
  /** How often the cash drawer was opened, by why (absent in reports made before sales points). */
  drawerOpenings: drawerOpeningsSchema.optional(),
  /** Null when the service's orders could not be read at closing. */
  reconciliation: reconciliationSchema.nullable(),
});
export type ZReport = z.infer<typeof zReportSchema>;

/** Why the person asking may not sign a shift off (null: they may). */
export const SIGN_OFF_REFUSALS = ['no-permission', 'not-closed', 'own-shift', 'closed-it'] as const;

export const shiftDetailSchema = z.object({
  shift: shiftSummarySchema,
  sales: z.array(shiftSaleSchema),
  /** While open, the running totals; once closed, the Z-report's (and the summary's sales are its figures too). */
  totals: shiftTotalsSchema,
  /**
   * Of a closed shift, the sales its Z-report counts that were cancelled since, before they were paid (online
   * payments that lapsed): the Z-report keeps them, as it stood at the close (null: none).
   */
  lapsedSinceClose: z.object({ count: z.number().int(), amountCents: cents }).nullable(),
  zReport: zReportSchema.nullable(),
  /** The seller's blind first count, once made (the close screen shows what was expected after it). */
  blindCount: blindCountSchema.nullable(),
  signOffNote: z.string().nullable(),
  mayClose: z.boolean(),
  signOffRefusal: z.enum(SIGN_OFF_REFUSALS).nullable(),
});
export type ShiftDetail = z.infer<typeof shiftDetailSchema>;

export const shiftPageSchema = z.object({
  data: z.array(shiftSummarySchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  lastPage: z.number().int(),
});
export type ShiftPage = z.infer<typeof shiftPageSchema>;

export const currentShiftSchema = z.object({
  shift: shiftSummarySchema.nullable(),
  totals: shiftTotalsSchema.nullable(),
});
export type CurrentShift = z.infer<typeof currentShiftSchema>;

export const shiftOptionsSchema = z.object({
  desks: z.array(deskSchema),
  /** The enabled sales points (issue 31), for sellers; the desks above stay for shifts without one. */
  salesPoints: z.array(salesPointChoiceSchema),
  /** Everyone who has had a shift (for reviewers; a seller sees only themselves). */
  sellers: z.array(personRefSchema),
});
export type ShiftOptions = z.infer<typeof shiftOptionsSchema>;

export const openShiftBodySchema = z.object({
  /** Opened at a sales point: its name is the desk's (the `desk` sent is then not used). */
  salesPointId: z.number().int().positive().optional(),
  desk: z.string({ error: 'Name the desk' }).trim().min(1, 'Name the desk').max(60, 'At most 60 characters'),
  openingFloatCents: z
    .number({ error: 'The opening float, in cents' })
    .int('Whole cents')
    .min(0, 'Not negative')
    .max(MAX_CENTS, 'Too large'),
  timeZone: z.string().min(1).max(64),
});
export type OpenShiftBody = z.infer<typeof openShiftBodySchema>;

export const closeShiftBodySchema = z.object({
  countedCashCents: countedCents,
  countedCardCents: countedCents,
  reason: z.string().trim().max(500, 'At most 500 characters').optional(),
  /** The expected totals the seller saw: when sales came in since, the close is refused (409) to look again. */
  expectedCashCents: z.number().int().optional(),
  expectedCardCents: z.number().int().optional(),
});
export type CloseShiftBody = z.infer<typeof closeShiftBodySchema>;

export const signOffBodySchema = z.object({
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
});

/** The shift filter of the list, as the URL and `GET /api/shifts` take it. */
export const SHIFT_FILTER_KEYS = ['status', 'desk', 'seller', 'from', 'to', 'flag'] as const;

const idText = z
  .string()
  .regex(/^\d{1,15}$/, 'A number')
  .transform(Number);
const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD');

/** `GET /api/shifts`: the list's filter (SHIFT_FILTER_KEYS) and page, as query parameters. */
export const shiftListQuerySchema = z.object({
  status: z.enum(SHIFT_STATUSES).optional(),
  desk: idText.optional(),
  seller: idText.optional(),
  from: dayText.optional(),
  to: dayText.optional(),
  flag: z.enum(['past-midnight']).optional(),
  page: idText.optional(),
});
