import type { Queryable } from '../../db/database';

/** All SQL of the auto tags' tables (migration 018): the settings per segment and their runs. */

export interface AutoTagSetting {
  organisationId: number;
  segmentId: number;
  tag: string;
  changeLimit: number;
  paused: boolean;
  syncedMark: Date | null;
  updatedBy: { accountId: number; person: string } | null;
}

interface SettingRow {
  organisation_id: string;
  segment_id: string;
  tag: string;
  change_limit: number;
  paused: boolean;
  synced_mark: Date | null;
  updated_by: string | null;
  updated_by_person: string | null;
}

const setting = (row: SettingRow): AutoTagSetting => ({
  organisationId: Number(row.organisation_id),
  segmentId: Number(row.segment_id),
  tag: row.tag,
  changeLimit: row.change_limit,
  paused: row.paused,
  syncedMark: row.synced_mark ? new Date(row.synced_mark) : null,
  updatedBy:
    row.updated_by === null ? null : { accountId: Number(row.updated_by), person: row.updated_by_person ?? '' },
});

const COLUMNS = 'organisation_id, segment_id, tag, change_limit, paused, synced_mark, updated_by, updated_by_person';

export async function findAutoTag(db: Queryable, organisationId: number, segmentId: number) {
  const { rows } = await db.query<SettingRow>(
    `select ${COLUMNS} from gateway.auto_tags where organisation_id = $1 and segment_id = $2`,
    [organisationId, segmentId],
  );
  return rows[0] ? setting(rows[0]) : null;
}

/** Sets a segment's auto tag; a new tag starts afresh (its first run comes after the next sync, or now). */
export async function saveAutoTag(
  db: Queryable,
  value: Omit<AutoTagSetting, 'syncedMark' | 'updatedBy'> & { updatedBy: { accountId: number; person: string } },
): Promise<void> {
  await db.query(
    `insert into gateway.auto_tags as a (organisation_id, segment_id, tag, change_limit, paused, updated_by,
       updated_by_person)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (organisation_id, segment_id) do update
       set tag = excluded.tag, change_limit = excluded.change_limit, paused = excluded.paused,
           updated_by = excluded.updated_by, updated_by_person = excluded.updated_by_person, updated_at = now(),
           synced_mark = case when a.tag = excluded.tag then a.synced_mark end`,
    [
      value.organisationId,
      value.segmentId,
      value.tag,
      value.changeLimit,
      value.paused,
      value.updatedBy.accountId,
      value.updatedBy.person,
    ],
  );
}

export async function deleteAutoTag(db: Queryable, organisationId: number, segmentId: number): Promise<boolean> {
  const { rowCount } = await db.query('delete from gateway.auto_tags where organisation_id = $1 and segment_id = $2', [
    organisationId,
    segmentId,
  ]);
  return rowCount === 1;
}

/** Every auto tag that is not paused (of every organisation): the keeper asks each whether it is due. */
export async function activeAutoTags(db: Queryable): Promise<AutoTagSetting[]> {
  const { rows } = await db.query<SettingRow>(`select ${COLUMNS} from gateway.auto_tags where not paused`);
  return rows.map(setting);
}

/**
 * Takes an auto tag for a run towards `mark` — only when no live lease holds it and it has not answered to
 * `mark` yet, so two instances seeing the same sync make one run.
 */
export async function takeAutoTag(
  db: Queryable,
  key: { organisationId: number; segmentId: number },
  mark: Date,
  holder: string,
  leaseSeconds: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update gateway.auto_tags set lease_holder = $3, lease_expires_at = now() + make_interval(secs => $5)
      where organisation_id = $1 and segment_id = $2 and not paused
        and (synced_mark is null or synced_mark < $4)
        and (lease_expires_at is null or lease_expires_at < now())`,
    [key.organisationId, key.segmentId, holder, mark, leaseSeconds],
  );
  return rowCount === 1;
}

/** Ends a run: the mark it answered to, the lease released. */
export async function releaseAutoTag(
  db: Queryable,
  key: { organisationId: number; segmentId: number },
  holder: string,
  mark: Date | null,
): Promise<void> {
  await db.query(
    `update gateway.auto_tags set synced_mark = coalesce($4, synced_mark), lease_holder = null, lease_expires_at = null
      where organisation_id = $1 and segment_id = $2 and lease_holder = $3`,
    [key.organisationId, key.segmentId, holder, mark],
  );
}

export interface AutoTagRunRow {
  id: number;
  at: Date;
  tag: string;
  jobId: number | null;
  gains: number;
  losses: number;
  heldBack: number;
}

export async function insertAutoTagRun(
  db: Queryable,
  run: Omit<AutoTagRunRow, 'id' | 'at'> & { organisationId: number; segmentId: number; syncedMark: Date },
): Promise<void> {
  await db.query(
    `insert into gateway.auto_tag_runs (organisation_id, segment_id, tag, job_id, synced_mark, gains, losses, held_back)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [run.organisationId, run.segmentId, run.tag, run.jobId, run.syncedMark, run.gains, run.losses, run.heldBack],
  );
}

/** The segment's latest runs, newest first. */
export async function latestAutoTagRuns(
  db: Queryable,
  organisationId: number,
  segmentId: number,
  limit: number,
): Promise<AutoTagRunRow[]> {
  const { rows } = await db.query<{
    id: string;
    at: Date;
    tag: string;
    job_id: string | null;
    gains: number;
    losses: number;
    held_back: number;
  }>(
    `select id, at, tag, job_id, gains, losses, held_back from gateway.auto_tag_runs
      where organisation_id = $1 and segment_id = $2 order by id desc limit $3`,
    [organisationId, segmentId, limit],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.at),
    tag: row.tag,
    jobId: row.job_id === null ? null : Number(row.job_id),
    gains: row.gains,
    losses: row.losses,
    heldBack: row.held_back,
  }));
}

/** The organisation's automatic tags: each with its segment, by tag. */
export async function autoTagsOf(
  db: Queryable,
  organisationId: number,
): Promise<{ tag: string; segmentId: number; paused: boolean }[]> {
  const { rows } = await db.query<{ tag: string; segment_id: string; paused: boolean }>(
    'select tag, segment_id, paused from gateway.auto_tags where organisation_id = $1 order by tag, segment_id',
    [organisationId],
  );
  return rows.map((row) => ({ tag: row.tag, segmentId: Number(row.segment_id), paused: row.paused }));
}
