import { z } from 'zod';
import { CUSTOM_FIELDS } from './custom-fields';
import { customerSchema } from './customer';
import { CUSTOMER_FIELD_MAX } from './customer-limits';
import { DUPLICATE_REASONS } from './duplicate-reasons';
import { DRAFT_KEY_FIELDS, type DraftKeyField, type LikelyDuplicatesDraft } from './likely-duplicates';

/**
 * The duplicate review queue (`/api/duplicates`): likely pairs of customers the gateway finds in its mirror,
 * each with a score and its reasons, and what a reviewer decides of them. Pure, like the rest of src/contract.
 */

/** Pairs per page of the queue. */
export const DUPLICATE_PAGE_SIZE = 25;

/**
 * The fields a merge copies from the record not kept onto the record kept, where the kept one has none.
 * Not the email (unique per organisation, and the kept record has one), not the credit (money is not moved
 * by a merge), not the preferences (read-only in the interface).
 */
export const MERGE_FIELDS = [
  'customerSalutation',
  'customerFirstName',
  'customerPreposition',
  'customerLastName',
  'customerAddress',
  'customerHouseNr',
  'customerZip',
  'customerCity',
  'customerCountry',
  'customerPhone',
  'customerExternalId',
  ...CUSTOM_FIELDS,
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** `GET /api/duplicates` query: a page of open pairs, best first, maybe only those with one reason. */
export const duplicateQueueQuerySchema = z.object({
  page: z.coerce.number().int('A whole number').min(1, 'At least 1').max(100_000).default(1),
  reason: z.enum(DUPLICATE_REASONS, { error: 'An unknown reason' }).optional(),
});
export type DuplicateQueueQuery = z.infer<typeof duplicateQueueQuerySchema>;

/** A customer as the queue's line names them. */
const pairSideSchema = z.object({
  customerId: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  zip: z.string(),
  city: z.string(),
});
export type DuplicatePairSide = z.infer<typeof pairSideSchema>;

export const duplicatePairSchema = z.object({
  a: pairSideSchema,
  b: pairSideSchema,
  score: z.number(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
  foundAt: z.string(),
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

/** Where the organisation's scans stand: the one under way (progress) or the last one. */
export const duplicateScanSchema = z.object({
  running: z.boolean(),
  kind: z.enum(['full', 'incremental']).nullable(),
  stepsDone: z.number(),
  stepsTotal: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Customers compared by the last finished scan, and the pairs it wrote. */
  compared: z.number().nullable(),
  pairsFound: z.number().nullable(),
  lastError: z.string().nullable(),
  fullRequested: z.boolean(),
});
export type DuplicateScan = z.infer<typeof duplicateScanSchema>;

export const duplicateQueueSchema = z.object({
  data: z.array(duplicatePairSchema),
  page: z.number(),
  perPage: z.number(),
  total: z.number(),
  lastPage: z.number(),
  scan: duplicateScanSchema,
});
export type DuplicateQueue = z.infer<typeof duplicateQueueSchema>;

/** `GET /api/duplicates/:a/:b`: the two records side by side, as the mirror holds them. */
export const duplicateCompareSchema = z.object({
  pair: duplicatePairSchema.extend({ state: z.enum(['open', 'not_same', 'merged']) }),
  a: customerSchema,
  b: customerSchema,
  /** A tag of the organisation's list the record not kept is given (by its documented name), or null. */
  duplicateTag: z.string().nullable(),
});
export type DuplicateCompare = z.infer<typeof duplicateCompareSchema>;

/** `POST /api/duplicates/:a/:b/merge`: which of the two to keep. */
export const duplicateMergeSchema = z.object({
  keep: z.number({ error: 'Choose the record to keep' }).int(),
});

/** What a merge did. */
export const duplicateMergeResultSchema = z.object({
  keptCustomerId: z.number(),
  otherCustomerId: z.number(),
  copiedFields: z.array(z.enum(MERGE_FIELDS)),
  /** Tags of the other record added to the kept one (only with tags:write). */
  addedTags: z.array(z.string()),
  /** The tag given to the other record, or null (no such tag, or no tags:write). */
  taggedAs: z.string().nullable(),
});
export type DuplicateMergeResult = z.infer<typeof duplicateMergeResultSchema>;

/**
 * The fields a merge would copy: those of MERGE_FIELDS the kept record lacks and the other has. One rule
 * for the gateway that copies them and the page that highlights them.
 */
export function fieldsToCopy(
  kept: Partial<Record<MergeField, string | null>>,
  other: Partial<Record<MergeField, string | null>>,
): MergeField[] {
  const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === '';
  return MERGE_FIELDS.filter((field) => blank(kept[field]) && !blank(other[field]));
}

/**
 * The tag names a merge looks for in the organisation's tag list (case-insensitively, first found wins) to
 * mark the record not kept: documented in README.md.
 */
export const DUPLICATE_TAG_NAMES = ['Duplicate', 'Dubbel', 'Duplicaat'] as const;

/**
 * `POST /api/customers/likely-duplicates` (likely-duplicates.ts): a customer as far as it is typed, before it is
 * created (a body, not a query string: names, emails and phones stay out of access logs). Missing fields count
 * as empty.
 */
export const likelyDuplicatesDraftSchema = z.object(
  Object.fromEntries(
    DRAFT_KEY_FIELDS.map((field) => [
      field,
      z
        .string()
        .max(CUSTOMER_FIELD_MAX[field], `At most ${CUSTOMER_FIELD_MAX[field]} characters`)
        .optional()
        .default(''),
    ]),
  ) as Record<DraftKeyField, z.ZodDefault<z.ZodOptional<z.ZodString>>>,
) satisfies z.ZodType<LikelyDuplicatesDraft, unknown>;
