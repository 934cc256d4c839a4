import type { BuyerSummary } from './customer-search';
import type { DuplicateReasonKey } from './duplicate-reasons';

/**
 * The customer form's warning before a customer is created: the customers they may already be
 * (`POST /api/customers/likely-duplicates`). Apart from duplicates.ts, so that the form takes these without its
 * schemas; the body's schema is `likelyDuplicatesDraftSchema` there.
 */

/** The fields of a customer the duplicate keys are made of: what the draft sends. */
export const DRAFT_KEY_FIELDS = [
  'email',
  'customerFirstName',
  'customerPreposition',
  'customerLastName',
  'customerPhone',
  'customerZip',
  'customerHouseNr',
  'customerAddress',
] as const;
export type DraftKeyField = (typeof DRAFT_KEY_FIELDS)[number];

export type LikelyDuplicatesDraft = Record<DraftKeyField, string>;

/** The most likely duplicates one draft is shown (best first). */
export const LIKELY_DUPLICATES_MAX = 3;

/** A customer the draft may be, as the buyer picker names one, with the score and reasons a pair would get. */
export interface LikelyDuplicate extends BuyerSummary {
  score: number;
  reasons: DuplicateReasonKey[];
}

export interface LikelyDuplicates {
  data: LikelyDuplicate[];
}
