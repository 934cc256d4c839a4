import { PAGE_SIZE } from '@/contract/pagination';
import type { Queryable } from '../../db/database';
import { pageOffset } from '../../pagination';
import { parseChangedSince } from '../../time';
import type { Client } from '../context';
import { type PreparedPage, preparedResponse } from '../prepared-responses';
import { changeVersion } from './change-counters';

/** What a paginated listing asks for: a 1-based page and an optional inclusive change filter. */
export interface PageFilter {
  page: number;
  changedSince?: Date | undefined;
}

export interface PageOf<Row> {
  total: number;
  rows: Row[];
}

/**
 * `changedSince` of a POST export: the body's value wins over the query parameter (the page URLs carry
 * the effective value, so following them repeats the same filter).
 */
export function effectiveChangedSince(body: string | undefined, query: string | undefined): string | undefined {
  return body ?? query;
}

export function toPageFilter(client: Client, page: number | undefined, changedSince: string | undefined): PageFilter {
  return {
    page: page ?? 1,
    changedSince: changedSince === undefined ? undefined : parseChangedSince(changedSince, client.timeZone),
  };
}

/**
 * A page of a listing prepared for the response (prepared-responses.ts): made by `build` under `key`, and
 * reused while the change counters of `changeKeys` stand still (change-counters.ts) — the page's queries
 * then do not run again, one small check of the counters does. Listed rows hold no holds: a page does not
 * lapse by itself, whatever the clock. `build` gets the version read, for the page's boundaries (pageRange):
 * one read of the counters per page, not one for the page and one for its boundaries.
 *
 * The first page of a `changedSince` filter is built every time, and not kept: its key names the reader's own
 * moment (a checkout's write-through, an incremental sync's last change), which readers seldom repeat, so the
 * check of the counters would be a round trip that almost never finds it; the page itself is one statement
 * (pageOfClientRows), total included.
 */
export async function preparedListingPage<Row>(
  db: Queryable,
  listing: { key: string; changeKeys: readonly string[]; filter: PageFilter },
  build: (version: string | undefined) => Promise<Omit<PreparedPage<Row>, 'bodies'>>,
): Promise<PreparedPage<Row>> {
  const { key, changeKeys, filter } = listing;
  if (filter.page === 1 && filter.changedSince) return { ...(await build(undefined)), bodies: new Map() };
  const version = await changeVersion(db, changeKeys);
  return preparedResponse(db, key, version, new Date(), async () => {
    const page = await build(version);
    // The text, plus room for the bodies made from it: a page's text, its gzip, the gateway's form and its gzip.
    return { value: { ...page, bodies: new Map() }, bytes: page.dataJson.length * 4 };
  });
}

/** How a listing is ordered: by a timestamp column, then by id, both in the same direction. */
export interface ListingSpec {
  table: string;
  columns: string;
  changedColumn: string;
  sortColumn: string;
  descending?: boolean;
  /**
   * The change counter that moves with every change of the listed rows (change-counters.ts). With it, the
   * listing's page boundaries are prepared once per version, and every page is one short index range
   * read, whatever its number; without it, a page is read with OFFSET.
   */
  changeKey?: (clientId: number) => string;
  /**
   * Columns read with each listed row in the same statement, written against the page's rows as `page` and the
   * client's parameter `client` (e.g. an order's lines): a page is then one statement, not one for the rows and
   * one for what they carry.
   */
  attached?: (client: string) => string;
}

/**
 * One page of a client's rows plus the total, in a stable order (it ends in `id`, so rows with equal
 * timestamps never swap between pages). Table and column names are constants of the callers.
 *
 * With OFFSET, page n reads and skips (n − 1) × 100 rows, so walking all pages of 100,000 customers costs
 * the square of that. With a change key, the boundaries — the sort key of each page's first row — and the
 * total are read once (one pass over the index) and kept while the counter stands still; a page is then
 * `(sort, id) >= its boundary … limit 100`. `version`: one the caller read already, of the change key's counter
 * among others (see pageRange).
 */
export async function pageOfClientRows<Row>(
  db: Queryable,
  spec: ListingSpec,
  clientId: number,
  filter: PageFilter,
  version?: string,
): Promise<PageOf<Row>> {
  const selection = clientSelection(spec, clientId, filter);
  if (spec.changeKey && filter.page === 1) {
    const { rows } = await db.query<Row & { listing_total: number }>(
      withAttached(
        spec,
        `select ${spec.columns}, ${totalOf(spec, selection)} as listing_total
           from ${spec.table} where ${selection.where} ${selection.orderBy} limit ${PAGE_SIZE}`,
      ),
      selection.params,
    );
    return { total: Number(rows[0]?.listing_total ?? 0), rows: rows.map(({ listing_total: _, ...row }) => row as Row) };
  }
  if (spec.changeKey) {
    const page = await pageRange(db, { ...spec, changeKey: spec.changeKey }, selection, filter, version);
    if (!page.range) return { total: page.total, rows: [] };
    const { rows } = await db.query<Row>(
      withAttached(
        spec,
        `select ${spec.columns} from ${spec.table} where ${page.range.where} ${selection.orderBy} limit ${PAGE_SIZE}`,
      ),
      page.range.params,
    );
    return { total: page.total, rows };
  }
  const { where, params, orderBy } = selection;
  // Independent queries: on a PostgreSQL pool they run side by side.
  const [counted, page] = await Promise.all([
    db.query<{ total: number }>(`select count(*)::int as total from ${spec.table} where ${where}`, params),
    db.query<Row>(
      withAttached(
        spec,
        `select ${spec.columns} from ${spec.table} where ${where} ${orderBy}
          limit ${PAGE_SIZE} offset ${pageOffset(filter.page)}`,
      ),
      params,
    ),
  ]);
  return { total: counted.rows[0]?.total ?? 0, rows: page.rows };
}

/**
 * A page's statement with the spec's attached columns (ListingSpec.attached), in the page's order. The client is
 * the selection's first parameter (clientSelection).
 */
function withAttached(spec: ListingSpec, pageSql: string): string {
  if (!spec.attached) return pageSql;
  return `select page.*, ${spec.attached('$1')} from (${pageSql}) page order by ${orderColumns(spec, 'page.')}`;
}

/** A page of rows as JSON text: the elements of its `data` array, without the brackets. */
export interface PageJson {
  total: number;
  rowCount: number;
  /** The rows' JSON texts joined by commas; empty for an empty page. */
  rowsJson: string;
}

/**
 * One page as `pageOfClientRows` would list it, but as JSON text joined by the database from `jsonColumn`, a
 * column that holds each row's JSON text. The page then comes back as a single value instead of a hundred
 * rows of many columns, which the driver would read and convert field by field (with PGlite, most of the
 * time of a page).
 */
export async function pageOfClientJson(
  db: Queryable,
  spec: Omit<ListingSpec, 'columns'> & { changeKey: (clientId: number) => string },
  clientId: number,
  filter: PageFilter,
  jsonColumn: string,
  version?: string,
): Promise<PageJson> {
  const selection = clientSelection(spec, clientId, filter);
  const orderBy = orderColumns(spec, 'page.');
  const pageJson = (range: { where: string; params: unknown[] }, total: string) =>
    db.query<{ row_count: number; rows_json: string | null; total: number }>(
      `select count(*)::int as row_count, string_agg(page.${jsonColumn}, ',' order by ${orderBy}) as rows_json,
              ${total} as total
         from (select id, ${spec.sortColumn}, ${jsonColumn} from ${spec.table}
                where ${range.where} ${selection.orderBy} limit ${PAGE_SIZE}) page`,
      range.params,
    );
  if (filter.page === 1) {
    const [row] = (await pageJson(selection, totalOf(spec, selection))).rows;
    return { total: Number(row?.total ?? 0), rowCount: row?.row_count ?? 0, rowsJson: row?.rows_json ?? '' };
  }
  const page = await pageRange(db, spec, selection, filter, version);
  if (!page.range) return { total: page.total, rowCount: 0, rowsJson: '' };
  const [row] = (await pageJson(page.range, '0')).rows;
  return { total: page.total, rowCount: row?.row_count ?? 0, rowsJson: row?.rows_json ?? '' };
}

/**
 * The first page needs no boundaries: it starts at the selection's first row, and its total is counted in the
 * same statement (an incremental sync's read, or a checkout's write-through, is one statement instead of two —
 * the boundaries of a filter that changes with every read are never used again). Later pages prepare them.
 */
function totalOf(spec: Omit<ListingSpec, 'columns'>, selection: ClientSelection): string {
  return `(select count(*)::int from ${spec.table} where ${selection.where})`;
}

/** The client's rows that a listing shows (before paging), and their order. */
interface ClientSelection {
  where: string;
  params: unknown[];
  orderBy: string;
}

function clientSelection(spec: Omit<ListingSpec, 'columns'>, clientId: number, filter: PageFilter): ClientSelection {
  const params: unknown[] = [clientId];
  let where = 'client_id = $1';
  if (filter.changedSince) {
    params.push(filter.changedSince);
    where += ` and ${spec.changedColumn} >= $2`;
  }
  return { where, params, orderBy: `order by ${orderColumns(spec, '')}` };
}

const orderColumns = (spec: Omit<ListingSpec, 'columns'>, prefix: string) =>
  `${prefix}${spec.sortColumn} ${direction(spec)}, ${prefix}id ${direction(spec)}`;

/**
 * The total, and where the asked page's rows are: from its prepared boundary on (the first `PAGE_SIZE` rows
 * of the selection there). No range: the page is past the last. `version`: the boundaries are kept under it
 * instead of a read of their own key's counter — any version whose keys include that one moves whenever the
 * boundaries may, and was read before them as well (a prepared page reads its own before building).
 */
async function pageRange(
  db: Queryable,
  spec: Omit<ListingSpec, 'columns'> & { changeKey: (clientId: number) => string },
  selection: ClientSelection,
  filter: PageFilter,
  version: string | undefined,
): Promise<{ total: number; range: { where: string; params: unknown[] } | null }> {
  const { where, params } = selection;
  const changeKey = spec.changeKey(params[0] as number);
  const bounds = await pageBoundaries(db, spec, { changeKey, version }, selection, filter);
  const start = bounds.starts[filter.page - 1];
  if (!start) return { total: bounds.total, range: null };
  const from = params.length + 1;
  return {
    total: bounds.total,
    range: {
      where: `${where} and (${spec.sortColumn}, id) ${spec.descending ? '<=' : '>='} ($${from}::timestamptz, $${from + 1}::int)`,
      params: [...params, start.sortKey, start.id],
    },
  };
}

const direction = (spec: Omit<ListingSpec, 'columns'>) => (spec.descending ? 'desc' : 'asc');

interface PageStart {
  /** The first row's sort timestamp as PostgreSQL prints it (microseconds and offset kept, unlike a Date). */
  sortKey: string;
  id: number;
}

async function pageBoundaries(
  db: Queryable,
  spec: Omit<ListingSpec, 'columns'>,
  under: { changeKey: string; version: string | undefined },
  { where, params, orderBy }: ClientSelection,
  filter: PageFilter,
): Promise<{ total: number; starts: PageStart[] }> {
  // Read before the rows, so a change committed in between only makes the boundaries look older.
  const version = under.version ?? (await changeVersion(db, [under.changeKey]));
  const key = `page-starts:${spec.table}:${spec.sortColumn}:${direction(spec)}:${params[0]}:${filter.changedSince?.getTime() ?? ''}`;
  // Rows hold no holds: the boundaries do not lapse by themselves, whatever the clock.
  return preparedResponse(db, key, version, new Date(), async () => {
    const { rows } = await db.query<{ sort_key: string; id: number; total: number }>(
      // The key is printed for the boundary rows only, not for each row numbered.
      `select sort_key::text as sort_key, id, total from (
         select ${spec.sortColumn} as sort_key, id,
                row_number() over (${orderBy}) as position, count(*) over () as total
           from ${spec.table} where ${where}) numbered
        where position % ${PAGE_SIZE} = 1
        order by position`,
      params,
    );
    const starts = rows.map((row) => ({ sortKey: row.sort_key, id: Number(row.id) }));
    return { value: { total: Number(rows[0]?.total ?? 0), starts }, bytes: 64 + starts.length * 64 };
  });
}

/** The client's valid customer tags (`GET /partner/export/clienttypes`), alphabetical. */
export async function listClientTypes(db: Queryable, clientId: number): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('select name from client_tags where client_id = $1 order by name', [
    clientId,
  ]);
  return rows.map((row) => row.name);
}
