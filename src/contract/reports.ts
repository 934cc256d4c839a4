import { z } from 'zod';

/**
 * The gateway's reports (`GET /api/reports/...`, permission reports:read): queries on the organisation's
 * mirror of the service (issue 21), so an analysis is a few database queries instead of a download of every
 * order of the period. Pure, like the rest of src/contract: the gateway validates with these schemas and
 * the app reads its answers with them.
 */

/** `YYYY-MM-DD`: a calendar day of the venue (the date part of the service's own datetimes). */
const day = z.iso.date();

/** Ways to group the orders of an analysis. `event` and `price` count seats (an order may hold several). */
export const REPORT_GROUPS = ['none', 'status', 'payment', 'channel', 'method', 'event', 'price', 'day'] as const;
export type ReportGrouping = (typeof REPORT_GROUPS)[number];

export const REPORT_SORTS = ['date-desc', 'date-asc', 'amount-desc', 'amount-asc', 'id'] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/** Rows of the order list per page. */
export const REPORT_PAGE_SIZE = 100;

/** The longest period one analysis covers: a few seasons. */
export const REPORT_MAX_DAYS = 3 * 366;

/**
 * Order statuses whose seats count as sold (spec 2.11): regular orders and the two kinds of re-issue.
 * Reservations (`res`) and offers (`pros`) hold seats but are not sold; cancelled and trashed orders keep
 * theirs only as deleted seats.
 */
export const SOLD_STATUSES = ['ord', 'reemit', 'reissue'] as const;

/**
 * Order statuses no payment has been taken for: the service's handlingTextPayment of such an order names the
 * status (NO_METHOD_LABELS) where it has no method, so the analysis gives those no method (''). One with a method
 * ("Op rekening", iDEAL) keeps it: a manager filtering on account counts the reservations on account too.
 */
export const UNPAID_STATUSES = ['res', 'pros'] as const;
export const NO_METHOD_LABELS = ['Reservering', 'Offerte'] as const;

const optionalText = z.string().trim().max(200).optional();
const optionalId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();

/** The filters of an order analysis, as query parameters (empty ones left out). */
export const orderFilterSchema = z
  .object({
    /** Order date, first and last day (inclusive). */
    from: day,
    to: day,
    status: optionalText,
    payment: optionalText,
    channel: optionalText,
    method: z.string().max(200).optional(),
    /** Orders with a (not deleted) seat of this event. */
    event: optionalId,
    /** Orders with a (not deleted) seat of this price name. */
    price: z.string().max(200).optional(),
    /** One day within the period. */
    day: day.optional(),
    /** Order number, order key, customer name or email (part of). */
    q: optionalText,
  })
  .refine((filter) => filter.from <= filter.to, { path: ['to'], message: 'to must not be before from' })
  .refine((filter) => (Date.parse(filter.to) - Date.parse(filter.from)) / 86_400_000 <= REPORT_MAX_DAYS, {
    path: ['from'],
    message: `At most ${REPORT_MAX_DAYS} days`,
  });
export type OrderFilter = z.infer<typeof orderFilterSchema>;

export const orderListQuerySchema = z.object({
  sort: z.enum(REPORT_SORTS).default('date-desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const groupQuerySchema = z.object({ group: z.enum(REPORT_GROUPS).exclude(['none']) });

export const totalsSchema = z.object({
  orders: z.number(),
  /**
   * Revenue: the amounts of the sold orders (SOLD_STATUSES) alone; reservations, offers, cancelled and deleted
   * orders are counted in `orders` but add nothing here.
   */
  revenueCents: z.number(),
  feeCents: z.number(),
  donationCents: z.number(),
  /** Seats (lines) of the orders, not deleted. */
  tickets: z.number(),
});
export type ReportTotals = z.infer<typeof totalsSchema>;

export const reportRowSchema = z.object({
  orderId: z.number(),
  orderKey: z.string(),
  orderDate: z.string(),
  lastChanged: z.string(),
  status: z.string(),
  payment: z.string(),
  channel: z.string(),
  method: z.string(),
  amountCents: z.number(),
  feeCents: z.number(),
  donationCents: z.number(),
  tickets: z.number(),
  customerId: z.number().nullable(),
  /** "Jan de Vries", or '' when the customer is not (yet) in the mirror. */
  customerName: z.string(),
  /** Absent for a person without customers:contact (buyers by name only). */
  email: z.string().optional(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** `GET /api/reports/orders`: totals of the filtered orders and one page of them. */
export const orderReportSchema = z.object({
  totals: totalsSchema,
  page: z.number(),
  perPage: z.number(),
  rows: z.array(reportRowSchema),
});
export type OrderReport = z.infer<typeof orderReportSchema>;

export const groupTotalsSchema = totalsSchema.extend({ key: z.string() });
export type GroupTotals = z.infer<typeof groupTotalsSchema>;

/** `GET /api/reports/orders/groups`: totals per value of the grouping. */
export const groupReportSchema = z.object({
  group: z.enum(REPORT_GROUPS),
  groups: z.array(groupTotalsSchema),
});
export type GroupReport = z.infer<typeof groupReportSchema>;

const choiceSchema = z.object({ value: z.string(), count: z.number() });
export type Choice = z.infer<typeof choiceSchema>;

/** `GET /api/reports/orders/choices?from&to`: the values the period's orders have, most frequent first. */
export const choicesSchema = z.object({
  status: z.array(choiceSchema),
  payment: z.array(choiceSchema),
  channel: z.array(choiceSchema),
  method: z.array(choiceSchema),
  /** Event ids (as text), by tickets. */
  event: z.array(choiceSchema),
  price: z.array(choiceSchema),
});
export type Choices = z.infer<typeof choicesSchema>;

/** `GET /api/reports/orders/charts`: what the analysis draws, of the filtered orders. */
export const chartsSchema = z.object({
  /** Revenue and orders per day and channel, days ascending. */
  perDay: z.array(z.object({ day: z.string(), channel: z.string(), orders: z.number(), revenueCents: z.number() })),
  byStatus: z.array(groupTotalsSchema),
  byChannel: z.array(groupTotalsSchema),
  byMethod: z.array(groupTotalsSchema),
  /** The ten events with the most seat revenue. */
  topEvents: z.array(groupTotalsSchema),
  byPrice: z.array(groupTotalsSchema),
});
export type Charts = z.infer<typeof chartsSchema>;

/** `GET /api/reports/performances?from&to`: performances that start in the period (days inclusive). */
export const performanceQuerySchema = z
  .object({ from: day, to: day })
  .refine((range) => range.from <= range.to, { path: ['to'], message: 'to must not be before from' })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 <= 366, {
    path: ['from'],
    message: 'At most 366 days',
  });

export const blockCountSchema = z.object({ blockType: z.string(), blockName: z.string(), count: z.number() });

export const waitingDemandSchema = z.object({
  /** Entries still waiting, and the tickets they ask for. */
  waiting: z.number(),
  waitingTickets: z.number(),
  notified: z.number(),
  converted: z.number(),
  /** Every entry, whatever its type. */
  entries: z.number(),
});
export type WaitingDemand = z.infer<typeof waitingDemandSchema>;

export const performanceSchema = z.object({
  eventId: z.number(),
  eventName: z.string(),
  start: z.string(),
  hallId: z.number(),
  productionId: z.number(),
  /** Seats in sold orders (SOLD_STATUSES), from the mirror. */
  ticketsSold: z.number(),
  revenueCents: z.number(),
  /** Seats in reservations (`res`), not yet sold. */
  ticketsReserved: z.number(),
  /** Seats in offers (`pros`), not confirmed: taken in the service's availability, so counted apart here too. */
  ticketsOffered: z.number(),
  /** From the service's event detail; null when it gave no availability. */
  capacity: z.number().nullable(),
  available: z.number().nullable(),
  blocked: z.number().nullable(),
  blocks: z.array(blockCountSchema),
  waiting: waitingDemandSchema,
});
export type PerformanceReport = z.infer<typeof performanceSchema>;

export const performancesSchema = z.object({
  performances: z.array(performanceSchema),
  /** When the availability was read from the service (the oldest of the cached details). */
  availabilityAt: z.string().nullable(),
});
export type PerformancesReport = z.infer<typeof performancesSchema>;

/** `GET /api/reports/performances/pace?events=1,2`: seats sold per order day, per event (not cumulative). */
export const paceQuerySchema = z.object({
  events: z
    .string()
    .regex(/^\d{1,15}(,\d{1,15}){0,9}$/, 'One to ten event ids, separated by commas')
    .transform((text) => text.split(',').map(Number)),
});

export const paceSchema = z.object({
  events: z.array(
    z.object({
      eventId: z.number(),
      days: z.array(z.object({ day: z.string(), tickets: z.number(), revenueCents: z.number() })),
    }),
  ),
});
export type PaceReport = z.infer<typeof paceSchema>;

/** `GET /api/reports/performances/{eventId}`: one performance's sales by price name and by channel. */
export const performanceSalesSchema = z.object({
  eventId: z.number(),
  byPrice: z.array(groupTotalsSchema),
  byChannel: z.array(groupTotalsSchema),
  waitingByType: z.array(z.object({ type: z.string(), entries: z.number(), tickets: z.number() })),
});
export type PerformanceSales = z.infer<typeof performanceSalesSchema>;
