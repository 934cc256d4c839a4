import { z } from 'zod';
import { RETENTION_YEARS_MAX, RETENTION_YEARS_MIN } from './privacy-limits';

/**
 * Privacy requests (issue 30, item 7; the gateway's privacy/ concern, permission privacy:manage): a customer's
 * subject-access package, anonymising a customer, and the retention list of customers without an order or a
 * change for the organisation's number of years. Pure, like the rest of src/contract.
 */

/** `GET` and `PUT /api/privacy/settings`. */
export const privacySettingsSchema = z.object({
  retentionYears: z
    .number({ error: 'A whole number of years.' })
    .int('A whole number of years.')
    .min(RETENTION_YEARS_MIN, `At least ${RETENTION_YEARS_MIN} year.`)
    .max(RETENTION_YEARS_MAX, `At most ${RETENTION_YEARS_MAX} years.`),
});
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;

/** `POST /api/privacy/customers/{id}/anonymise`: the customer's email, typed by the person as a confirmation. */
export const anonymiseRequestSchema = z.object({
  confirmation: z.string({ error: 'Type the email address of the customer.' }).trim().min(1).max(320),
});

/** What anonymising did (no personal data: field names and counts). */
export const anonymiseOutcomeSchema = z.object({
  customerId: z.number(),
  /** The service's fields that were overwritten or cleared. */
  fieldsCleared: z.array(z.string()),
  tagsRemoved: z.number(),
  notesDeleted: z.number(),
  /** Desk flags taken off (absent in answers made before they were counted apart from the notes). */
  flagsRemoved: z.number().optional(),
  /** Orders kept for the books (the mirror's count). */
  ordersKept: z.number(),
});
export type AnonymiseOutcome = z.infer<typeof anonymiseOutcomeSchema>;

/** Rows per page of the retention list. */
export const RETENTION_PAGE_SIZE = 50;
/** Most customers one batch of anonymising takes (a customer job each); the page sends more in turn. */
export const RETENTION_BATCH_MAX = 500;
/** Most customers "select all" hands over at once. */
export const RETENTION_SELECT_MAX = 10_000;

/** `GET /api/privacy/retention?page=`. */
export const retentionQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

/** A customer the retention list proposes. */
const retentionCandidateSchema = z.object({
  customerId: z.number(),
  name: z.string(),
  email: z.string(),
  city: z.string(),
  /** The service's lastChanged of the customer. */
  lastChanged: z.string(),
  /** Their last order's date (null: none). */
  lastOrderAt: z.string().nullable(),
  orders: z.number(),
});

export const retentionPageSchema = z.object({
  retentionYears: z.number(),
  /** Customers with no order, change or waiting-list entry since this moment are proposed. */
  cutoff: z.string(),
  data: z.array(retentionCandidateSchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
  lastPage: z.number(),
});
export type RetentionPage = z.infer<typeof retentionPageSchema>;

/** `GET /api/privacy/retention/ids`: every proposed customer's number (at most RETENTION_SELECT_MAX). */
export const retentionIdsSchema = z.object({ ids: z.array(z.number()), total: z.number(), truncated: z.boolean() });
export type RetentionIds = z.infer<typeof retentionIdsSchema>;

/** `POST /api/privacy/retention/anonymise`: one batch of proposed customers to anonymise in the background. */
export const retentionBatchSchema = z.object({
  customerIds: z
    .array(z.number().int().positive())
    .min(1, 'Choose at least one customer.')
    .max(RETENTION_BATCH_MAX, `At most ${RETENTION_BATCH_MAX} customers per batch.`),
});

/** The job a batch became (its progress is the customer jobs' to show). */
export const retentionBatchAnswerSchema = z.object({ jobId: z.number(), customers: z.number() });
export type RetentionBatchAnswer = z.infer<typeof retentionBatchAnswerSchema>;

/** One order in a subject-access package, with its seats. */
export interface PackageOrder {
  orderId: number;
  orderKey: string;
  orderStatus: string;
  paymentStatus: string;
  channel: string;
  paymentMethod: string;
  orderDate: string;
  lastChanged: string;
  amount: number;
  seats: { eventId: number; rowNr: number; seatNr: number; priceName: string; amount: number; removed: boolean }[];
}

export interface PackageWaitingEntry {
  waitingId: number;
  eventId: number;
  numberOfTickets: number;
  type: string;
  createdAt: string;
  notifiedAt: string | null;
}

export interface PackageNote {
  text: string;
  author: string | null;
  at: string;
}

export interface PackageFlag {
  flag: string;
  /** A default flag not renamed (`wheelchair`, `vip`, `check-id`, `do-not-sell`): the letter names it in its language. */
  preset: string | null;
  /** Who set it on the customer (null: not known any more), and when. */
  author: string | null;
  at: string | null;
}

/** A performance the customer's orders or waiting-list entries are of, named (null when the service did not say). */
export interface PackageEvent {
  eventId: number;
  name: string | null;
  start: string | null;
}

export interface PackageAuditEntry {
  id: number;
  at: string;
  person: string | null;
  action: string;
  method: string | null;
  path: string | null;
  status: number | null;
  details: Record<string, unknown> | null;
}

/**
 * `GET /api/privacy/customers/{id}/package.json`: everything Foyer and the service hold on one customer. The
 * record is read from the service as it is now; orders and the waiting list from the gateway's mirror; notes and
 * flags are Foyer's own; the audit entries are those of the gateway's trail that name the customer.
 */
export interface SubjectAccessPackage {
  generatedAt: string;
  organisation: string;
  requestedBy: string;
  customer: Record<string, unknown>;
  /** What the organisation calls the record's custom fields (customerCustom1..7; '' where it names none). */
  customFieldNames: Record<string, string>;
  tags: string[];
  orders: PackageOrder[];
  waitingList: PackageWaitingEntry[];
  /** The performances of the orders and waiting-list entries, as the service names them. */
  events: PackageEvent[];
  notes: PackageNote[];
  flags: PackageFlag[];
  auditEntries: PackageAuditEntry[];
}
