import type { DuplicateReasonKey } from '@/contract/duplicate-reasons';
import type { DuplicateScan } from '@/contract/duplicates';
import type { Queryable } from '../../db/database';

/** The SQL of gateway.duplicate_pairs (the queue and its decisions) and gateway.duplicate_scans. */

export interface StoredPair {
  customerA: number;
  customerB: number;
  score: number;
  reasons: DuplicateReasonKey[];
  state: 'open' | 'not_same' | 'merged';
  foundAt: Date;
}

interface PairRow {
  customer_a: string;
  customer_b: string;
  score: number;
  reasons: DuplicateReasonKey[];
  state: StoredPair['state'];
  found_at: Date;
}

const pairOf = (row: PairRow): StoredPair => ({
  customerA: Number(row.customer_a),
  customerB: Number(row.customer_b),
  score: Number(row.score),
  reasons: row.reasons,
  state: row.state,
  foundAt: new Date(row.found_at),
});

const PAIR_COLUMNS = 'customer_a, customer_b, score, reasons, state, found_at';

/** A page of open pairs, best score first, maybe only those with `reason`; and how many there are. */
export async function openPairs(
  db: Queryable,
  organisationId: number,
  options: { reason: DuplicateReasonKey | undefined; limit: number; offset: number },
): Promise<{ pairs: StoredPair[]; total: number }> {
  const reason = options.reason ?? null;
  const [page, count] = await Promise.all([
    db.query<PairRow>(
      `select ${PAIR_COLUMNS} from gateway.duplicate_pairs
        where organisation_id = $1 and state = 'open' and ($2::text is null or $2 = any(reasons))
        order by score desc, customer_a, customer_b limit $3 offset $4`,
      [organisationId, reason, options.limit, options.offset],
    ),
    db.query<{ n: string }>(
      `select count(*) as n from gateway.duplicate_pairs
        where organisation_id = $1 and state = 'open' and ($2::text is null or $2 = any(reasons))`,
      [organisationId, reason],
    ),
  ]);
  return { pairs: page.rows.map(pairOf), total: Number(count.rows[0]?.n ?? 0) };
}

export async function findPair(
  db: Queryable,
  organisationId: number,
  a: number,
  b: number,
): Promise<StoredPair | null> {
  const { rows } = await db.query<PairRow>(
    `select ${PAIR_COLUMNS} from gateway.duplicate_pairs
      where organisation_id = $1 and customer_a = $2 and customer_b = $3`,
    [organisationId, Math.min(a, b), Math.max(a, b)],
  );
  return rows[0] ? pairOf(rows[0]) : null;
}

/**
 * Records a decision on an open pair; false when it is not open (any more): decided by someone else meanwhile.
 */
export async function decidePair(
  db: Queryable,
  organisationId: number,
  pair: { a: number; b: number },
  decision: { state: 'not_same' | 'merged'; accountId: number; keptCustomerId?: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update gateway.duplicate_pairs
        set state = $4, decided_at = now(), decided_by = $5, kept_customer_id = $6
      where organisation_id = $1 and customer_a = $2 and customer_b = $3 and state = 'open'`,
    [
      organisationId,
      Math.min(pair.a, pair.b),
      Math.max(pair.a, pair.b),
      decision.state,
      decision.accountId,
      decision.keptCustomerId ?? null,
    ],
  );
  return rowCount === 1;
}

/** Drops the open pairs of a customer merged away: the record not kept is proposed no more. */
export async function dropOpenPairsOf(db: Queryable, organisationId: number, customerId: number): Promise<number> {
  const { rowCount } = await db.query(
    `delete from gateway.duplicate_pairs
      where organisation_id = $1 and state = 'open' and (customer_a = $2 or customer_b = $2)`,
    [organisationId, customerId],
  );
  return rowCount;
}

/**
 * Of `customerIds`, those merged away as a duplicate, each with the customer it was merged into: two lookups
 * along the pairs' keys (the record merged away is either side of its pair).
 */
export async function mergedInto(
  db: Queryable,
  organisationId: number,
  customerIds: readonly number[],
): Promise<Map<number, number>> {
  if (customerIds.length === 0) return new Map();
  const { rows } = await db.query<{ merged_id: string; kept_id: string }>(
    `select customer_b as merged_id, customer_a as kept_id from gateway.duplicate_pairs
      where organisation_id = $1 and customer_b = any($2::bigint[]) and state = 'merged' and kept_customer_id = customer_a
     union all
     select customer_a, customer_b from gateway.duplicate_pairs
      where organisation_id = $1 and customer_a = any($2::bigint[]) and state = 'merged' and kept_customer_id = customer_b`,
    [organisationId, customerIds],
  );
  return new Map(rows.map((row) => [Number(row.merged_id), Number(row.kept_id)]));
}

// --- Scans -------------------------------------------------------------------------------------------

interface ScanRow {
  watermark: Date | null;
  synced_at: Date | null;
  full_requested: boolean;
  holder: string | null;
  lease_expires_at: Date | null;
  kind: 'full' | 'incremental' | null;
  started_at: Date | null;
  finished_at: Date | null;
  steps_done: number;
  steps_total: number;
  compared: number | null;
  pairs_found: number | null;
  last_error: string | null;
  now: Date;
}

/** Where the organisation's scans stand, for its next scan. */
export interface ScanMarks {
  /** The greatest lastChanged compared so far; null before the first full scan. */
  watermark: Date | null;
  /** The mirror's complete sync the last scan saw. */
  syncedAt: Date | null;
  fullRequested: boolean;
}

async function scanRow(db: Queryable, organisationId: number): Promise<ScanRow | null> {
  const { rows } = await db.query<ScanRow>(
    'select *, now() as now from gateway.duplicate_scans where organisation_id = $1',
    [organisationId],
  );
  return rows[0] ?? null;
}

export async function scanMarks(db: Queryable, organisationId: number): Promise<ScanMarks> {
  const row = await scanRow(db, organisationId);
  return {
    watermark: row?.watermark ? new Date(row.watermark) : null,
    syncedAt: row?.synced_at ? new Date(row.synced_at) : null,
    fullRequested: row?.full_requested ?? false,
  };
}

/** The scan as the queue shows it. */
export async function scanStatus(db: Queryable, organisationId: number): Promise<DuplicateScan> {
  const row = await scanRow(db, organisationId);
  const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : null);
  const running = Boolean(row?.holder && row.lease_expires_at && new Date(row.lease_expires_at) > new Date(row.now));
  return {
    running,
    kind: row?.kind ?? null,
    stepsDone: row?.steps_done ?? 0,
    stepsTotal: row?.steps_total ?? 0,
    startedAt: iso(row?.started_at),
    finishedAt: iso(row?.finished_at),
    compared: row?.compared ?? null,
    pairsFound: row?.pairs_found ?? null,
    lastError: row?.last_error ?? null,
    fullRequested: row?.full_requested ?? false,
  };
}

/** Asks for a full scan of the organisation at the scheduler's next tick. */
export async function requestFullScan(db: Queryable, organisationId: number): Promise<void> {
  await db.query(
    `insert into gateway.duplicate_scans (organisation_id, full_requested) values ($1, true)
     on conflict (organisation_id) do update set full_requested = true`,
    [organisationId],
  );
}

/**
 * Takes the organisation's scan lease for `holder` (no other live lease), by the database's clock; returns the
 * database's time of the start (the scan's stamp), or null when another instance holds it. A full scan takes the
 * request for one with it, so a request made while it runs stays for the scan after it.
 */
export async function claimScan(
  db: Queryable,
  organisationId: number,
  holder: string,
  kind: 'full' | 'incremental',
  leaseSeconds: number,
): Promise<Date | null> {
  const { rows } = await db.query<{ started_at: Date }>(
    `insert into gateway.duplicate_scans as s
            (organisation_id, holder, lease_expires_at, kind, started_at, finished_at, steps_done, steps_total)
     values ($1, $2, now() + make_interval(secs => $4), $3, now(), null, 0, 0)
     on conflict (organisation_id) do update
        set holder = excluded.holder, lease_expires_at = excluded.lease_expires_at, kind = excluded.kind,
            started_at = excluded.started_at, finished_at = null, steps_done = 0, steps_total = 0,
            full_requested = s.full_requested and excluded.kind <> 'full'
      where s.holder is null or s.lease_expires_at < now()
     returning started_at`,
    [organisationId, holder, kind, leaseSeconds],
  );
  return rows[0] ? new Date(rows[0].started_at) : null;
}

/** Notes the scan's progress and renews its lease; false when the lease was lost (the scan must stop). */
export async function scanProgress(
  db: Queryable,
  organisationId: number,
  holder: string,
  progress: { done: number; total: number },
  leaseSeconds: number,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update gateway.duplicate_scans
        set steps_done = $3, steps_total = $4, lease_expires_at = now() + make_interval(secs => $5)
      where organisation_id = $1 and holder = $2`,
    [organisationId, holder, progress.done, progress.total, leaseSeconds],
  );
  return rowCount === 1;
}

/**
 * Ends a scan that finished: its marks move, its figures are kept, the lease is free. A request for a full scan
 * made while it ran stays (the claim took the earlier one).
 */
export async function finishScan(
  db: Queryable,
  organisationId: number,
  holder: string,
  result: { watermark: Date | null; syncedAt: Date | null; compared: number; pairsFound: number },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update gateway.duplicate_scans
        set watermark = greatest(watermark, $3), synced_at = coalesce($4, synced_at), compared = $5,
            pairs_found = $6, finished_at = now(), steps_done = steps_total, last_error = null, holder = null,
            lease_expires_at = null
      where organisation_id = $1 and holder = $2`,
    [organisationId, holder, result.watermark, result.syncedAt, result.compared, result.pairsFound],
  );
  return rowCount === 1;
}

/**
 * Ends a scan that failed: the error is kept, the marks stay (the next tick tries again), the lease is free; a
 * failed full scan is asked for again (its claim took the request).
 */
export async function failScan(db: Queryable, organisationId: number, holder: string, error: string): Promise<void> {
  await db.query(
    `update gateway.duplicate_scans
        set last_error = $3, finished_at = now(), holder = null, lease_expires_at = null,
            full_requested = full_requested or kind = 'full'
      where organisation_id = $1 and holder = $2`,
    [organisationId, holder, error.slice(0, 500)],
  );
}
