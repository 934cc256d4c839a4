import type { Customer } from '@/contract/customer';
import { buyerSummaryOf } from '@/contract/customer-search';
import {
  DUPLICATE_PAGE_SIZE,
  DUPLICATE_TAG_NAMES,
  type DuplicateCompare,
  type DuplicateMergeResult,
  type DuplicatePair,
  type DuplicatePairSide,
  type DuplicateQueue,
  type DuplicateQueueQuery,
  fieldsToCopy,
} from '@/contract/duplicates';
import { LIKELY_DUPLICATES_MAX, type LikelyDuplicates, type LikelyDuplicatesDraft } from '@/contract/likely-duplicates';
import type { Database, Queryable } from '../../db/database';
import type { RequestAuditEntry } from '../audit';
import { addCustomerNote } from '../customer-notes';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { mirroredCustomers, upsertCustomers } from '../mirror';
import type { Principal } from '../principal';
import type { AppLanguage } from '../static-app';
import type { UpstreamClient } from '../upstream';
import { draftMatches } from './duplicate-pairs-store';
import {
  decidePair,
  dropOpenPairsOf,
  findPair,
  openPairs,
  requestFullScan,
  type StoredPair,
  scanStatus,
} from './duplicates-store';

/** The person asking: who they are, their way to the service, and the audit entry of their request. */
export interface DuplicateCaller {
  principal: Principal;
  upstream(): UpstreamClient;
  audit(tx: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

/** The tags of a Customer (`customerTags`: comma-separated, or null; an array from a lenient service). */
function tagsOf(customer: Customer): string[] {
  const raw = customer.customerTags as string | string[] | null;
  const list = Array.isArray(raw) ? raw : (raw ?? '').split(',');
  return list.map((tag) => tag.trim()).filter(Boolean);
}

function sideOf(customerId: number, customer: Customer | undefined): DuplicatePairSide {
  const name = customer
    ? [customer.customerFirstName, customer.customerPreposition, customer.customerLastName].filter(Boolean).join(' ')
    : '';
  return {
    customerId,
    name,
    email: customer?.email ?? '',
    phone: customer?.customerPhone ?? '',
    zip: customer?.customerZip ?? '',
    city: customer?.customerCity ?? '',
  };
}

/** The note left on the record merged away, for the people reading its notes at the desk and in the back office. */
function mergeNoteText(language: AppLanguage, keptCustomerId: number, mergedBy: string): string {
  return language === 'en'
    ? `Duplicate of customer ${keptCustomerId}; merged into it by ${mergedBy}. Orders stay on this record.`
    : `Dubbel van klant ${keptCustomerId}; daarin samengevoegd door ${mergedBy}. De bestellingen blijven op deze klant.`;
}

/**
 * The review queue: open pairs by score, the two records of a pair side by side, and the two decisions —
 * "not the same" (remembered for good) and "same" (a merge through the service's API: the kept record gets
 * the fields it lacks, the other is tagged and noted as its duplicate, both are audited). Orders stay where
 * they are: the interface cannot move them between customers.
 */
export class DuplicateService {
  constructor(private readonly db: Database) {}

  /**
   * The customers a customer about to be created may already be (the form warns before it is saved), from the
   * mirror's keys: what the scan would propose once it exists, named as the buyer picker names a customer.
   */
  async likelyDuplicates(organisationId: number, draft: LikelyDuplicatesDraft): Promise<LikelyDuplicates> {
    const matches = await draftMatches(this.db, organisationId, draft, LIKELY_DUPLICATES_MAX);
    const customers = await mirroredCustomers(
      this.db,
      organisationId,
      matches.map((match) => match.customerId),
    );
    return {
      data: matches.flatMap((match) => {
        const customer = customers.get(match.customerId);
        return customer ? [{ ...buyerSummaryOf(customer), score: match.score, reasons: match.reasons }] : [];
      }),
    };
  }

  async queue(organisationId: number, query: DuplicateQueueQuery): Promise<DuplicateQueue> {
    const perPage = DUPLICATE_PAGE_SIZE;
    const [{ pairs, total }, scan] = await Promise.all([
      openPairs(this.db, organisationId, { reason: query.reason, limit: perPage, offset: (query.page - 1) * perPage }),
      scanStatus(this.db, organisationId),
    ]);
    const customers = await mirroredCustomers(
      this.db,
      organisationId,
      pairs.flatMap((pair) => [pair.customerA, pair.customerB]),
    );
    return {
      data: pairs.map((pair) => this.#pairView(pair, customers)),
      page: query.page,
      perPage,
      total,
      lastPage: Math.max(1, Math.ceil(total / perPage)),
      scan,
    };
  }

  /** The pair of `a` and `b` with both records from the mirror, and the tag a merge would give. */
  async compare(caller: DuplicateCaller, a: number, b: number): Promise<DuplicateCompare> {
    const { organisationId } = caller.principal;
    const pair = await this.#pair(organisationId, a, b);
    const customers = await mirroredCustomers(this.db, organisationId, [pair.customerA, pair.customerB]);
    const recordA = customers.get(pair.customerA);
    const recordB = customers.get(pair.customerB);
    if (!recordA || !recordB) throw new NotFoundError('A customer of this pair is no longer in the mirror.');
    return {
      pair: { ...this.#pairView(pair, customers), state: pair.state },
      a: recordA,
      b: recordB,
      duplicateTag: await this.#duplicateTag(caller.upstream()),
    };
  }

  async markNotSame(caller: DuplicateCaller, a: number, b: number): Promise<void> {
    const { principal } = caller;
    const pair = await this.#pair(principal.organisationId, a, b);
    await this.db.transaction(async (tx) => {
      const decided = await decidePair(
        tx,
        principal.organisationId,
        { a, b },
        { state: 'not_same', accountId: principal.accountId },
      );
      if (!decided) throw new ConflictError('This pair was already decided.');
      for (const [customerId, otherId] of [
        [pair.customerA, pair.customerB],
        [pair.customerB, pair.customerA],
      ] as const) {
        await caller.audit(tx, {
          action: 'duplicate-not-same',
          status: 204,
          customerId,
          details: { otherCustomerId: otherId, score: pair.score, reasons: pair.reasons },
        });
      }
    });
  }

  /**
   * Merges the pair into `keep`: the fields the kept record lacks are copied from the other with one PUT (only
   * those fields are sent, so the kept record's own values stay), the other's tags are added to the kept one and
   * the other gets the organisation's duplicate tag (both only with tags:write), the other is noted as a
   * duplicate of the kept one (in `language`, the merging person's), both records are written into the mirror
   * and audited, the pair is closed.
   */
  async merge(
    caller: DuplicateCaller,
    a: number,
    b: number,
    keep: number,
    language: AppLanguage,
  ): Promise<DuplicateMergeResult> {
    const { principal } = caller;
    const { organisationId } = principal;
    const pair = await this.#pair(organisationId, a, b);
    if (pair.state !== 'open') throw new ConflictError('This pair was already decided.');
    if (keep !== pair.customerA && keep !== pair.customerB) {
      throw ValidationError.field('keep', 'Choose one of the two records to keep.');
    }
    const otherId = keep === pair.customerA ? pair.customerB : pair.customerA;
    const upstream = caller.upstream();
    let kept = await readCustomer(upstream, keep);
    let other = await readCustomer(upstream, otherId);
    const copiedFields = fieldsToCopy(kept, other);
    if (copiedFields.length > 0) {
      const body = Object.fromEntries(copiedFields.map((field) => [field, other[field]]));
      kept = await putCustomer(upstream, keep, body);
    }
    const mayTag = principal.permissions.includes('tags:write');
    let addedTags: string[] = [];
    let taggedAs: string | null = null;
    if (mayTag) {
      const keptTags = tagsOf(kept);
      addedTags = tagsOf(other).filter((tag) => !keptTags.includes(tag));
      const duplicateTag = await this.#duplicateTag(upstream);
      addedTags = addedTags.filter((tag) => tag !== duplicateTag);
      if (addedTags.length > 0) kept = await setTags(upstream, keep, [...keptTags, ...addedTags]);
      if (duplicateTag && !tagsOf(other).includes(duplicateTag)) {
        other = await setTags(upstream, otherId, [...tagsOf(other), duplicateTag]);
      }
      if (duplicateTag) taggedAs = duplicateTag;
    }
    await this.db.transaction(async (tx) => {
      await upsertCustomers(tx, organisationId, [kept, other]);
      const decided = await decidePair(
        tx,
        organisationId,
        { a, b },
        { state: 'merged', accountId: principal.accountId, keptCustomerId: keep },
      );
      if (!decided) throw new ConflictError('This pair was already decided.');
      await dropOpenPairsOf(tx, organisationId, otherId);
      await addCustomerNote(tx, {
        organisationId,
        customerId: otherId,
        text: mergeNoteText(language, keep, principal.displayName),
        author: { accountId: principal.accountId, name: principal.displayName },
      });
      const details = { keptCustomerId: keep, otherCustomerId: otherId, score: pair.score, reasons: pair.reasons };
      await caller.audit(tx, {
        action: 'duplicate-merge',
        status: 200,
        customerId: keep,
        details: { ...details, role: 'kept', copiedFields, addedTags },
      });
      await caller.audit(tx, {
        action: 'duplicate-merge',
        status: 200,
        customerId: otherId,
        details: { ...details, role: 'duplicate', taggedAs },
      });
    });
    return { keptCustomerId: keep, otherCustomerId: otherId, copiedFields, addedTags, taggedAs };
  }

  async requestFullScan(organisationId: number): Promise<void> {
    await requestFullScan(this.db, organisationId);
  }

  async #pair(organisationId: number, a: number, b: number): Promise<StoredPair> {
    const pair = a === b ? null : await findPair(this.db, organisationId, a, b);
    if (!pair) throw new NotFoundError('No such pair of customers.');
    return pair;
  }

  #pairView(pair: StoredPair, customers: Map<number, Customer>): DuplicatePair {
    return {
      a: sideOf(pair.customerA, customers.get(pair.customerA)),
      b: sideOf(pair.customerB, customers.get(pair.customerB)),
      score: pair.score,
      reasons: pair.reasons,
      foundAt: pair.foundAt.toISOString(),
    };
  }

  /** The organisation's tag whose name is one of DUPLICATE_TAG_NAMES (case-insensitively), or null. */
  async #duplicateTag(upstream: UpstreamClient): Promise<string | null> {
    const list = await upstream.read('GET', '/partner/export/clienttypes');
    const tags = Array.isArray(list) ? list.filter((tag): tag is string => typeof tag === 'string') : [];
    for (const name of DUPLICATE_TAG_NAMES) {
      const found = tags.find((tag) => tag.trim().toLowerCase() === name.toLowerCase());
      if (found) return found;
    }
    return null;
  }
}

async function readCustomer(upstream: UpstreamClient, customerId: number): Promise<Customer> {
  const customer = await upstream.read('GET', `/partner/customer/${customerId}`, { missing: 'null' });
  if (!customer) throw new NotFoundError(`Customer ${customerId} no longer exists in the Ticketing Service.`);
  return customer as Customer;
}

/** `PUT /partner/customer/{id}` with only `body`'s fields (the service changes only those): the updated customer. */
async function putCustomer(upstream: UpstreamClient, customerId: number, body: Record<string, unknown>) {
  const answer = await upstream.send('PUT', `/partner/customer/${customerId}`, {
    headers: new Headers({ 'content-type': 'application/json', accept: 'application/json' }),
    body: JSON.stringify(body),
  });
  const json = (await answer.json().catch(() => null)) as Record<string, unknown> | null;
  if (!answer.ok) {
    const message = typeof json?.message === 'string' ? json.message : `answered ${answer.status}`;
    throw new ConflictError(`The Ticketing Service refused the merged record: ${message}`);
  }
  return json as Customer;
}

/** Replaces a customer's tags (`POST …/clienttypes` keeps only what it is sent) and reads the customer back. */
async function setTags(upstream: UpstreamClient, customerId: number, tags: string[]): Promise<Customer> {
  await upstream.read('POST', `/partner/customer/${customerId}/clienttypes`, { body: { clienttypes: tags } });
  return readCustomer(upstream, customerId);
}
