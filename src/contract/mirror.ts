/**
 * The gateway's mirror of the service (issue 21) as the app sees it: `GET /api/mirror/status` says how fresh
 * each part is, `POST /api/mirror/refresh` asks for a sync now. Pure, like the rest of src/contract: the
 * gateway types its answers with these. Plain types, not schemas: the freshness shows on pages that load no
 * schema library (the customer list among them), so the app reads them by hand (web/lib/schemas/mirror-status.ts).
 */

/** What is mirrored per organisation (gateway.mirror_sync_state.resource). */
export const MIRROR_RESOURCES = ['customers', 'orders', 'waitinglist'] as const;
export type MirrorResource = (typeof MIRROR_RESOURCES)[number];

export interface MirrorResourceStatus {
  resource: MirrorResource;
  /**
   * Every change before this moment is in the mirror (ISO datetime); the next sync asks for what changed
   * since. Null until the first full sync has finished.
   */
  watermark: string | null;
  lastAttemptAt: string | null;
  /** The last sync that read everything up to now without an error. */
  lastSuccessAt: string | null;
  /** Why the last attempt failed; null when it did not. */
  lastError: string | null;
  fullSync: {
    startedAt: string | null;
    /** Null while the first full sync is under way (or has not begun). */
    finishedAt: string | null;
    /** The export's total when the first full sync began. */
    total: number | null;
    /** Records written by the first full sync so far (capped at `total`). */
    done: number;
  };
}

export interface MirrorStatus {
  /** Seconds between scheduled syncs (MIRROR_SYNC_INTERVAL_SECONDS). */
  intervalSeconds: number;
  /** A sync of the organisation is running now (on any instance). */
  running: boolean;
  resources: MirrorResourceStatus[];
}

export interface MirrorRefreshAnswer {
  /** False when a sync was already running (it brings the same changes). */
  started: boolean;
  status: MirrorStatus;
}
