import type { Queryable } from '../../db/database';

/**
 * At most one sync per organisation across every instance on the database: the sync runs while its instance
 * holds the organisation's row in gateway.mirror_sync_leases. The row is taken by one conditional upsert —
 * it succeeds only when there is no row, the row has expired, or this holder has it already — so two
 * instances asking at once cannot both win, on PostgreSQL as on PGlite. A holder that dies leaves a row that
 * expires; a long sync renews it as it goes.
 */

export interface TakeLeaseOptions {
  ttlSeconds: number;
  /**
   * Only when the organisation's mirror has not been attempted for this long (the schedule's "due"): another
   * instance that ran it a moment ago makes this one skip its turn. Absent for "refresh now".
   */
  dueAfterSeconds?: number;
}

export async function takeLease(
  db: Queryable,
  organisationId: number,
  holder: string,
  options: TakeLeaseOptions,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into gateway.mirror_sync_leases as l (organisation_id, holder, expires_at)
     select $1, $2, now() + make_interval(secs => $3)
      where $4::float8 is null
         or (select count(*) from gateway.mirror_sync_state s
              where s.organisation_id = $1 and s.last_attempt_at > now() - make_interval(secs => $4)) < 3
     on conflict (organisation_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where l.expires_at <= now() or l.holder = excluded.holder`,
    [organisationId, holder, options.ttlSeconds, options.dueAfterSeconds ?? null],
  );
  return rowCount === 1;
}

/** Extends a held lease; false when it was lost (it expired and another instance took it). */
export async function renewLease(
  db: Queryable,
  organisationId: number,
  holder: string,
  ttlSeconds: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update gateway.mirror_sync_leases set expires_at = now() + make_interval(secs => $3)
      where organisation_id = $1 and holder = $2`,
    [organisationId, holder, ttlSeconds],
  );
  return rowCount === 1;
}

export async function releaseLease(db: Queryable, organisationId: number, holder: string): Promise<void> {
  await db.query('delete from gateway.mirror_sync_leases where organisation_id = $1 and holder = $2', [
    organisationId,
    holder,
  ]);
}

/** Whether someone holds the organisation's lease now (a sync is running somewhere). */
export async function leaseHeld(db: Queryable, organisationId: number): Promise<boolean> {
  const { rows } = await db.query<{ held: boolean }>(
    `select exists (select 1 from gateway.mirror_sync_leases where organisation_id = $1 and expires_at > now()) as held`,
    [organisationId],
  );
  return rows[0]?.held === true;
}
