import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import type { Logger } from 'pino';
import { type Database, inBackground } from '../../db/database';
import { RepeatingWork } from '../../repeating-work';
import { recordAudit, recordAuditGrouped } from '../audit';
import type { Organisations } from '../connection';
import { UpstreamUnavailableError } from '../errors';
import type { ServiceConnection } from '../service-connection';
import { SINGLE_ATTEMPT, UpstreamClient } from '../upstream';
import { CallPacer } from './call-pacer';
import {
  type CustomerAuditEntry,
  type CustomerJobActions,
  type CustomerJobContext,
  isRetryable,
  ServiceAnswerError,
} from './customer-job-action';
import {
  claimRunnableJob,
  endRun,
  finishItem,
  itemCounts,
  markSending,
  noteItemError,
  type OpenItem,
  openItems,
  type StoredJob,
} from './customer-jobs-store';

export interface CustomerJobRunnerOptions {
  db: Database;
  service: ServiceConnection;
  organisations: Pick<Organisations, 'access' | 'openKey'>;
  actions: CustomerJobActions;
  log: Logger;
  /** CUSTOMER_JOB_CALLS_PER_SECOND: calls towards the service, over every job this process runs. */
  callsPerSecond?: number;
  /** Items in flight at once (each waits for its slot of the pacer). */
  concurrency?: number;
  /** How long a job stays this runner's without a sign of life (every item's mark renews it). */
  leaseSeconds?: number;
  /** Attempts per item before it counts as failed (a 429, a 5xx or no answer are tried again). */
  maxAttempts?: number;
  /** The first wait before another attempt; it doubles. */
  retryBaseMs?: number;
  /** How often the runner looks for jobs to run (besides `poke`). */
  intervalMs?: number;
  holder?: string;
}

/** The default pace: polite to a service that announces no limit (spec 8), and 10,000 tags in about 10 minutes. */
const DEFAULT_CALLS_PER_SECOND = 40;
const ITEM_BATCH = 200;

/** Why a run stopped before its items were done. */
type Stop = { reason: 'lease' } | { reason: 'stopping' } | { reason: 'refused' | 'error'; message: string };

/**
 * Runs the customer jobs, in whichever instance takes each first (a lease per job, claimRunnableJob), paced by
 * one CallPacer. An item is marked `sending` before its call and `done` (or `skipped`, `failed`) after; an item
 * found `sending` — its run died mid-call — is first checked with the action's `isApplied` (a read) and sent
 * again only when the change is not there. So a run killed half way and resumed makes every call once. The
 * audit gets one entry when a run starts and one when it ends (with the counts), and one per changed customer.
 */
export class CustomerJobRunner {
  readonly #options: CustomerJobRunnerOptions;
  readonly #holder: string;
  readonly #pacer: CallPacer;
  readonly #limit: ReturnType<typeof pLimit>;
  readonly #work: RepeatingWork;
  #stopping = false;

  constructor(options: CustomerJobRunnerOptions) {
    this.#options = options;
    this.#holder = options.holder ?? `${process.pid}-${randomUUID()}`;
    this.#pacer = new CallPacer(options.callsPerSecond ?? DEFAULT_CALLS_PER_SECOND);
    this.#limit = pLimit(options.concurrency ?? 4);
    this.#work = new RepeatingWork({
      intervalMs: options.intervalMs ?? 5000,
      round: () => this.#runRunnable(),
      onError: (error) => options.log.error({ err: error }, 'customer jobs failed'),
    });
  }

  start(): void {
    this.#stopping = false;
    this.#work.start();
  }

  /** Stops taking jobs; the run under way ends after the calls in flight and leaves its job to be taken again. */
  stop(): Promise<void> {
    this.#stopping = true;
    return this.#work.stop();
  }

  /** Looks for jobs now (after one was made or resumed), without waiting for it; only once started. */
  poke(): void {
    if (this.#work.started) this.#work.poke();
  }

  /** Runs every job this runner can take, one after the other; resolves with how many runs it made. */
  tick(): Promise<number> {
    return this.#work.run();
  }

  async #runRunnable(): Promise<number> {
    let ran = 0;
    while (!this.#stopping) {
      const job = await claimRunnableJob(this.#options.db, this.#holder, this.#leaseSeconds);
      if (!job) break;
      await inBackground(() => this.#run(job));
      ran += 1;
    }
    return ran;
  }

  get #leaseSeconds() {
    return this.#options.leaseSeconds ?? 120;
  }

  async #run(job: StoredJob): Promise<void> {
    const { db, log } = this.#options;
    const access = await this.#options.organisations.access(job.organisationId);
    if (!access) {
      await endRun(db, job.id, this.#holder, { state: 'failed', lastError: 'The organisation is not connected.' });
      return;
    }
    const upstream = UpstreamClient.forOrganisation(
      { service: this.#pacer.paced(this.#options.service), organisations: this.#options.organisations },
      access,
      undefined,
      { retry: SINGLE_ATTEMPT },
    );
    await this.#audit(job, 'start');
    const run: { stop: Stop | null } = { stop: null };
    const inFlight = new Set<Promise<void>>();
    for (let after = 0; !run.stop; ) {
      const items = await openItems(db, job.id, after, ITEM_BATCH);
      if (items.length === 0) break;
      after = items.at(-1)?.customerId ?? after;
      for (const item of items) {
        const handled: Promise<void> = this.#limit(() => this.#item(job, upstream, item, run))
          .catch((error: unknown) => {
            // The gateway's own failure (its database): the job stops here, and can be resumed.
            run.stop ??= { reason: 'error', message: error instanceof Error ? error.message : String(error) };
          })
          .finally(() => inFlight.delete(handled));
        inFlight.add(handled);
      }
      // The next items are read while these are still under way: a slow call holds its slot, not the run.
      while (this.#limit.pendingCount > ITEM_BATCH / 4 && !run.stop) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    const stop = run.stop as Stop | null;
    if (stop?.reason === 'lease' || stop?.reason === 'stopping') {
      // Paused, cancelled, taken over, or this process stopping: whoever runs it next goes on from here.
      await endRun(db, job.id, this.#holder, { state: null, lastError: null });
      log.info({ jobId: job.id, reason: stop.reason }, 'customer job run stopped');
      return;
    }
    const counts = (await itemCounts(db, [job.id])).get(job.id);
    const stopped = stop?.reason === 'refused' || stop?.reason === 'error' ? stop.message : null;
    const failed = stopped !== null || (counts?.failed ?? 0) > 0;
    const lastError = stopped ?? (failed ? `${counts?.failed} customers could not be changed.` : null);
    if (await endRun(db, job.id, this.#holder, { state: failed ? 'failed' : 'done', lastError })) {
      await this.#audit(job, 'finish');
    }
    log.info({ jobId: job.id, counts }, 'customer job run ended');
  }

  /** One customer: the check of a `sending` item, the call, its mark; attempts again what is worth it. */
  async #item(job: StoredJob, upstream: UpstreamClient, item: OpenItem, run: { stop: Stop | null }): Promise<void> {
    const { db } = this.#options;
    const action = this.#options.actions.get(item.action);
    if (!action) {
      await finishItem(db, job.id, item.customerId, 'failed', `No action ${item.action} in this gateway.`);
      return;
    }
    const ctx: CustomerJobContext = { upstream, customerId: item.customerId, params: job.params };
    // Whether a call of this item may have reached the service already (a run died, or an attempt failed).
    let mayHaveReached = item.state === 'sending';
    for (let attempt = item.attempts + 1; ; attempt++) {
      if (this.#stopping) run.stop ??= { reason: 'stopping' };
      if (run.stop) return;
      if (!(await markSending(db, job.id, item.customerId, this.#holder, this.#leaseSeconds))) {
        run.stop ??= { reason: 'lease' };
        return;
      }
      try {
        if (mayHaveReached && (await action.isApplied(ctx))) {
          await finishItem(db, job.id, item.customerId, 'done', null);
          await this.#auditCustomer(job, item, {
            action: 'customer-job',
            details: { ...jobEntryDetails(job, item), note: 'found in place when the job went on after a stop' },
          });
          return;
        }
        mayHaveReached = true;
        const outcome = (await action.apply(ctx)) ?? { changed: true };
        await finishItem(db, job.id, item.customerId, outcome.changed ? 'done' : 'skipped', null);
        if (outcome.changed) {
          const entry = outcome.audit ?? { action: 'customer-job', details: jobEntryDetails(job, item) };
          await this.#auditCustomer(job, item, entry);
        }
        return;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof UpstreamUnavailableError && error.upstreamStatus !== null) {
          // The key was refused: no other customer will fare better. The item stays `sending` (checked next run).
          run.stop ??= { reason: 'refused', message };
          return;
        }
        // A refusal (4xx, a 429 among them) changed nothing: the next attempt need not look first.
        if (error instanceof ServiceAnswerError && error.status < 500) mayHaveReached = false;
        if (isRetryable(error) && attempt < (this.#options.maxAttempts ?? 5)) {
          await noteItemError(db, job.id, item.customerId, message);
          const base = this.#options.retryBaseMs ?? 1000;
          await new Promise((resolve) => setTimeout(resolve, base * 2 ** (attempt - item.attempts - 1)));
          continue;
        }
        await finishItem(db, job.id, item.customerId, 'failed', message.slice(0, 500));
        return;
      }
    }
  }

  async #audit(job: StoredJob, event: 'start' | 'finish'): Promise<void> {
    const counts = (await itemCounts(this.#options.db, [job.id])).get(job.id) ?? null;
    await recordAudit(this.#options.db, {
      organisationId: job.organisationId,
      accountId: job.createdBy,
      person: job.createdByPerson,
      action: 'customer-job',
      details: {
        event,
        jobId: job.id,
        kind: job.kind,
        origin: job.origin,
        originId: job.originId,
        params: job.params as CustomerAuditEntry['details'],
        total: job.total,
        counts: counts ? { ...counts } : null,
      },
    });
  }

  /**
   * The entry of one changed customer. A segment's automatic tag is the segment's doing, under the person who set it
   * up: the entry names the segment, so the customer's story says the tag came from it, not from that person's hand.
   */
  async #auditCustomer(job: StoredJob, item: OpenItem, entry: CustomerAuditEntry): Promise<void> {
    const { segmentName } = job.params as { segmentName?: unknown };
    const autoTag =
      job.origin === 'auto-tag' && job.originId !== null
        ? { segmentId: job.originId, segmentName: typeof segmentName === 'string' ? segmentName : '' }
        : null;
    await recordAuditGrouped(this.#options.db, {
      organisationId: job.organisationId,
      accountId: job.createdBy,
      person: job.createdByPerson,
      action: entry.action,
      customerId: item.customerId,
      details: { ...entry.details, jobId: job.id, ...(autoTag ? { autoTag } : {}) },
    });
  }
}

/** What a customer's entry says of the job when its action says nothing of its own. */
function jobEntryDetails(job: StoredJob, item: OpenItem): CustomerAuditEntry['details'] {
  return { kind: item.action, params: job.params as CustomerAuditEntry['details'] };
}
