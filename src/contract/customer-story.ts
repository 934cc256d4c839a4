import { z } from 'zod';

/**
 * A customer's story (`GET /api/customers/:customerId/story`): one timeline, newest first, of what the mirror and
 * the audit trail hold about them — orders with their seats, waiting-list entries, edits, tag and flag changes,
 * desk notes — and their figures. Pure, like the rest of src/contract.
 */

export const STORY_KINDS = ['order', 'waiting-list', 'edit', 'tags', 'flags', 'note'] as const;
export type StoryKind = (typeof STORY_KINDS)[number];

/** Items per page: the timeline loads on as it is scrolled. */
export const STORY_PAGE_SIZE = 25;

const person = z.object({ name: z.string().nullable(), email: z.string().nullable() }).nullable();
const eventRef = z.object({
  eventId: z.number().int(),
  /** Null when the service no longer lists the event. */
  name: z.string().nullable(),
  start: z.string().nullable(),
});

const storySeatSchema = z.object({
  event: eventRef,
  /** The seat's rank (section or price category) as the event names it; null where not known. */
  rank: z.string().nullable(),
  /** 0 for general admission (no row, no seat). */
  rowNr: z.number().int(),
  seatNr: z.number().int(),
  priceName: z.string(),
  amountCents: z.number().int(),
});

const base = { at: z.string(), key: z.string() };
/**
 * The customer was anonymised after this change: its values (fields, tags, flags) are not told any more. The
 * audit trail keeps them, for those who may read it; the story is what marketing and the desk read every day.
 */
const erased = z.boolean();

export const storyItemSchema = z.discriminatedUnion('kind', [
  z.object({
    ...base,
    kind: z.literal('order'),
    orderId: z.number().int(),
    orderKey: z.string(),
    /** `www` webshop, `sp` sales point. */
    channel: z.string(),
    orderStatus: z.string(),
    paymentStatus: z.string(),
    paymentMethod: z.string(),
    amountCents: z.number().int(),
    seats: z.array(storySeatSchema),
  }),
  z.object({
    ...base,
    kind: z.literal('waiting-list'),
    waitingId: z.number().int(),
    event: eventRef,
    numberOfTickets: z.number().int(),
    type: z.string(),
    notifiedAt: z.string().nullable(),
  }),
  z.object({
    ...base,
    kind: z.literal('edit'),
    person,
    /** The fields changed, each with its value before and after (as the audit trail recorded them). */
    changes: z.array(z.object({ field: z.string(), old: z.unknown(), new: z.unknown() })),
    erased,
  }),
  z.object({
    ...base,
    kind: z.literal('tags'),
    person,
    added: z.array(z.string()),
    removed: z.array(z.string()),
    /** Set by a segment's automatic tag (the person is who set that up); null for a tag set by hand. */
    automatic: z.object({ segmentId: z.number().int(), segmentName: z.string() }).nullable(),
    erased,
  }),
  z.object({
    ...base,
    kind: z.literal('flags'),
    person,
    /** Flag ids (GET /api/customer-flags names them). */
    added: z.array(z.number().int()),
    removed: z.array(z.number().int()),
    erased,
  }),
  z.object({
    ...base,
    kind: z.literal('anonymised'),
    person,
    /** The fields the anonymisation cleared (names only: their values are gone). */
    fieldsCleared: z.array(z.string()),
    tagsRemoved: z.number().int(),
    notesDeleted: z.number().int(),
  }),
  z.object({
    ...base,
    kind: z.literal('merged'),
    person,
    /** The other record of the pair: the one merged into this (kept), or the one this was merged into. */
    otherCustomerId: z.number().int(),
    kept: z.boolean(),
    /** On the kept record: the fields copied from the other, and its tags added. */
    copiedFields: z.array(z.string()),
    addedTags: z.array(z.string()),
  }),
  z.object({
    ...base,
    kind: z.literal('note'),
    noteId: z.number().int(),
    text: z.string(),
    author: z.string(),
    editedAt: z.string().nullable(),
  }),
]);
export type StoryItem = z.infer<typeof storyItemSchema>;

/** The kind an item is chosen by: an anonymisation and a merge are edits of the customer's record. */
export function storyKindOf(item: StoryItem): StoryKind {
  return item.kind === 'anonymised' || item.kind === 'merged' ? 'edit' : item.kind;
}

/** The customer's sold (ord, reemit, reissue) and paid orders in figures, as a segment counts them. */
export const storyTotalsSchema = z.object({
  orders: z.number().int(),
  tickets: z.number().int(),
  amountCents: z.number().int(),
  firstPurchaseAt: z.string().nullable(),
  lastPurchaseAt: z.string().nullable(),
});
export type StoryTotals = z.infer<typeof storyTotalsSchema>;

export const storyPageSchema = z.object({
  customerId: z.number().int(),
  items: z.array(storyItemSchema),
  /** The `before` of the next page; null at the story's beginning. */
  next: z.string().nullable(),
  /** On the first page only (null on the pages after it). */
  totals: storyTotalsSchema.nullable(),
});
export type StoryPage = z.infer<typeof storyPageSchema>;

/** The query of `GET /api/customers/:customerId/story`. */
export const storyQuerySchema = z.object({
  /** The `next` of the page before (opaque). */
  before: z.string().max(200).optional(),
  /** Comma-separated kinds; all when absent. */
  kinds: z
    .string()
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(z.enum(STORY_KINDS)).min(1))
    .optional(),
});
