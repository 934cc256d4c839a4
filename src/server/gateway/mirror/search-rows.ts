import type { Queryable } from '../../db/database';

/*
 * The mirrored customers as the customer search (customer-search/customer-directory.ts) reads them into its index:
 * a first load by id, then catch-ups of what was written since a watermark (the xid of the writing transaction,
 * migration 006). The statements are tuned for that reader (one text column per customer), so they live here,
 * with the mirror's tables, in the shape it asks for.
 */

/** One customer as the customer search reads it from the mirror (see ROW). */
export interface MirroredSearchRow {
  id: number;
  xid: number;
  email: string;
  tags: string[];
  firstName: string;
  preposition: string;
  lastName: string;
  phone: string;
  zip: string;
  city: string;
  externalId: string | null;
  lastChanged: string;
  credit: string;
  /** customerPrefs is an object (else nothing is stored: opt-in unknown). */
  hasPrefs: boolean;
  /** user_prefs_optin as text ("1", "true", "0"…), '' when missing. */
  optin: string;
}

/** Rows per read of the mirror: a full load of 1,000,000 customers is 200 reads. */
export const SEARCH_READ_BATCH = 5_000;

/** Separators of ROW's fields and of the tags within their field; taken out of the values themselves. */
const FIELD = '\x1f';
const TAG = '\x1e';
const clean = (value: string) => `translate(${value}, E'\\x1e\\x1f', '  ')`;

/**
 * A customer's searchable fields as one line of text: PGlite hands a statement's result over column by column
 * at a cost per value, and one column instead of fifteen makes reading the whole mirror 3–5 times faster.
 */
const ROW = `concat_ws(E'\\x1f', customer_id, change_xid, ${clean('email')},
  translate(array_to_string(tags, E'\\x1e'), E'\\x1f', ' '),
  ${[
    'customerFirstName',
    'customerPreposition',
    'customerLastName',
    'customerPhone',
    'customerZip',
    'customerCity',
    'lastChanged',
    'customerCredit',
  ]
    .map((field) => clean(`coalesce(body->>'${field}', '')`))
    .join(', ')},
  case when jsonb_typeof(body->'customerPrefs') = 'object' then '1' else '0' end,
  coalesce(body->'customerPrefs'->>'user_prefs_optin', ''),
  ${clean(`body->>'customerExternalId'`)}) as line`;

/** The xmin of the statement's snapshot: every change it cannot see was written by a transaction ≥ this. */
const SNAPSHOT_XMIN = 'select pg_snapshot_xmin(pg_current_snapshot())::text::float8 as xmin';

/** The first load: every customer, by id (the primary key's order, whatever the table's statistics say). */
const ALL_ROWS = `select ${ROW} from gateway.mirror_customers
  where organisation_id = $1 and customer_id > $2::bigint order by customer_id limit ${SEARCH_READ_BATCH}`;

/**
 * A catch-up: the rows written since the watermark (migration 006), after (xid, id) = ($2, $3); with the xmin
 * of the statement's snapshot on every row, and on one row without a line when nothing changed (the usual
 * case: one round trip).
 */
const CHANGED_ROWS = `with snapshot as (${SNAPSHOT_XMIN}),
  changed as (select ${ROW} from gateway.mirror_customers
    where organisation_id = $1 and (change_xid, customer_id) > ($2::bigint, $3::bigint)
    order by change_xid, customer_id limit ${SEARCH_READ_BATCH})
  select snapshot.xmin, changed.line from snapshot left join changed on true`;

function parseRow(line: string): MirroredSearchRow {
  const parts = line.split(FIELD);
  const tags = parts[3] ?? '';
  return {
    id: Number(parts[0]),
    xid: Number(parts[1]),
    email: parts[2] ?? '',
    tags: tags === '' ? [] : tags.split(TAG),
    firstName: parts[4] ?? '',
    preposition: parts[5] ?? '',
    lastName: parts[6] ?? '',
    phone: parts[7] ?? '',
    zip: parts[8] ?? '',
    city: parts[9] ?? '',
    lastChanged: parts[10] ?? '',
    credit: parts[11] ?? '',
    hasPrefs: parts[12] === '1',
    optin: parts[13] ?? '',
    // Last: concat_ws leaves out a null, and a missing external id is null.
    externalId: parts[14] ?? null,
  };
}

/** The xmin of the current snapshot: every change it cannot see was written by a transaction ≥ this. */
export async function mirrorSnapshotXmin(db: Queryable): Promise<number> {
  return Number((await db.query<{ xmin: number }>(SNAPSHOT_XMIN)).rows[0]?.xmin);
}

/** How many customers the organisation's mirror holds. */
export async function mirroredCustomerTotal(db: Queryable, organisationId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from gateway.mirror_customers where organisation_id = $1',
    [organisationId],
  );
  return rows[0]?.n ?? 0;
}

/** Up to SEARCH_READ_BATCH customers after `afterId`, by id. */
export async function searchRowsAfter(
  db: Queryable,
  organisationId: number,
  afterId: number,
): Promise<MirroredSearchRow[]> {
  const { rows } = await db.query<{ line: string }>(ALL_ROWS, [organisationId, String(afterId)]);
  return rows.map(({ line }) => parseRow(line));
}

/**
 * Up to SEARCH_READ_BATCH customers written after (`afterXid`, `afterId`) in (change xid, id) order, and the
 * xmin of the statement's snapshot (what this read cannot see, the next one asks for).
 */
export async function searchRowsChangedAfter(
  db: Queryable,
  organisationId: number,
  after: { xid: number; id: number },
): Promise<{ xmin: number; rows: MirroredSearchRow[] }> {
  const { rows } = await db.query<{ xmin: number; line: string | null }>(CHANGED_ROWS, [
    organisationId,
    String(after.xid),
    String(after.id),
  ]);
  return {
    xmin: Number(rows[0]?.xmin),
    rows: rows.flatMap(({ line }) => (line === null ? [] : [parseRow(line)])),
  };
}
