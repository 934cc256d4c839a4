import { z } from 'zod';
import type { Permission } from './staff';

/**
 * The gateway's customer jobs (`/api/customer-jobs/...`, `/api/segments/:id/tagging`, `/api/segments/:id/auto-tag`):
 * work on many customers through the service's API, done in the background by the gateway (resumable, rate
 * limited, audited) — tagging a segment, keeping a segment's tag in step, anonymising a retention batch. Pure:
 * the gateway validates with these and the app reads its answers with them.
 */

export const CUSTOMER_JOB_STATES = ['planned', 'running', 'paused', 'done', 'failed', 'cancelled'] as const;
export type CustomerJobState = (typeof CUSTOMER_JOB_STATES)[number];

/** States in which a job still has work to do (it can be paused or cancelled). */
export const OPEN_JOB_STATES: readonly CustomerJobState[] = ['planned', 'running', 'paused'];

export const CUSTOMER_JOB_ORIGINS = ['segment', 'auto-tag', 'retention', 'manual'] as const;
export type CustomerJobOrigin = (typeof CUSTOMER_JOB_ORIGINS)[number];

export const JOB_ITEM_STATES = ['pending', 'sending', 'done', 'skipped', 'failed'] as const;
export type JobItemState = (typeof JOB_ITEM_STATES)[number];

/** Who may see the jobs page (any one of them); steering a job asks what its kind asks. */
export const JOB_VIEW_PERMISSIONS: readonly Permission[] = ['segments:manage', 'privacy:manage'];
/** Tagging a segment, by hand or kept in step. */
export const TAGGING_PERMISSIONS: readonly Permission[] = ['segments:manage', 'tags:write'];

/** The most changes an auto tag may make in one run. */
export const AUTO_TAG_MOST_CHANGES = 10_000;

const count = z.number().int().nonnegative();

export const customerJobSchema = z.object({
  id: z.number(),
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  origin: z.enum(CUSTOMER_JOB_ORIGINS),
  originId: z.number().nullable(),
  state: z.enum(CUSTOMER_JOB_STATES),
  total: count,
  counts: z.object({ pending: count, sending: count, done: count, skipped: count, failed: count }),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type CustomerJob = z.infer<typeof customerJobSchema>;

/** `GET /api/customer-jobs`: the organisation's recent jobs, newest first. */
export const customerJobListSchema = z.object({ jobs: z.array(customerJobSchema) });
export type CustomerJobList = z.infer<typeof customerJobListSchema>;

/** A customer named as the mirror has them. */
export const namedCustomerSchema = z.object({ customerId: z.number(), name: z.string() });
export type NamedCustomer = z.infer<typeof namedCustomerSchema>;

/** `GET /api/customer-jobs/:id`: the job and its failed items, with the service's message. */
export const customerJobDetailSchema = z.object({
  job: customerJobSchema,
  failures: z.array(namedCustomerSchema.extend({ action: z.string(), error: z.string().nullable(), attempts: count })),
});
export type CustomerJobDetail = z.infer<typeof customerJobDetailSchema>;

/** A job's steering: pause, resume, cancel, or send its failed items again. */
export const JOB_COMMANDS = ['pause', 'resume', 'cancel', 'retry-failed'] as const;
export type JobCommand = (typeof JOB_COMMANDS)[number];

const tagText = z.string().trim().min(1, 'Required').max(100, 'At most 100 characters');

/** `POST /api/segments/:id/tagging/dry-run` and `POST /api/segments/:id/tagging`. */
export const taggingRequestSchema = z.strictObject({ tag: tagText, action: z.enum(['add', 'remove']) });
export type TaggingRequest = z.infer<typeof taggingRequestSchema>;

/** The most customers one job tagging chosen customers holds. */
export const MOST_CHOSEN_CUSTOMERS = 10_000;

/** `POST /api/customer-jobs`: one tag added to or removed from customers chosen by hand (e.g. from a search). */
export const chosenTaggingSchema = taggingRequestSchema.extend({
  customerIds: z
    .array(z.number().int().positive())
    .min(1, 'Choose at least one customer')
    .max(MOST_CHOSEN_CUSTOMERS, `At most ${MOST_CHOSEN_CUSTOMERS} customers`),
});
export type ChosenTagging = z.infer<typeof chosenTaggingSchema>;

/** The people a tag change reaches: how many, and the first of them by name. */
export const diffSideSchema = z.object({ count, first: z.array(namedCustomerSchema) });
export type DiffSide = z.infer<typeof diffSideSchema>;

/** The dry run's answer: who would gain and who would lose the tag, from the mirror's tags. */
export const taggingDiffSchema = z.object({
  segment: z.object({ id: z.number(), name: z.string() }),
  tag: z.string(),
  action: z.enum(['add', 'remove']),
  members: count,
  gains: diffSideSchema,
  losses: diffSideSchema,
  /** The members already as asked (they keep what they have). */
  unchanged: count,
});
export type TaggingDiff = z.infer<typeof taggingDiffSchema>;

/** `POST /api/segments/:id/auto-tag/dry-run`: the label an automatic label would keep. */
export const autoTagDryRunSchema = z.strictObject({ tag: tagText });

/**
 * What keeping `tag` in step would do now, by the mirror's tags: the members who lack it gain it, everyone else
 * who holds it loses it (each round at most the change limit). Nothing is changed.
 */
export const autoTagDiffSchema = z.object({
  tag: z.string(),
  members: count,
  gains: diffSideSchema,
  losses: diffSideSchema,
});
export type AutoTagDiff = z.infer<typeof autoTagDiffSchema>;

/** `PUT /api/segments/:id/auto-tag`. */
export const autoTagInputSchema = z.strictObject({
  tag: tagText,
  changeLimit: z.number().int().min(1).max(AUTO_TAG_MOST_CHANGES),
  paused: z.boolean(),
});
export type AutoTagInput = z.infer<typeof autoTagInputSchema>;

export const autoTagRunSchema = z.object({
  id: z.number(),
  at: z.string(),
  tag: z.string(),
  /** Planned: who lacks the tag among the members, who holds it outside them (up to the limit). */
  gains: count,
  losses: count,
  /** Changes over the limit, left for the next run. */
  heldBack: count,
  job: customerJobSchema.nullable(),
  /** The first of those who did gain or lose it. */
  gained: z.array(namedCustomerSchema),
  lost: z.array(namedCustomerSchema),
});
export type AutoTagRun = z.infer<typeof autoTagRunSchema>;

/** `GET /api/segments/:id/auto-tag`: its setting (null when the segment keeps none) and its last runs. */
export const autoTagViewSchema = z.object({
  setting: z
    .object({ tag: z.string(), changeLimit: z.number(), paused: z.boolean(), syncedMark: z.string().nullable() })
    .nullable(),
  runs: z.array(autoTagRunSchema),
});
export type AutoTagView = z.infer<typeof autoTagViewSchema>;

/**
 * `GET /api/auto-tags` (tags:write): the tags that segments keep in step, so that whoever sets tags by hand is told
 * that a segment will set or take such a tag again (a walkthrough's hand-set VIP was gone a minute later).
 */
export const autoTagsInUseSchema = z.object({
  data: z.array(
    z.object({ tag: z.string(), segmentId: z.number().int(), segmentName: z.string(), paused: z.boolean() }),
  ),
});
export type AutoTagsInUse = z.infer<typeof autoTagsInUseSchema>;
