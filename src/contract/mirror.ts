import { z } from 'zod/mini';

/**
 * The gateway's mirror of the service (issue 21) as the app sees it: `GET /api/mirror/status` says how fresh
 * each part is, `POST /api/mirror/refresh` asks for a sync now. Pure, like the rest of src/contract: the
 * gateway types its answers with these and the app reads them with them. Written with zod/mini, as the app's
 * lenient readers are: the freshness shows on pages that load no other schemas.
 */

/** What is mirrored per organisation (gateway.mirror_sync_state.resource). */
export const MIRROR_RESOURCES = ['customers', 'orders', 'waitinglist'] as const;
export type MirrorResource = (typeof MIRROR_RESOURCES)[number];

export const mirrorResourceStatusSchema = z.object({
  resource: z.enum(MIRROR_RESOURCES),
  /**
   * Every change before this moment is in the mirror (ISO datetime); the next sync asks for what changed
   * since. Null until the first full sync has finished.
   */
  watermark: z.nullable(z.string()),
  lastAttemptAt: z.nullable(z.string()),
  /** The last sync that read everything up to now without an error. */
  lastSuccessAt: z.nullable(z.string()),
  /** Why the last attempt failed; null when it did not. */
  lastError: z.nullable(z.string()),
  fullSync: z.object({
    startedAt: z.nullable(z.string()),
    /** Null while the first full sync is under way (or has not begun). */
    finishedAt: z.nullable(z.string()),
    /** The export's total when the first full sync began. */
    total: z.nullable(z.number()),
    /** Records written by the first full sync so far (capped at `total`). */
    done: z.number(),
  }),
});
export type MirrorResourceStatus = z.infer<typeof mirrorResourceStatusSchema>;

export const mirrorStatusSchema = z.object({
  /** Seconds between scheduled syncs (MIRROR_SYNC_INTERVAL_SECONDS). */
  intervalSeconds: z.number(),
  /** A sync of the organisation is running now (on any instance). */
  running: z.boolean(),
  resources: z.array(mirrorResourceStatusSchema),
});
export type MirrorStatus = z.infer<typeof mirrorStatusSchema>;

export const mirrorRefreshAnswerSchema = z.object({
  /** False when a sync was already running (it brings the same changes). */
  started: z.boolean(),
  status: mirrorStatusSchema,
});
export type MirrorRefreshAnswer = z.infer<typeof mirrorRefreshAnswerSchema>;
