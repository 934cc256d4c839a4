import { MIRROR_RESOURCES, type MirrorRefreshAnswer, type MirrorStatus } from '@/contract/mirror';
import type { Queryable } from '../../db/database';
import type { SecuredRoutes } from '../access';
import type { GatewayDeps } from '../gateway-deps';
import { leaseHeld } from './sync-lease';

/**
 * How fresh the organisation's mirror is, for the app's indicator, and "refresh now". Anyone signed in may
 * see the freshness (every page that reads the mirror shows it); a refresh costs the service requests, so
 * it is for those who read the customer list, orders or reports — not for the desk's buyer lookup.
 */
export function registerMirrorRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  routes.declare('GET', '/mirror/status', 'signed-in', async (c) => {
    const { organisationId } = c.get('principal');
    return c.json(await mirrorStatus(deps.db, organisationId, deps.mirror.intervalSeconds));
  });
  routes.declare('POST', '/mirror/refresh', { anyOf: ['customers:read', 'orders:read', 'reports:read'] }, async (c) => {
    const { organisationId } = c.get('principal');
    const { started } = await deps.mirror.refresh(organisationId);
    const answer: MirrorRefreshAnswer = {
      started,
      status: await mirrorStatus(deps.db, organisationId, deps.mirror.intervalSeconds),
    };
    return c.json(answer, 202);
  });
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function mirrorStatus(
  db: Queryable,
  organisationId: number,
  intervalSeconds: number,
): Promise<MirrorStatus> {
  const [{ rows }, running] = await Promise.all([
    db.query<{
      resource: string;
      watermark: Date | null;
      last_attempt_at: Date | null;
      last_success_at: Date | null;
      last_error: string | null;
      full_sync_started_at: Date | null;
      full_sync_finished_at: Date | null;
      full_sync_total: string | number | null;
      full_sync_done: string | number;
    }>(
      `select resource, watermark, last_attempt_at, last_success_at, last_error, full_sync_started_at,
              full_sync_finished_at, full_sync_total, full_sync_done
         from gateway.mirror_sync_state where organisation_id = $1`,
      [organisationId],
    ),
    leaseHeld(db, organisationId),
  ]);
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
