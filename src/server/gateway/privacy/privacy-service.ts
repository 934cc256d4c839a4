import {
  type AnonymiseOutcome,
  type PrivacySettings,
  RETENTION_PAGE_SIZE,
  RETENTION_SELECT_MAX,
  type RetentionBatchAnswer,
  type RetentionIds,
  type RetentionPage,
  type SubjectAccessPackage,
} from '@/contract/privacy';
import type { Database, Queryable } from '../../db/database';
import type { RequestAuditEntry } from '../audit';
import { type CustomerJobActions, createCustomerJob } from '../customer-jobs';
import type { CustomerDirectories } from '../customer-search';
import { NotFoundError, ValidationError } from '../errors';
import { ordersOfCustomer } from '../mirror';
import type { Principal } from '../principal';
import type { SegmentFactsDirectories } from '../segments';
import type { UpstreamClient } from '../upstream';
import { anonymiseFoyerRecords, anonymiseInService, serviceCustomer } from './anonymise';
import {
  countRetentionCandidates,
  proposedAmong,
  retentionCandidateIds,
  retentionCandidates,
  retentionYearsOf,
  setRetentionYears,
} from './privacy-store';
import { subjectAccessPackage } from './subject-access';

/** The person asking, as the privacy service sees them: their upstream client and their request's audit entry. */
export interface PrivacyRequester {
  principal: Principal;
  upstream(): UpstreamClient;
  audit(db: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

export interface PrivacyServiceDeps {
  db: Database;
  customerDirectories: CustomerDirectories;
  segmentFacts: SegmentFactsDirectories;
  /** The customer jobs' actions (anonymise among them) and their runner, woken when a batch is handed over. */
  customerJobActions: CustomerJobActions;
  customerJobs: { poke(): void };
}

/** The moment `years` years before `now`. */
export function retentionCutoff(years: number, now = new Date()): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

const nameOf = (body: Record<string, unknown>) =>
  [body.customerFirstName, body.customerPreposition, body.customerLastName]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(' ');

/**
 * Privacy requests: a customer's subject-access package, anonymising a customer, and the retention list with
 * its batches. Every request is audited: who asked for which package, who anonymised whom (field names and
 * counts only: the entry must not keep what was erased), who changed the retention period, who started a batch.
 */
export class PrivacyService {
  constructor(private readonly deps: PrivacyServiceDeps) {}

  async package(who: PrivacyRequester, customerId: number, format: 'json' | 'html'): Promise<SubjectAccessPackage> {
    const { db } = this.deps;
    const pack = await subjectAccessPackage(db, who.upstream(), {
      customerId,
      requestedBy: who.principal.displayName || who.principal.email,
    });
    await who.audit(db, {
      action: 'privacy-package',
      customerId,
      status: 200,
      details: { format, orders: pack.orders.length, auditEntries: pack.auditEntries.length },
    });
    return pack;
  }

  /**
   * Anonymises one customer: the service's record first (the one that counts), then the mirror's row, the desk
   * notes and the audit entry in one transaction, then this process's search. `confirmation` is the customer's
   * email as the person typed it: the customer on the screen is the one erased.
   */
  async anonymise(who: PrivacyRequester, customerId: number, confirmation: string): Promise<AnonymiseOutcome> {
    const { db } = this.deps;
    const upstream = who.upstream();
    const current = await serviceCustomer(upstream, customerId);
    if (!current) throw new NotFoundError('No such customer');
    if (
      String(current.email ?? '')
        .trim()
        .toLowerCase() !== confirmation.trim().toLowerCase()
    ) {
      throw ValidationError.field('confirmation', "Type the customer's email address exactly to confirm.");
    }
    const done = await anonymiseInService(upstream, current);
    const organisationId = who.principal.organisationId;
    const outcome = await db.transaction(async (tx) => {
      const { notesDeleted, flagsRemoved } = await anonymiseFoyerRecords(tx, organisationId, done.customer);
      const ordersKept = (await ordersOfCustomer(tx, organisationId, customerId)).length;
      const result: AnonymiseOutcome = {
        customerId,
        fieldsCleared: done.fieldsCleared,
        tagsRemoved: done.tagsRemoved,
        notesDeleted,
        flagsRemoved,
        ordersKept,
      };
      const { customerId: _id, ...details } = result;
      await who.audit(tx, { action: 'anonymise', customerId, status: 200, details });
      return result;
    });
    // What this process holds of the customer in memory goes at once, not at the next search or count.
    await this.deps.customerDirectories.catchUp(organisationId);
    await this.deps.segmentFacts.catchUp(organisationId);
    return outcome;
  }

  async settings(who: PrivacyRequester): Promise<PrivacySettings> {
    return { retentionYears: await retentionYearsOf(this.deps.db, who.principal.organisationId) };
  }

  async updateSettings(who: PrivacyRequester, settings: PrivacySettings): Promise<PrivacySettings> {
    await this.deps.db.transaction(async (tx) => {
      const before = await setRetentionYears(tx, who.principal.organisationId, settings.retentionYears);
      await who.audit(tx, {
        action: 'privacy-settings',
        status: 200,
        details: { retentionYears: { old: before, new: settings.retentionYears } },
      });
    });
    return settings;
  }

  async retentionPage(who: PrivacyRequester, page: number): Promise<RetentionPage> {
    const { db } = this.deps;
    const organisationId = who.principal.organisationId;
    const retentionYears = await retentionYearsOf(db, organisationId);
    const cutoff = retentionCutoff(retentionYears);
    const [total, rows] = await Promise.all([
      countRetentionCandidates(db, organisationId, cutoff),
      retentionCandidates(db, organisationId, cutoff, {
        limit: RETENTION_PAGE_SIZE,
        offset: (page - 1) * RETENTION_PAGE_SIZE,
      }),
    ]);
    return {
      retentionYears,
      cutoff: cutoff.toISOString(),
      total,
      page,
      perPage: RETENTION_PAGE_SIZE,
      lastPage: Math.max(1, Math.ceil(total / RETENTION_PAGE_SIZE)),
      data: rows.map((row) => ({
        customerId: Number(row.customer_id),
        name: nameOf(row.body),
        email: String(row.body.email ?? ''),
        city: String(row.body.customerCity ?? ''),
        lastChanged: new Date(row.last_changed).toISOString(),
        lastOrderAt: row.last_order_at ? new Date(row.last_order_at).toISOString() : null,
        orders: row.orders,
      })),
    };
  }

  async retentionIds(who: PrivacyRequester): Promise<RetentionIds> {
    const { db } = this.deps;
    const organisationId = who.principal.organisationId;
    const cutoff = retentionCutoff(await retentionYearsOf(db, organisationId));
    const [total, ids] = await Promise.all([
      countRetentionCandidates(db, organisationId, cutoff),
      retentionCandidateIds(db, organisationId, cutoff, RETENTION_SELECT_MAX),
    ]);
    return { ids, total, truncated: total > ids.length };
  }

  /**
   * Hands a batch of proposed customers to the customer jobs, which anonymise them in the background
   * (anonymise-action.ts). Refuses customers the list does not propose (any more): a batch cannot erase
   * someone who ordered since the list was shown.
   */
  async startBatch(who: PrivacyRequester, customerIds: readonly number[]): Promise<RetentionBatchAnswer> {
    const { db } = this.deps;
    const organisationId = who.principal.organisationId;
    const unique = [...new Set(customerIds)];
    const cutoff = retentionCutoff(await retentionYearsOf(db, organisationId));
    const proposed = await proposedAmong(db, organisationId, cutoff, unique);
    const refused = unique.filter((id) => !proposed.has(id));
    if (refused.length > 0) {
      throw ValidationError.field(
        'customerIds',
        `Not proposed by the retention list (any more): ${refused.slice(0, 20).join(', ')}${refused.length > 20 ? ' …' : ''}`,
      );
    }
    const answer = await db.transaction(async (tx) => {
      const jobId = await createCustomerJob(tx, this.deps.customerJobActions, {
        organisationId,
        kind: 'anonymise',
        params: {},
        origin: 'retention',
        originId: null,
        by: who.principal,
        items: unique.map((customerId) => ({ customerId, action: 'anonymise' })),
      });
      await who.audit(tx, {
        action: 'anonymise',
        status: 202,
        details: { jobId, customers: unique.length, customerIds: unique },
      });
      return { jobId, customers: unique.length };
    });
    this.deps.customerJobs.poke();
    return answer;
  }
}
