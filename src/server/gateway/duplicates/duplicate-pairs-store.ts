import type { Queryable } from '../../db/database';

/** Why two customers may be one person (gateway.duplicate_pairs.reasons). */
export type DuplicateReason = 'email' | 'phone' | 'name_zip' | 'name_address';

/**
 * How the scan judges a pair, named so the benchmark and the tests reason with the same figures.
 * A pair's score is 100 × (1 − Π(1 − weight of each reason)) × (½ + ½ × name similarity): two reasons
 * beat one, and the same phone or email under a quite different name (a household's landline, a partner's
 * address) scores lower than under the same name.
 */
export const SCORING = {
  weights: { email: 0.9, phone: 0.6, name_zip: 0.7, name_address: 0.6 } satisfies Record<DuplicateReason, number>,
  /** pg_trgm similarity of the full names from which customers at one address count as a close name. */
  closeName: 0.56,
  /** Pairs scoring below this are not proposed (e.g. a shared phone under two unrelated names). */
  minScore: 40,
  /**
   * A key shared by more customers than this is not a duplicate signal (a building's address, a placeholder
   * phone, an office's switchboard): its block is left out, which keeps a scan near-linear.
   */
  maxBlock: 12,
} as const;

/** The key columns (hashes) of gateway.duplicate_keys, with the reason a shared key gives ('address' needs a close name). */
const BLOCKS = [
  { column: 'email_key', reason: 'email' },
  { column: 'phone_key', reason: 'phone' },
  { column: 'name_zip_key', reason: 'name_zip' },
  { column: 'address_key', reason: 'address' },
] as const;

/** Which customers a scan compares: all of them, or those whose keys changed (against all). */
export type ScanScope = { all: true } | { all: false; customerIds: readonly number[] };

/** The customers sharing one value of `column`, as blocks of ids; in a changed scope only blocks they are in. */
function blocksOf(column: string, scope: ScanScope): string {
  const inScope = scope.all
    ? ''
    : `and ${column} in (select ${column} from gateway.duplicate_keys
                           where organisation_id = $1 and customer_id in (select id from changed_ids)
                             and ${column} is not null)`;
  return `select array_agg(customer_id) as ids from gateway.duplicate_keys
           where organisation_id = $1 and ${column} is not null ${inScope}
           group by ${column} having count(*) between 2 and ${SCORING.maxBlock}`;
}

function candidatesOf(scope: ScanScope): string {
  const touchesChanged = scope.all
    ? ''
    : 'and (a.id in (select id from changed_ids) or b.id in (select id from changed_ids))';
  return BLOCKS.map(
    ({ column, reason }) =>
      `select a.id as a, b.id as b, '${reason}' as reason
         from (${blocksOf(column, scope)}) block, unnest(block.ids) a(id), unnest(block.ids) b(id)
        where a.id < b.id ${touchesChanged}`,
  ).join('\n union all\n');
}

const factor = (reason: DuplicateReason) =>
  `(case when '${reason}' = any(reasons) then ${1 - SCORING.weights[reason]} else 1 end)`;

/**
 * A customer's full name, looked up by key: the pairs are a few per cent of the customers, and joining the keys
 * instead scanned all of them twice (EXPLAIN at a million customers: a merge join along the whole key index and
 * a hash of all million names, to name 56,000 pairs).
 */
const fullName = (id: string) =>
  `(select k.full_name from gateway.duplicate_keys k where k.organisation_id = $1 and k.customer_id = ${id})`;

/** The customers merged away (the record not kept of a merged pair), as one array `ids`: proposed no more. */
const MERGED_AWAY = `select coalesce(array_agg(case when kept_customer_id = customer_a then customer_b else customer_a end),
                       '{}') as ids
         from gateway.duplicate_pairs where organisation_id = $1 and state = 'merged'`;

/**
 * The CTEs `judged` and `scored` over a CTE `named` of candidates (the columns `ids`, then `reasons` and the
 * names' similarity `sim`): a shared address counts only under a close name, and the score is SCORING's.
 */
function scoredOf(ids: string): string {
  const weights = Object.keys(SCORING.weights) as DuplicateReason[];
  return `judged as (
       select ${ids}, sim,
              array(select r from unnest(array_remove(reasons, 'address')
                      || case when 'address' = any(reasons) and sim >= ${SCORING.closeName}
                              then array['name_address'] else array[]::text[] end) r order by r) as reasons
         from named
     ),
     scored as (
       select ${ids}, reasons,
              round(100 * (1 - ${weights.map(factor).join(' * ')}) * (0.5 + 0.5 * sim))::smallint as score
         from judged where cardinality(reasons) > 0
     )`;
}

/**
 * Work memory of the comparing statement: enough to group a million keys in memory (a full scan), where the
 * default spills each grouping to disk.
 */
const PAIRS_WORK_MEM = '256MB';

/**
 * Finds the pairs of the scope's customers by their keys, scores them and writes them as open pairs stamped
 * `scannedAt`: a pair already decided (not the same, merged) is left as it is, and customers merged away (the
 * record not kept of a merged pair) are proposed no more. Returns how many pairs it wrote. Run it in a
 * transaction (its work memory is set for that transaction).
 */
export async function writePairs(
  tx: Queryable,
  organisationId: number,
  scope: ScanScope,
  scannedAt: Date,
): Promise<number> {
  await tx.query(`set local work_mem = '${PAIRS_WORK_MEM}'`);
  const { rowCount } = await tx.query(
    `with changed_ids as (select unnest($3::bigint[]) as id),
     candidates as (${candidatesOf(scope)}),
     grouped as (select a, b, array_agg(distinct reason) as reasons from candidates group by a, b),
     gone as (${MERGED_AWAY}),
     named as (
       select g.a, g.b, g.reasons, similarity(${fullName('g.a')}, ${fullName('g.b')}) as sim
         from grouped g cross join gone
        where not (g.a = any(gone.ids) or g.b = any(gone.ids))
     ),
     ${scoredOf('a, b')}
     insert into gateway.duplicate_pairs as p (organisation_id, customer_a, customer_b, score, reasons, scanned_at)
     select $1, a, b, score, reasons, $2 from scored where score >= ${SCORING.minScore}
     on conflict (organisation_id, customer_a, customer_b) do update
        set score = excluded.score, reasons = excluded.reasons, scanned_at = excluded.scanned_at
      where p.state = 'open'`,
    [organisationId, scannedAt, scope.all ? [] : scope.customerIds],
  );
  return rowCount;
}

/**
 * Drops the open pairs of the scope that the scan stamped `scannedAt` did not find again (a record changed so
 * they no longer match). Decided pairs stay.
 */
export async function dropPairsNotFound(
  db: Queryable,
  organisationId: number,
  scope: ScanScope,
  scannedAt: Date,
): Promise<number> {
  const { rowCount } = await db.query(
    `delete from gateway.duplicate_pairs
      where organisation_id = $1 and state = 'open' and scanned_at < $2
        ${scope.all ? '' : 'and (customer_a in (select unnest($3::bigint[])) or customer_b in (select unnest($3::bigint[])))'}`,
    scope.all ? [organisationId, scannedAt] : [organisationId, scannedAt, scope.customerIds],
  );
  return rowCount;
}

/** A customer a draft may be: the pair the draft would make with them, scored as a scan scores pairs. */
export interface DraftMatch {
  customerId: number;
  score: number;
  reasons: DuplicateReason[];
}

/**
 * The draft's keys, made by the same SQL functions as the mirror's (migration 026), from a body with the
 * Customer's field names.
 */
const DRAFT_KEYS = `select full_name,
            gateway.duplicate_email_key(body ->> 'email') as email_key,
            gateway.duplicate_phone_key(body ->> 'customerPhone') as phone_key,
            gateway.duplicate_hash_pair(full_name, zip) as name_zip_key,
            gateway.duplicate_hash_pair(zip, gateway.duplicate_house_nr(body)) as address_key
       from (select $2::jsonb as body, gateway.duplicate_full_name($2::jsonb) as full_name,
                    gateway.duplicate_zip($2::jsonb ->> 'customerZip') as zip) typed`;

/**
 * The organisation's customers a customer not yet created (`draft`, a Customer's fields as typed) may be, best
 * first, at most `limit`: those a scan would pair with it once created (a shared key, a score of at least
 * SCORING.minScore; a key shared by a whole block of customers is no signal, as in a scan). Customers merged
 * away are left out. Reads the keys' indexes only, a handful of rows: cheap enough to ask as someone types.
 */
export async function draftMatches(
  db: Queryable,
  organisationId: number,
  draft: Record<string, string>,
  limit: number,
): Promise<DraftMatch[]> {
  const blocks = BLOCKS.map(
    ({ column, reason }) =>
      `select unnest(ids) as id, '${reason}' as reason
         from (select array_agg(customer_id) as ids
                 from (select k.customer_id from gateway.duplicate_keys k, keys
                        where k.organisation_id = $1 and k.${column} = keys.${column} and k.${column} is not null
                        limit ${SCORING.maxBlock}) sharing
               having count(*) < ${SCORING.maxBlock}) block`,
  ).join('\n union all\n');
  const { rows } = await db.query<{ id: number; score: number; reasons: DuplicateReason[] }>(
    `with keys as (${DRAFT_KEYS}),
     candidates as (${blocks}),
     grouped as (select id, array_agg(distinct reason) as reasons from candidates group by id),
     gone as (${MERGED_AWAY}),
     named as (
       select g.id, g.reasons, similarity(${fullName('g.id')}, keys.full_name) as sim
         from grouped g cross join keys cross join gone
        where not g.id = any(gone.ids)
     ),
     ${scoredOf('id')}
     select id::float8 as id, score, reasons from scored
      where score >= ${SCORING.minScore}
      order by score desc, id
      limit $3`,
    [organisationId, JSON.stringify(draft), limit],
  );
  return rows.map((row) => ({ customerId: row.id, score: row.score, reasons: row.reasons }));
}
