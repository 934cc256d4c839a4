import type { Logger } from 'pino';
import type { OptinState } from '@/contract/customer-prefs';
import {
  type BuyerLookupAnswer,
  type BuyerMatch,
  buyerSummaryOf,
  CUSTOMER_LOOKUP_LIMIT,
  CUSTOMER_MATCHES_MAX,
  CUSTOMER_PAGE_SIZE,
  type CustomerMatches,
  type CustomerSearchPage,
  type CustomerSearchParams,
  type CustomerTagCounts,
  type EmailCheck,
} from '@/contract/customer-search';
import type { Queryable } from '../../db/database';
import { mergedInto } from '../duplicates';
import { mirroredCustomers } from '../mirror';
import type { UpstreamClient } from '../upstream';
import type { CustomerDirectories, CustomerDirectory, DirectoryQuery } from './customer-directory';
import { checkEmailUpstream } from './email-check';

/** Who searches: their organisation, and their client to the service for the exact-email check. */
export interface Searcher {
  organisationId: number;
  upstream: () => UpstreamClient;
}

const EXACT_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function directoryQuery(params: CustomerSearchParams, offset: number, limit: number): DirectoryQuery {
  return {
    text: params.q ?? '',
    tag: params.tag,
    optin: params.optin as OptinState | undefined,
    since: params.since,
    sort: params.sort ? { column: params.sort, descending: params.dir === 'desc' } : null,
    offset,
    limit,
  };
}

/** Ids of a page with the customer the service found by email first (on the first page of a ranked search). */
function firstFound(ids: number[], found: number | undefined, firstPage: boolean, perPage: number): number[] {
  if (found === undefined || !firstPage) return ids;
  return [found, ...ids.filter((id) => id !== found)].slice(0, perPage);
}

/**
 * Customer search from the gateway's mirror (issue 21): the directory of the organisation finds the ids, the
 * mirror gives their customers. While the process's first read of the mirror goes on, a search throws
 * SearchStarting (503, Retry-After).
 */
export class CustomerSearchService {
  constructor(
    private readonly db: Queryable,
    private readonly directories: CustomerDirectories,
    private readonly log: Logger,
  ) {}

  /** A page of the customer list: ranked by the text unless sorted, the one found by exact email first. */
  async page(searcher: Searcher, params: CustomerSearchParams): Promise<CustomerSearchPage> {
    const perPage = params.perPage ?? CUSTOMER_PAGE_SIZE;
    const page = params.page ?? 1;
    const { directory, emailCheck, found } = await this.#searchable(searcher, params.q);
    const answer = directory.query(directoryQuery(params, (page - 1) * perPage, perPage));
    const ids = firstFound(answer.customerIds, found, !params.sort && page === 1, perPage);
    const [customers, merged] = await Promise.all([
      mirroredCustomers(this.db, searcher.organisationId, ids),
      mergedInto(this.db, searcher.organisationId, ids),
    ]);
    return {
      data: ids.flatMap((id) => customers.get(id) ?? []),
      total: answer.total,
      page,
      perPage,
      lastPage: Math.max(1, Math.ceil(answer.total / perPage)),
      ...(emailCheck ? { emailCheck } : {}),
      ...(merged.size > 0 ? { mergedInto: Object.fromEntries(merged) } : {}),
    };
  }

  /** Every match (up to CUSTOMER_MATCHES_MAX) with the fields a bulk action needs. */
  async matches(organisationId: number, params: CustomerSearchParams): Promise<CustomerMatches> {
    const directory = await this.directories.current(organisationId);
    const answer = directory.query(directoryQuery(params, 0, CUSTOMER_MATCHES_MAX));
    const customers = await mirroredCustomers(this.db, organisationId, answer.customerIds);
    return {
      data: answer.customerIds.flatMap((id) => {
        const customer = customers.get(id);
        if (!customer) return [];
        const { customerId, customerFirstName, customerPreposition, customerLastName, email } = customer;
        return [{ customerId, customerFirstName, customerPreposition, customerLastName, email }];
      }),
      total: answer.total,
      truncated: answer.total > CUSTOMER_MATCHES_MAX,
    };
  }

  async tagCounts(organisationId: number): Promise<CustomerTagCounts> {
    const directory = await this.directories.current(organisationId);
    return { data: directory.tagCounts() };
  }

  /** The box office's buyer lookup: the few fields its picker shows, never more than a handful of matches. */
  async lookup(searcher: Searcher, q: string): Promise<BuyerLookupAnswer> {
    const { directory, emailCheck, found } = await this.#searchable(searcher, q);
    const answer = directory.query({ text: q, offset: 0, limit: CUSTOMER_LOOKUP_LIMIT });
    const ids = firstFound(answer.customerIds, found, true, CUSTOMER_LOOKUP_LIMIT);
    const [customers, merged] = await Promise.all([
      mirroredCustomers(this.db, searcher.organisationId, ids),
      mergedInto(this.db, searcher.organisationId, ids),
    ]);
    const matches = ids.flatMap((id): BuyerMatch[] => {
      const customer = customers.get(id);
      const keptId = merged.get(id);
      return customer ? [{ ...buyerSummaryOf(customer), ...(keptId ? { mergedInto: keptId } : {}) }] : [];
    });
    return {
      // A record merged away after the others: the seller reads the one kept first.
      data: [...matches.filter((match) => !match.mergedInto), ...matches.filter((match) => match.mergedInto)],
      total: answer.total,
      ...(emailCheck ? { emailCheck } : {}),
    };
  }

  /**
   * The organisation's directory, caught up with the mirror; when the text is an exact email, the service is
   * asked too (findByEmail), and a customer it knows is written into the mirror first, so that one created
   * elsewhere a moment ago is found (and put first, see firstFound).
   */
  async #searchable(
    searcher: Searcher,
    q: string | undefined,
  ): Promise<{ directory: CustomerDirectory; emailCheck?: EmailCheck; found?: number }> {
    const email = q && EXACT_EMAIL.test(q) ? q : null;
    if (!email) return { directory: await this.directories.current(searcher.organisationId) };
    const check = await checkEmailUpstream(this.db, this.log, searcher.upstream(), email);
    // After the check, so that a customer it wrote into the mirror is read with everything else.
    const directory = await this.directories.current(searcher.organisationId);
    return {
      directory,
      emailCheck: check.result,
      ...(check.customerId !== undefined ? { found: check.customerId } : {}),
    };
  }
}
