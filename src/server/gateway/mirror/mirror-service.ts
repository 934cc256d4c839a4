import { MIRROR_RESOURCES, type MirrorRefreshAnswer, type MirrorStatus } from '@/contract/mirror';
import type { Queryable } from '../../db/database';
import { syncStates } from './mirror-store';
import type { MirrorSync } from './mirror-sync';
import { leaseHeld } from './sync-lease';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** How fresh the organisation's mirror is: per resource its watermark, last attempt and first full sync. */
export async function mirrorStatus(
  db: Queryable,
  organisationId: number,
  intervalSeconds: number,
): Promise<MirrorStatus> {
  const [rows, running] = await Promise.all([syncStates(db, organisationId), leaseHeld(db, organisationId)]);
  const byResource = new Map(rows.map((row) => [row.resource, row]));
  return {
    intervalSeconds,
    running,
    resources: MIRROR_RESOURCES.map((resource) => {
      const row = byResource.get(resource);
      const total =
        row?.full_sync_total === null || row?.full_sync_total === undefined ? null : Number(row.full_sync_total);
      const done = Number(row?.full_sync_done ?? 0);
      return {
        resource,
        watermark: iso(row?.watermark ?? null),
        lastAttemptAt: iso(row?.last_attempt_at ?? null),
        lastSuccessAt: iso(row?.last_success_at ?? null),
        lastError: row?.last_error ?? null,
        fullSync: {
          startedAt: iso(row?.full_sync_started_at ?? null),
          finishedAt: iso(row?.full_sync_finished_at ?? null),
          total,
          // Records of the cursor's second are read again, so the count may pass the total.
          done: total === null ? done : Math.min(done, total),
        },
      };
    }),
  };
}

/** "Refresh now": starts a sync of the organisation (unless one runs) and answers the status after it. */
export async function refreshMirror(
  db: Queryable,
  sync: MirrorSync,
  organisationId: number,
): Promise<MirrorRefreshAnswer> {
  const { started } = await sync.refresh(organisationId);
  return { started, status: await mirrorStatus(db, organisationId, sync.intervalSeconds) };
}
