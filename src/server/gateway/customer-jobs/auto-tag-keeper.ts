import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { OPEN_JOB_STATES } from '@/contract/customer-jobs';
import { type Database, inBackground } from '../../db/database';
import { lastCompleteSync } from '../mirror';
import { type AutoTagSetting, activeAutoTags, insertAutoTagRun, releaseAutoTag, takeAutoTag } from './auto-tag-store';
import { autoTagChanges, insertJob, recentJobs } from './customer-jobs-store';
import type { SegmentMembers } from './segment-members';

export interface AutoTagKeeperOptions {
  db: Database;
  segments: SegmentMembers;
  log: Logger;
  /** Told when a run made a job (the runner looks for it at once). */
  onJob?: () => void;
  intervalMs?: number;
  holder?: string;
}

/** How long a keeper may hold an auto tag while it plans its run (a crashed one's is taken over after). */
const LEASE_SECONDS = 300;

/**
 * Keeps each saved segment's auto tag in step after every mirror sync: when the organisation's mirror has
 * completed a sync since the tag's last run (lastCompleteSync against the run's mark — in the database, so it
 * holds across instances and restarts) and the last run's job is over, it adds the tag to the members who
 * lack it and takes it from the others who hold it, at most `changeLimit` changes a run (the rest wait for the
 * next run, and the run says how many). Each run is a customer job (origin auto-tag); a run without changes
 * leaves no job and no row, only its mark.
 */
export class AutoTagKeeper {
  readonly #options: AutoTagKeeperOptions;
  readonly #holder: string;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;

  constructor(options: AutoTagKeeperOptions) {
    this.#options = options;
    this.#holder = options.holder ?? `${process.pid}-${randomUUID()}`;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.runDue(), this.#options.intervalMs ?? 15_000);
    this.#timer.unref();
    void this.runDue();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => undefined);
  }

  /** Runs every auto tag that is due; how many runs made a job. One pass at a time. */
  runDue(): Promise<number> {
    this.#running ??= inBackground(() => this.#pass())
      .catch((error: unknown) => {
        this.#options.log.error({ err: error }, 'auto tags failed');
        return 0;
      })
      .finally(() => {
        this.#running = null;
      });
    return this.#running;
  }

  async #pass(): Promise<number> {
    const { db } = this.#options;
    const marks = new Map<number, Date | null>();
    let jobs = 0;
    for (const autoTag of await activeAutoTags(db)) {
      const { organisationId } = autoTag;
      if (!marks.has(organisationId)) marks.set(organisationId, await lastCompleteSync(db, organisationId));
      const mark = marks.get(organisationId) ?? null;
      if (!mark || (autoTag.syncedMark && autoTag.syncedMark >= mark)) continue;
      // The last run's changes must be over and mirrored first, or they would be planned again.
      const [last] = await recentJobs(db, organisationId, {
        limit: 1,
        origin: { origin: 'auto-tag', originId: autoTag.segmentId },
      });
      if (last && (OPEN_JOB_STATES.includes(last.state) || (last.finishedAt && new Date(last.finishedAt) >= mark)))
        continue;
      if (!(await takeAutoTag(db, autoTag, mark, this.#holder, LEASE_SECONDS))) continue;
      try {
        if (await this.#run(autoTag, mark)) jobs += 1;
        await releaseAutoTag(db, autoTag, this.#holder, mark);
      } catch (error) {
        await releaseAutoTag(db, autoTag, this.#holder, null);
        throw error;
      }
    }
    if (jobs > 0) this.#options.onJob?.();
    return jobs;
  }

  /** One run: the diff, cut at the limit, as a job; whether it made one. */
  async #run(autoTag: AutoTagSetting, mark: Date): Promise<boolean> {
    const { db, segments, log } = this.#options;
    const { organisationId, segmentId, tag } = autoTag;
    const segment = await segments.findSegment(db, organisationId, segmentId);
    if (!segment) {
      log.warn({ organisationId, segmentId }, 'auto tag of a segment that is gone: nothing done');
      return false;
    }
    const members = await segments.segmentMemberIds(db, organisationId, segment.rule);
    const { gains, losses } = await autoTagChanges(db, organisationId, members, tag);
    if (gains.length + losses.length === 0) return false;
    const items = [
      ...gains.map((customerId) => ({ customerId, action: 'add-tag' })),
      ...losses.map((customerId) => ({ customerId, action: 'remove-tag' })),
    ];
    const planned = items.slice(0, autoTag.changeLimit);
    await db.transaction(async (tx) => {
      const jobId = await insertJob(tx, {
        organisationId,
        kind: 'keep-tag',
        params: { tag, segmentId, segmentName: segment.name },
        origin: 'auto-tag',
        originId: segmentId,
        createdBy: autoTag.updatedBy,
        items: planned,
      });
      await insertAutoTagRun(tx, {
        organisationId,
        segmentId,
        tag,
        jobId,
        syncedMark: mark,
        gains: planned.filter((item) => item.action === 'add-tag').length,
        losses: planned.filter((item) => item.action === 'remove-tag').length,
        heldBack: items.length - planned.length,
      });
    });
    return true;
  }
}
