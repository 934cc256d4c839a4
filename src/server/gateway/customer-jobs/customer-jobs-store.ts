import type {
  CustomerJob,
  CustomerJobOrigin,
  CustomerJobState,
  JobItemState,
  NamedCustomer,
} from '@/contract/customer-jobs';
import type { Queryable } from '../../db/database';

/**
 * All SQL of the customer jobs' tables (migration 018). Two runners never call for one job: a runner takes a
 * job with a conditional update (runnable, and no live lease), and marks each item `sending` only in a
 * statement that also finds its lease live and the job still running (and extends the lease) — so a job taken
 * over after its lease expired, paused or cancelled gets no further call from the runner that had it.
 */

interface JobRow {
  id: string;
  organisation_id: string;
  kind: string;
  params: Record<string, unknown>;
  origin: CustomerJobOrigin;
  origin_id: string | null;
  state: CustomerJobState;
  total: number;
  created_by: string | null;
  created_by_person: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  last_error: string | null;
}

const JOB_COLUMNS = `j.id, j.organisation_id, j.kind, j.params, j.origin, j.origin_id, j.state, j.total, j.created_by,
  j.created_by_person, j.created_at, j.started_at, j.finished_at, j.last_error`;

/** A job as the runner needs it. */
export interface StoredJob {
  id: number;
  organisationId: number;
  kind: string;
  params: Record<string, unknown>;
  origin: CustomerJobOrigin;
  originId: number | null;
  total: number;
  createdBy: number | null;
  createdByPerson: string | null;
}

const storedJob = (row: JobRow): StoredJob => ({
  id: Number(row.id),
  organisationId: Number(row.organisation_id),
  kind: row.kind,
  params: row.params,
  origin: row.origin,
  originId: row.origin_id === null ? null : Number(row.origin_id),
  total: row.total,
  createdBy: row.created_by === null ? null : Number(row.created_by),
  createdByPerson: row.created_by_person,
});

export interface NewJob {
  organisationId: number;
  kind: string;
  params: Record<string, unknown>;
  origin: CustomerJobOrigin;
  originId: number | null;
  createdBy: { accountId: number; person: string } | null;
  /** Each customer once, with the action done on them. */
  items: readonly { customerId: number; action: string }[];
}

export async function insertJob(tx: Queryable, job: NewJob): Promise<number> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into gateway.customer_jobs (organisation_id, kind, params, origin, origin_id, total, created_by,
       created_by_person)
     values ($1, $2, $3::jsonb, $4, $5, $6, $7, $8) returning id`,
    [
      job.organisationId,
      job.kind,
      JSON.stringify(job.params),
      job.origin,
      job.originId,
      job.items.length,
      job.createdBy?.accountId ?? null,
      job.createdBy?.person ?? null,
    ],
  );
  const id = Number(rows[0]?.id);
  await tx.query(
    `insert into gateway.customer_job_items (job_id, customer_id, action)
     select $1, c, a from unnest($2::bigint[], $3::text[]) as i(c, a)`,
    [id, job.items.map((item) => item.customerId), job.items.map((item) => item.action)],
  );
  return id;
}

/** A job a runner may take: planned or running, and no live lease (a crashed runner's has expired). */
const runnable = (alias: string) =>
  `${alias}state in ('planned', 'running') and (${alias}lease_expires_at is null or ${alias}lease_expires_at < now())`;

/** Takes the oldest runnable job without a live lease for `holder`; null when there is none. */
export async function claimRunnableJob(db: Queryable, holder: string, leaseSeconds: number): Promise<StoredJob | null> {
  const { rows } = await db.query<JobRow>(
    `update gateway.customer_jobs j
        set state = 'running', lease_holder = $1, lease_expires_at = now() + make_interval(secs => $2),
            started_at = coalesce(j.started_at, now())
      where j.id = (select id from gateway.customer_jobs where ${runnable('')} order by id limit 1 for update skip locked)
        and ${runnable('j.')}
      returning ${JOB_COLUMNS}`,
    [holder, leaseSeconds],
  );
  return rows[0] ? storedJob(rows[0]) : null;
}

export interface OpenItem {
  customerId: number;
  action: string;
  state: 'pending' | 'sending';
  attempts: number;
}

/** The job's items still to do, after `afterCustomerId`, in customer order. */
export async function openItems(
  db: Queryable,
  jobId: number,
  afterCustomerId: number,
  limit: number,
): Promise<OpenItem[]> {
  const { rows } = await db.query<{ customer_id: string; action: string; state: OpenItem['state']; attempts: number }>(
    `select customer_id, action, state, attempts from gateway.customer_job_items
      where job_id = $1 and state in ('pending', 'sending') and customer_id > $2
      order by customer_id limit $3`,
    [jobId, afterCustomerId, limit],
  );
  return rows.map((row) => ({
    customerId: Number(row.customer_id),
    action: row.action,
    state: row.state,
    attempts: row.attempts,
  }));
}

/**
 * Marks an item `sending` (an attempt more) before its call — only while `holder`'s lease is live and the job
 * running, extending the lease in the same statement. False: the runner must make no call for it.
 */
export async function markSending(
  db: Queryable,
  jobId: number,
  customerId: number,
  holder: string,
  leaseSeconds: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `with lease as (
       update gateway.customer_jobs set lease_expires_at = now() + make_interval(secs => $4)
        where id = $1 and lease_holder = $3 and state = 'running' and lease_expires_at > now()
        returning id)
     update gateway.customer_job_items set state = 'sending', attempts = attempts + 1
      where job_id = $1 and customer_id = $2 and state in ('pending', 'sending') and exists (select 1 from lease)`,
    [jobId, customerId, holder, leaseSeconds],
  );
  return rowCount === 1;
}

/** An item's end: done (changed), skipped (already as asked), or failed with the service's message. */
export async function finishItem(
  db: Queryable,
  jobId: number,
  customerId: number,
  state: Extract<JobItemState, 'done' | 'skipped' | 'failed'>,
  error: string | null,
): Promise<void> {
  await db.query(
    `update gateway.customer_job_items set state = $3, error = $4, finished_at = now()
      where job_id = $1 and customer_id = $2`,
    [jobId, customerId, state, error],
  );
}

/** An attempt that failed and will be tried again: its error, kept while it waits. */
export async function noteItemError(db: Queryable, jobId: number, customerId: number, error: string) {
  await db.query('update gateway.customer_job_items set error = $3 where job_id = $1 and customer_id = $2', [
    jobId,
    customerId,
    error,
  ]);
}

/**
 * Ends `holder`'s run of a job: `done` or `failed` when it was running (a paused or cancelled job keeps its
 * state), the lease released either way. True when the state was set.
 */
export async function endRun(
  db: Queryable,
  jobId: number,
  holder: string,
  outcome: { state: 'done' | 'failed' | null; lastError: string | null },
): Promise<boolean> {
  const { rows } = await db.query<{ ended: boolean }>(
    `update gateway.customer_jobs
        set state = case when state = 'running' and $3::text is not null then $3::text else state end,
            finished_at = case when state = 'running' and $3::text is not null then now() else finished_at end,
            last_error = coalesce($4, last_error), lease_holder = null, lease_expires_at = null
      where id = $1 and lease_holder = $2
      returning (state = $3::text) as ended`,
    [jobId, holder, outcome.state, outcome.lastError],
  );
  return rows[0]?.ended === true;
}

/** A person's steering of a job: from one of `from` to `to`; false when the job is in none of them. */
export async function changeJobState(
  db: Queryable,
  organisationId: number,
  jobId: number,
  from: readonly CustomerJobState[],
  to: CustomerJobState,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update gateway.customer_jobs
        set state = $4, finished_at = case when $4 in ('done', 'failed', 'cancelled') then now() else null end
      where organisation_id = $1 and id = $2 and state = any($3::text[])`,
    [organisationId, jobId, from, to],
  );
  return rowCount === 1;
}

/** Puts a job's failed items back to do; how many. */
export async function requeueFailedItems(db: Queryable, jobId: number): Promise<number> {
  const { rowCount } = await db.query(
    `update gateway.customer_job_items set state = 'pending', error = null, attempts = 0, finished_at = null
      where job_id = $1 and state = 'failed'`,
    [jobId],
  );
  return rowCount;
}

export type ItemCounts = Record<JobItemState, number>;

const noCounts = (): ItemCounts => ({ pending: 0, sending: 0, done: 0, skipped: 0, failed: 0 });

/** Each job's items per state. */
export async function itemCounts(db: Queryable, jobIds: readonly number[]): Promise<Map<number, ItemCounts>> {
  const counts = new Map(jobIds.map((id) => [id, noCounts()]));
  if (jobIds.length === 0) return counts;
  const { rows } = await db.query<{ job_id: string; state: JobItemState; n: string }>(
    `select job_id, state, count(*) as n from gateway.customer_job_items
      where job_id = any($1::bigint[]) group by job_id, state`,
    [jobIds],
  );
  for (const row of rows) {
    const job = counts.get(Number(row.job_id));
    if (job) job[row.state] = Number(row.n);
  }
  return counts;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function jobView(row: JobRow, counts: ItemCounts): CustomerJob {
  return {
    id: Number(row.id),
    kind: row.kind,
    params: row.params,
    origin: row.origin,
    originId: row.origin_id === null ? null : Number(row.origin_id),
    state: row.state,
    total: row.total,
    counts,
    createdBy: row.created_by_person,
    createdAt: new Date(row.created_at).toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    lastError: row.last_error,
  };
}

async function withCounts(db: Queryable, rows: JobRow[]): Promise<CustomerJob[]> {
  const counts = await itemCounts(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => jobView(row, counts.get(Number(row.id)) ?? noCounts()));
}

/** The organisation's latest jobs, newest first; of one origin when given. */
export async function recentJobs(
  db: Queryable,
  organisationId: number,
  options: { limit: number; origin?: { origin: CustomerJobOrigin; originId: number } },
): Promise<CustomerJob[]> {
  const { origin } = options;
  const { rows } = await db.query<JobRow>(
    `select ${JOB_COLUMNS} from gateway.customer_jobs j
      where j.organisation_id = $1 and ($3::text is null or (j.origin = $3 and j.origin_id = $4))
      order by j.id desc limit $2`,
    [organisationId, options.limit, origin?.origin ?? null, origin?.originId ?? null],
  );
  return withCounts(db, rows);
}

export async function findJob(db: Queryable, organisationId: number, jobId: number): Promise<CustomerJob | null> {
  const { rows } = await db.query<JobRow>(
    `select ${JOB_COLUMNS} from gateway.customer_jobs j where j.organisation_id = $1 and j.id = $2`,
    [organisationId, jobId],
  );
  return (await withCounts(db, rows))[0] ?? null;
}

export async function jobsById(db: Queryable, organisationId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, CustomerJob>();
  const { rows } = await db.query<JobRow>(
    `select ${JOB_COLUMNS} from gateway.customer_jobs j where j.organisation_id = $1 and j.id = any($2::bigint[])`,
    [organisationId, ids],
  );
  return new Map((await withCounts(db, rows)).map((job) => [job.id, job]));
}

// ---- the mirror's customers, joined in one statement ----
//
// These statements read gateway.mirror_customers directly: a diff joins the (possibly 100,000) member ids of a
// segment with every customer's tags, and the failures and run diffs name customers by id — one statement each,
// where the mirror's per-customer reads would make one call per customer. Reads only.

/** "Noor de Jong": first name, preposition and last name, as the Dutch write them (the preposition was left out). */
const NAME = `concat_ws(' ', nullif(btrim(c.body ->> 'customerFirstName'), ''),
  nullif(btrim(c.body ->> 'customerPreposition'), ''), nullif(btrim(c.body ->> 'customerLastName'), ''))`;

/** Which of `memberIds` hold `tag` in the mirror (`holding`), or lack it. Customer order. */
export async function membersByTag(
  db: Queryable,
  organisationId: number,
  memberIds: readonly number[],
  tag: string,
  holding: boolean,
): Promise<number[]> {
  const { rows } = await db.query<{ customer_id: string }>(
    `select c.customer_id from unnest($2::bigint[]) as m(customer_id)
       join gateway.mirror_customers c on c.organisation_id = $1 and c.customer_id = m.customer_id
      where ($3 = any(c.tags)) = $4
      order by c.customer_id`,
    [organisationId, memberIds, tag, holding],
  );
  return rows.map((row) => Number(row.customer_id));
}

/**
 * What keeping `tag` in step with a segment changes now, by the mirror's tags: the members who lack it gain it,
 * everyone else who holds it loses it. The keeper's run and the dry run before it is saved read it alike.
 */
export async function autoTagChanges(
  db: Queryable,
  organisationId: number,
  memberIds: readonly number[],
  tag: string,
): Promise<{ gains: number[]; losses: number[] }> {
  return {
    gains: await membersByTag(db, organisationId, memberIds, tag, false),
    losses: await othersHoldingTag(db, organisationId, memberIds, tag),
  };
}

/** The customers outside `memberIds` who hold `tag` in the mirror. Customer order. */
async function othersHoldingTag(
  db: Queryable,
  organisationId: number,
  memberIds: readonly number[],
  tag: string,
): Promise<number[]> {
  const { rows } = await db.query<{ customer_id: string }>(
    `select c.customer_id from gateway.mirror_customers c
       left join unnest($2::bigint[]) as m(customer_id) on m.customer_id = c.customer_id
      where c.organisation_id = $1 and $3 = any(c.tags) and m.customer_id is null
      order by c.customer_id`,
    [organisationId, memberIds, tag],
  );
  return rows.map((row) => Number(row.customer_id));
}

/** The first `limit` of `customerIds` by name, as the mirror names them. */
export async function firstByName(
  db: Queryable,
  organisationId: number,
  customerIds: readonly number[],
  limit: number,
): Promise<NamedCustomer[]> {
  if (customerIds.length === 0) return [];
  const { rows } = await db.query<{ customer_id: string; name: string }>(
    `select c.customer_id, ${NAME} as name from gateway.mirror_customers c
      where c.organisation_id = $1 and c.customer_id = any($2::bigint[])
      order by c.body ->> 'customerLastName', c.body ->> 'customerFirstName', c.customer_id limit $3`,
    [organisationId, customerIds, limit],
  );
  return rows.map((row) => ({ customerId: Number(row.customer_id), name: row.name }));
}

/** A job's failed items with the service's message, named. */
export async function failedItems(db: Queryable, organisationId: number, jobId: number, limit: number) {
  const { rows } = await db.query<{
    customer_id: string;
    name: string | null;
    action: string;
    error: string | null;
    attempts: number;
  }>(
    `select i.customer_id, ${NAME} as name, i.action, i.error, i.attempts from gateway.customer_job_items i
       left join gateway.mirror_customers c on c.organisation_id = $1 and c.customer_id = i.customer_id
      where i.job_id = $2 and i.state = 'failed' order by i.customer_id limit $3`,
    [organisationId, jobId, limit],
  );
  return rows.map((row) => ({
    customerId: Number(row.customer_id),
    name: row.name ?? `#${row.customer_id}`,
    action: row.action,
    error: row.error,
    attempts: row.attempts,
  }));
}

/** The first customers a job did change by `action` (done), named. */
export async function changedBy(
  db: Queryable,
  organisationId: number,
  jobId: number,
  action: string,
  limit: number,
): Promise<NamedCustomer[]> {
  const { rows } = await db.query<{ customer_id: string; name: string | null }>(
    `select i.customer_id, ${NAME} as name from gateway.customer_job_items i
       left join gateway.mirror_customers c on c.organisation_id = $1 and c.customer_id = i.customer_id
      where i.job_id = $2 and i.action = $3 and i.state = 'done' order by i.customer_id limit $4`,
    [organisationId, jobId, action, limit],
  );
  return rows.map((row) => ({ customerId: Number(row.customer_id), name: row.name ?? `#${row.customer_id}` }));
}

/** The actions a job's items do (a job keeping a tag in step both adds and removes). */
export async function actionsOfJob(db: Queryable, jobId: number): Promise<string[]> {
  const { rows } = await db.query<{ action: string }>(
    'select distinct action from gateway.customer_job_items where job_id = $1',
    [jobId],
  );
  return rows.map((row) => row.action);
}
