import type { Queryable } from '../db/database';
import { prefixDistance, queryTerms } from '../gateway/customer-search';

/**
 * The database's candidate for the customer search (issue 21 asked to choose by measurement): PostgreSQL full
 * text search with `unaccent`, prefix queries and a typo pass over the organisation's vocabulary
 * (`fuzzystrmatch`), shared by every instance with nothing in a process's memory. Measured against the
 * gateway's own index by search-bench.ts; the index won (README.md of gateway/customer-search), so this lives
 * here, with the benchmark, as the other half of that comparison.
 *
 * Same semantics as the index, as far as SQL gives them: every word of the query must match a token of the
 * customer (prefix, or within one typo from 4 letters, two from 8 — a swap counts as one), tokens as the index
 * makes them (name words, email whole and its words, phone digits national and raw, zip without spaces, city,
 * tags, ids), weights per field in the four classes tsvector has (A: last name, id, whole email; B: first
 * name, phone, zip, external id; C: email words, city, tags; D: preposition), typo matches ranked below.
 */

/** Tokens as the index makes them, from a mirror row (`m`), grouped by weight class. */
const TOKENS = {
  A: `array_remove(regexp_split_to_array(lower(unaccent(m.body->>'customerLastName')), '[^[:alnum:]]+'), '')
      || array[(m.customer_id)::text, lower(m.email)]`,
  B: `array_remove(regexp_split_to_array(lower(unaccent(m.body->>'customerFirstName')), '[^[:alnum:]]+'), '')
      || array_remove(array[
           regexp_replace(regexp_replace(regexp_replace(m.body->>'customerPhone', '[^0-9+]', '', 'g'),
             '^(\\+31|0031)', '0'), '[^0-9]', '', 'g'),
           regexp_replace(m.body->>'customerPhone', '[^0-9]', '', 'g'),
           lower(regexp_replace(m.body->>'customerZip', '\\s', '', 'g')),
           lower(m.body->>'customerExternalId')], '')
      || regexp_split_to_array(lower(unaccent(coalesce(m.body->>'customerExternalId', ''))), '[^[:alnum:]]+')`,
  C: `array_remove(regexp_split_to_array(lower(unaccent(m.email)), '[^[:alnum:]]+'), '')
      || array_remove(regexp_split_to_array(lower(unaccent(m.body->>'customerCity')), '[^[:alnum:]]+'), '')
      || array_remove(regexp_split_to_array(lower(unaccent(array_to_string(m.tags, ' '))), '[^[:alnum:]]+'), '')`,
  D: `array_remove(regexp_split_to_array(lower(unaccent(m.body->>'customerPreposition')), '[^[:alnum:]]+'), '')`,
};

/** A tsvector of one class's tokens (without the empty and missing ones), weighted. */
const weighted = (tokens: string, weight: string) =>
  `setweight(array_to_tsvector(array_remove(array_remove(${tokens}, ''), null)), '${weight}')`;

const DOCUMENT = [
  weighted(TOKENS.A, 'A'),
  weighted(TOKENS.B, 'B'),
  weighted(TOKENS.C, 'C'),
  weighted(TOKENS.D, 'D'),
].join(' || ');

/** The extensions, tables and indexes of the candidate; built from the mirror (what a migration would do). */
export async function buildSqlCandidate(db: Queryable, organisationId: number): Promise<void> {
  await db.exec(`
    create extension if not exists unaccent;
    create extension if not exists fuzzystrmatch;
    create schema if not exists search_candidate;
    drop table if exists search_candidate.documents;
    drop table if exists search_candidate.vocabulary;
    create table search_candidate.documents (
      organisation_id bigint not null,
      customer_id bigint not null,
      document tsvector not null,
      primary key (organisation_id, customer_id));
    create table search_candidate.vocabulary (
      organisation_id bigint not null,
      word text not null,
      primary key (organisation_id, word));`);
  await db.query(
    `insert into search_candidate.documents
     select m.organisation_id, m.customer_id, ${DOCUMENT} from gateway.mirror_customers m where m.organisation_id = $1`,
    [organisationId],
  );
  await db.exec('create index on search_candidate.documents using gin (document)');
  // The words a typo may have meant: letters only, three or more (as the index's typo pass).
  await db.query(
    `insert into search_candidate.vocabulary
     select distinct $1::bigint, word from search_candidate.documents, unnest(tsvector_to_array(document)) as word
      where organisation_id = $1 and length(word) >= 3 and word !~ '[0-9[:punct:][:space:]]'`,
    [organisationId],
  );
  await db.exec('analyze search_candidate.documents; analyze search_candidate.vocabulary');
}

const ALPHABETIC = /^\p{L}+$/u;

/** A tsquery lexeme, quoted. */
const lexeme = (word: string) => `'${word.replace(/'/g, "''")}'`;

/**
 * The words of the vocabulary within the typos allowed of `term`'s prefix: fuzzystrmatch's Levenshtein picks
 * candidates (a swap counts two there), the index's own measure (swaps as one) decides.
 */
async function typoWords(db: Queryable, organisationId: number, term: string): Promise<string[]> {
  const max = term.length >= 8 ? 2 : 1;
  const { rows } = await db.query<{ word: string }>(
    `select word from search_candidate.vocabulary
      where organisation_id = $1
        and least(levenshtein_less_equal($2, left(word, $3), $4), levenshtein_less_equal($2, left(word, $3 + 1), $4),
                  levenshtein_less_equal($2, left(word, $3 - 1), $4)) <= $4`,
    [organisationId, term, term.length, max + 1],
  );
  const scratch = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
  return rows
    .map((row) => row.word)
    .filter((word) => {
      const distance = prefixDistance(term, word, max, scratch);
      return distance >= 1 && distance <= max;
    });
}

export interface SqlSearchAnswer {
  total: number;
  customerIds: number[];
}

/** One search: matches of every term (prefix or typo), ranked, one page of ids and the count. */
export async function sqlSearch(
  db: Queryable,
  organisationId: number,
  text: string,
  offset: number,
  limit: number,
): Promise<SqlSearchAnswer> {
  const terms = queryTerms(text);
  if (terms.length === 0) return { total: 0, customerIds: [] };
  const matchParts: string[] = [];
  const rankParts: string[] = [];
  for (const term of terms) {
    const typos = term.length >= 4 && ALPHABETIC.test(term) ? await typoWords(db, organisationId, term) : [];
    const exact = `${lexeme(term)}:*`;
    const fuzzy = typos.map(lexeme).join(' | ');
    matchParts.push(fuzzy ? `(${exact} | ${fuzzy})` : exact);
    // Exact and prefix matches rank by their field's weight; a typo match at a third of it (as the index).
    rankParts.push(`ts_rank(document, ${sqlText(exact)}::tsquery)`);
    if (fuzzy) rankParts.push(`0.3 * ts_rank(document, ${sqlText(fuzzy)}::tsquery)`);
  }
  const { rows } = await db.query<{ id: string; total: string }>(
    `select customer_id::text as id, count(*) over ()::text as total
       from search_candidate.documents
      where organisation_id = $1 and document @@ $2::tsquery
      order by ${rankParts.join(' + ')} desc, customer_id
      limit $3 offset $4`,
    [organisationId, matchParts.join(' & '), limit, offset],
  );
  return { total: Number(rows[0]?.total ?? 0), customerIds: rows.map((row) => Number(row.id)) };
}

/** A string literal for SQL text built here (the rank expressions; the values come from queryTerms). */
const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
