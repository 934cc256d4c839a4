import { z } from 'zod';
import { KNOWN_PREF_KEYS } from './customer-prefs';

/**
 * Segments (`/api/segments/...`): a rule over the organisation's mirrored customers, kept as data — a tree of
 * AND/OR groups whose leaves are conditions of a known kind — and never as SQL. The gateway compiles a rule
 * to one parameterised statement (gateway/segments/segment-sql.ts); a rule that names an unknown kind or
 * field is refused (422). Saved segments are shared by everyone of the organisation who manages segments.
 * Pure: the gateway validates with these and the app builds and reads rules with them.
 */

/*
 * Orders that count as bought ("completed"): order status ord, reemit or reissue, and paid (a reservation, offer,
 * cancelled or unpaid order is not a purchase). The gateway keeps each customer's totals of exactly those
 * (migrations 017 and 031, segment_refresh_customer_orders), which the order conditions read.
 */

/** Groups nest at most this deep (the root group is depth 1). */
export const SEGMENT_MAX_DEPTH = 3;
/** Conditions in a whole rule, at most. */
export const SEGMENT_MAX_CONDITIONS = 20;
/** Values listed in one condition (tags, cities, productions), at most. */
export const SEGMENT_MAX_VALUES = 100;

/** The custom fields of a customer (spec 2.7: customerCustom1 .. customerCustom7). */
export const CUSTOM_FIELD_NUMBERS = [1, 2, 3, 4, 5, 6, 7] as const;

const date = z.iso.date({ error: 'A date, YYYY-MM-DD' });
const text = z.string().trim().min(1, 'Must not be empty').max(255);
const list = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, 'Choose at least one').max(SEGMENT_MAX_VALUES, `At most ${SEGMENT_MAX_VALUES}`);
const id = z.number().int().positive().max(2_147_483_647);
/** Euros with at most two decimals. */
const euros = z
  .number()
  .min(0)
  .max(100_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'At most two decimals');

/**
 * A period of days at the venue (inclusive): from and/or to, or the last N days up to today. Empty: all time.
 */
export const segmentPeriodSchema = z
  .strictObject({
    from: date.optional(),
    to: date.optional(),
    lastDays: z.number().int().min(1).max(36_600).optional(),
  })
  .refine((period) => period.lastDays === undefined || (period.from === undefined && period.to === undefined), {
    error: 'Either a range of dates or the last number of days',
  })
  .refine((period) => !period.from || !period.to || period.from <= period.to, {
    error: 'The period ends before it starts',
  });
export type SegmentPeriod = z.infer<typeof segmentPeriodSchema>;

/** At least, at most, or between (both inclusive). */
const bounds = <T extends z.ZodType<number>>(value: T) =>
  z
    .strictObject({ min: value.optional(), max: value.optional() })
    .refine((range) => range.min !== undefined || range.max !== undefined, {
      error: 'Give a minimum, a maximum or both',
    });

const tagsCondition = z.strictObject({
  kind: z.literal('tags'),
  /** has any of the tags, all of them, or none of them */
  match: z.enum(['any', 'all', 'none']),
  tags: list(text),
});

/** City: one of these, ignoring case, accents and surrounding spaces. */
const cityCondition = z.strictObject({ kind: z.literal('city'), cities: list(text) });

/** A Dutch zip's four digits ("3511 AB" → 3511). */
const zipDigits = z.string().regex(/^\d{4}$/, 'Four digits, e.g. 3511');
const zipCondition = z.strictObject({
  kind: z.literal('zip'),
  /** equals: the zip's four digits are one of these; prefix: they start with one of these (1 to 4 digits). */
  match: z.enum(['equals', 'prefix']),
  values: list(z.string().regex(/^\d{1,4}$/, 'One to four digits')),
});
const zipRangeCondition = z
  .strictObject({ kind: z.literal('zipRange'), from: zipDigits, to: zipDigits })
  .refine((range) => range.from <= range.to, { error: 'The range ends before it starts', path: ['to'] });

/** Country: one of these codes or names as the service stores them (e.g. NL), ignoring case. */
const countryCondition = z.strictObject({ kind: z.literal('country'), countries: list(text) });

const customCondition = z
  .strictObject({
    kind: z.literal('custom'),
    field: z.union(CUSTOM_FIELD_NUMBERS.map((n) => z.literal(n))),
    /** equals/contains ignore case; empty: no value (or only spaces); filled: any value. */
    match: z.enum(['equals', 'contains', 'empty', 'filled']),
    value: z.string().trim().max(255).optional(),
  })
  .refine((condition) => ['empty', 'filled'].includes(condition.match) || Boolean(condition.value), {
    error: 'Give the value to compare with',
    path: ['value'],
  });

/** An opt-in preference on or off (spec 2.7: loosely stored; a missing key or no preferences is off). */
const prefCondition = z.strictObject({ kind: z.literal('pref'), key: z.enum(KNOWN_PREF_KEYS), on: z.boolean() });

/** Completed orders in the period: how many. */
const orderCountCondition = z.strictObject({
  kind: z.literal('orderCount'),
  period: segmentPeriodSchema,
  count: bounds(z.number().int().min(0).max(1_000_000)),
});

/** Completed orders in the period: their total amount in euros. */
const orderAmountCondition = z.strictObject({
  kind: z.literal('orderAmount'),
  period: segmentPeriodSchema,
  euros: bounds(euros),
});

/** Bought a ticket (a seat not removed, of a completed order) for any performance of these productions. */
const productionCondition = z.strictObject({
  kind: z.literal('production'),
  productionIds: list(id),
  period: segmentPeriodSchema.optional(),
});

/** Bought something of these event types (event, passepartout, voucher, combi, horeca, product). */
const eventTypeCondition = z.strictObject({
  kind: z.literal('eventType'),
  eventTypes: list(text),
  period: segmentPeriodSchema.optional(),
});

/** Bought a ticket at one of these price types (the price name on the ticket, ignoring case). */
const priceTypeCondition = z.strictObject({
  kind: z.literal('priceType'),
  priceNames: list(text),
  period: segmentPeriodSchema.optional(),
});

/** The last completed order was before the date (and there was one), or on/after it. */
const lastPurchaseCondition = z.strictObject({
  kind: z.literal('lastPurchase'),
  when: z.enum(['before', 'onOrAfter']),
  date,
});

/** On a waiting list: any, or for an event of these productions, or for these events. */
const waitingListCondition = z.strictObject({
  kind: z.literal('waitingList'),
  productionIds: z.array(id).max(SEGMENT_MAX_VALUES).optional(),
  eventIds: z.array(id).max(SEGMENT_MAX_VALUES).optional(),
  /** Only entries still waiting (type `waiting`); otherwise every entry counts. */
  stillWaiting: z.boolean().optional(),
});

/**
 * Created or changed in a period. The interface gives a customer no creation date: "created" is when Foyer's
 * mirror first saw the customer (so a first full sync makes everyone "created" that day); "changed" is the
 * service's lastChanged.
 */
const recordDateCondition = z.strictObject({
  kind: z.literal('recordDate'),
  field: z.enum(['created', 'changed']),
  period: segmentPeriodSchema,
});

export const SEGMENT_CONDITION_KINDS = [
  'tags',
  'city',
  'zip',
  'zipRange',
  'country',
  'custom',
  'pref',
  'orderCount',
  'orderAmount',
  'production',
  'eventType',
  'priceType',
  'lastPurchase',
  'waitingList',
  'recordDate',
] as const;
export type SegmentConditionKind = (typeof SEGMENT_CONDITION_KINDS)[number];

const conditionSchemas = [
  tagsCondition,
  cityCondition,
  zipCondition,
  zipRangeCondition,
  countryCondition,
  customCondition,
  prefCondition,
  orderCountCondition,
  orderAmountCondition,
  productionCondition,
  eventTypeCondition,
  priceTypeCondition,
  lastPurchaseCondition,
  waitingListCondition,
  recordDateCondition,
] as const;

export const segmentConditionSchema = z.discriminatedUnion('kind', conditionSchemas);
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;

/** A group: all of its rules hold (AND), or any one does (OR). */
export interface SegmentGroup {
  kind: 'group';
  match: 'all' | 'any';
  rules: SegmentNode[];
}
export type SegmentNode = SegmentCondition | SegmentGroup;

const groupSchema: z.ZodType<SegmentGroup> = z.strictObject({
  kind: z.literal('group'),
  match: z.enum(['all', 'any']),
  rules: z.array(z.lazy(() => nodeSchema)).max(SEGMENT_MAX_CONDITIONS),
});

const nodeSchema: z.ZodType<SegmentNode> = z.lazy(() =>
  z.discriminatedUnion('kind', [...conditionSchemas, groupSchema as unknown as typeof tagsCondition]),
) as unknown as z.ZodType<SegmentNode>;

/** How deep a group nests (a group of conditions: 1) and how many conditions it holds in all. */
export function measureSegment(group: SegmentGroup): { depth: number; conditions: number } {
  let conditions = 0;
  let deepest = 1;
  const walk = (node: SegmentGroup, depth: number) => {
    deepest = Math.max(deepest, depth);
    for (const rule of node.rules) {
      if (rule.kind === 'group') walk(rule, depth + 1);
      else conditions += 1;
    }
  };
  walk(group, 1);
  return { depth: deepest, conditions };
}

/** A whole rule: the root group, within the depth and size limits. An empty root group is everyone. */
export const segmentRuleSchema = groupSchema.superRefine((group, ctx) => {
  const { depth, conditions } = measureSegment(group);
  if (depth > SEGMENT_MAX_DEPTH)
    ctx.addIssue({ code: 'custom', message: `Groups nest at most ${SEGMENT_MAX_DEPTH} deep` });
  if (conditions > SEGMENT_MAX_CONDITIONS)
    ctx.addIssue({ code: 'custom', message: `At most ${SEGMENT_MAX_CONDITIONS} conditions in a rule` });
});
export type SegmentRule = SegmentGroup;

export const emptySegmentRule = (): SegmentRule => ({ kind: 'group', match: 'all', rules: [] });

/** `POST /api/segments/count` and `/preview`: an unsaved rule, as it is being edited. */
export const segmentRuleBodySchema = z.strictObject({ rule: segmentRuleSchema });

export const SEGMENT_PREVIEW_PAGE_SIZE = 25;

/** The page of a preview (query of the preview routes). */
export const segmentPreviewQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** `POST/PUT /api/segments[/id]`: a saved segment's name, description and rule. */
export const segmentInputSchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the segment a name').max(120),
  description: z.string().trim().max(1000).default(''),
  rule: segmentRuleSchema,
});
export type SegmentInput = z.infer<typeof segmentInputSchema>;

/** A saved segment: shared by everyone of the organisation with segments:manage. */
export const segmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  rule: segmentRuleSchema,
  /** Who made it (null: an account since removed). */
  owner: z.string().nullable(),
  createdAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentListSchema = z.object({ segments: z.array(segmentSchema) });
export type SegmentList = z.infer<typeof segmentListSchema>;

/** `POST /api/segments/count`, `GET /api/segments/{id}/count`: how many customers the rule holds. */
export const segmentCountSchema = z.object({ count: z.number(), tookMs: z.number() });
export type SegmentCount = z.infer<typeof segmentCountSchema>;

/** A member as the preview lists them; amounts in euros, of completed orders of all time. */
export const segmentMemberSchema = z.object({
  customerId: z.number(),
  name: z.string(),
  email: z.string(),
  city: z.string(),
  orders: z.number(),
  amount: z.number(),
  /** The day of the last completed order (YYYY-MM-DD), or null. */
  lastPurchase: z.string().nullable(),
  tags: z.array(z.string()),
});
export type SegmentMember = z.infer<typeof segmentMemberSchema>;

export const segmentPreviewSchema = z.object({
  members: z.array(segmentMemberSchema),
  page: z.number(),
  pageSize: z.number(),
  /** There are members after this page (the count says how many in all). */
  hasMore: z.boolean(),
});
export type SegmentPreview = z.infer<typeof segmentPreviewSchema>;

/** `GET /api/segments/choices`: what the builder's pickers offer. */
export const segmentChoicesSchema = z.object({
  tags: z.array(z.string()),
  productions: z.array(z.object({ productionId: z.number(), title: z.string() })),
  eventTypes: z.array(z.string()),
  priceNames: z.array(z.string()),
});
export type SegmentChoices = z.infer<typeof segmentChoicesSchema>;

/** The query of the CSV export: the exports page's choice of delimiter. */
export const segmentExportQuerySchema = z.object({ delimiter: z.enum(['comma', 'semicolon']).default('comma') });
