import {
  type AutoTagDiff,
  type AutoTagInput,
  type AutoTagView,
  type ChosenTagging,
  type CustomerJob,
  type CustomerJobDetail,
  type CustomerJobOrigin,
  type DiffSide,
  type JobCommand,
  OPEN_JOB_STATES,
  TAGGING_PERMISSIONS,
  type TaggingDiff,
  type TaggingRequest,
} from '@/contract/customer-jobs';
import type { Database, Queryable } from '../../db/database';
import { refusal } from '../access';
import type { RequestAuditEntry } from '../audit';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { Permission } from '../permissions';
import type { Principal } from '../principal';
import type { UpstreamClient } from '../upstream';
import { deleteAutoTag, findAutoTag, latestAutoTagRuns, saveAutoTag } from './auto-tag-store';
import type { CustomerJobActions } from './customer-job-action';
import * as store from './customer-jobs-store';
import type { SegmentMembers } from './segment-members';

/** Who asks, as the rules need them: the person, their upstream client, their request's audit entry. */
export interface JobRequester {
  principal: Principal;
  upstream(): UpstreamClient;
  audit(db: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

/** A job to make: what is done to which customers, on whose behalf. */
export interface CustomerJobRequest {
  organisationId: number;
  kind: string;
  params: Record<string, unknown>;
  origin: CustomerJobOrigin;
  originId: number | null;
  /** The person who asks: their role must allow every action of the job. Null for the gateway's own work. */
  by: Principal | null;
  items: readonly { customerId: number; action: string }[];
}

const FIRST_NAMES = 20;
const RECENT_JOBS = 50;

function requireAll(principal: Principal, permissions: readonly Permission[]): void {
  if (principal.mustEnrolTotp || !permissions.every((permission) => principal.permissions.includes(permission))) {
    const missing = permissions.filter((permission) => !principal.permissions.includes(permission));
    throw new ForbiddenError(refusal(missing.length > 0 ? missing : permissions, principal));
  }
}

/**
 * Makes a customer job in `tx` (a transaction of the caller's, or the database): every action must be
 * registered and, when a person asks, allowed to them. The runner takes it up (poke it, or within seconds).
 */
export async function createCustomerJob(
  tx: Queryable,
  actions: CustomerJobActions,
  request: CustomerJobRequest,
): Promise<number> {
  for (const kind of new Set(request.items.map((item) => item.action))) {
    const action = actions.get(kind);
    if (!action) throw new Error(`no customer job action ${kind}`);
    if (request.by) requireAll(request.by, action.requires ?? []);
  }
  return store.insertJob(tx, {
    organisationId: request.organisationId,
    kind: request.kind,
    params: request.params,
    origin: request.origin,
    originId: request.originId,
    createdBy: request.by ? { accountId: request.by.accountId, person: request.by.email } : null,
    items: request.items,
  });
}

/**
 * The customer jobs as people see and steer them (progress, pause, resume, cancel, failed items again), and
 * tagging a segment: the dry run's diff from the mirror's tags, and the job of exactly that diff; and a
 * segment's auto tag.
 */
export class CustomerJobService {
  constructor(
    private readonly db: Database,
    private readonly actions: CustomerJobActions,
    /** A saved segment and its members (the segments concern's entry). */
    private readonly segments: SegmentMembers,
    /** Told when a job may run (made, resumed): the runner looks at once. */
    private readonly poke: () => void,
  ) {}

  async recent(requester: JobRequester): Promise<CustomerJob[]> {
    return store.recentJobs(this.db, requester.principal.organisationId, { limit: RECENT_JOBS });
  }

  async detail(requester: JobRequester, jobId: number): Promise<CustomerJobDetail> {
    const { organisationId } = requester.principal;
    const job = await store.findJob(this.db, organisationId, jobId);
    if (!job) throw new NotFoundError('No such job');
    return { job, failures: await store.failedItems(this.db, organisationId, jobId, 100) };
  }

  /** Pause, resume, cancel, or send the failed items again; the job as it is after. */
  async command(requester: JobRequester, jobId: number, command: JobCommand): Promise<CustomerJob> {
    const { principal } = requester;
    const job = await store.findJob(this.db, principal.organisationId, jobId);
    if (!job) throw new NotFoundError('No such job');
    for (const kind of await store.actionsOfJob(this.db, jobId))
      requireAll(principal, this.actions.get(kind)?.requires ?? []);
    const changed = await this.db.transaction(async (tx) => {
      const done =
        command === 'pause'
          ? await store.changeJobState(tx, principal.organisationId, jobId, ['planned', 'running'], 'paused')
          : command === 'resume'
            ? await store.changeJobState(tx, principal.organisationId, jobId, ['paused', 'failed'], 'planned')
            : command === 'cancel'
              ? await store.changeJobState(
                  tx,
                  principal.organisationId,
                  jobId,
                  [...OPEN_JOB_STATES, 'failed'],
                  'cancelled',
                )
              : (await store.requeueFailedItems(tx, jobId)) > 0 &&
                (await store.changeJobState(
                  tx,
                  principal.organisationId,
                  jobId,
                  ['done', 'failed', 'paused'],
                  'planned',
                ));
      if (done) await requester.audit(tx, { action: 'customer-job', status: 200, details: { event: command, jobId } });
      return done;
    });
    if (!changed) throw new ConflictError(`The job is ${job.state}: it cannot ${command.replace('-', ' ')} now.`);
    if (command === 'resume' || command === 'retry-failed') this.poke();
    return (await store.findJob(this.db, principal.organisationId, jobId)) as CustomerJob;
  }

  /** Who would gain and who would lose the tag, by the mirror's tags; nothing is changed. */
  async taggingDiff(requester: JobRequester, segmentId: number, request: TaggingRequest): Promise<TaggingDiff> {
    const planned = await this.#plan(requester, segmentId, request);
    const side = (ids: number[]) => this.#diffSide(requester.principal.organisationId, ids);
    return {
      segment: { id: planned.segment.id, name: planned.segment.name },
      tag: request.tag,
      action: request.action,
      members: planned.members,
      gains: await side(request.action === 'add' ? planned.changes : []),
      losses: await side(request.action === 'remove' ? planned.changes : []),
      unchanged: planned.members - planned.changes.length,
    };
  }

  /** Starts the job of the diff the dry run shows: the tag added to (or taken from) exactly those customers. */
  async startTagging(requester: JobRequester, segmentId: number, request: TaggingRequest): Promise<CustomerJob> {
    const { principal } = requester;
    const planned = await this.#plan(requester, segmentId, request);
    if (planned.changes.length === 0) throw new ConflictError('Every member is already as asked: nothing to change.');
    const kind = request.action === 'add' ? 'add-tag' : 'remove-tag';
    const jobId = await this.db.transaction(async (tx) => {
      const id = await createCustomerJob(tx, this.actions, {
        organisationId: principal.organisationId,
        kind,
        params: { tag: request.tag, segmentId, segmentName: planned.segment.name },
        origin: 'segment',
        originId: segmentId,
        by: principal,
        items: planned.changes.map((customerId) => ({ customerId, action: kind })),
      });
      await requester.audit(tx, {
        action: 'customer-job',
        status: 201,
        details: { event: 'created', jobId: id, kind, tag: request.tag, segmentId, customers: planned.changes.length },
      });
      return id;
    });
    this.poke();
    return (await store.findJob(this.db, principal.organisationId, jobId)) as CustomerJob;
  }

  /** A job adding or removing a tag for customers chosen by hand (each once; those already so are skipped). */
  async startChosenTagging(requester: JobRequester, request: ChosenTagging): Promise<CustomerJob> {
    const { principal } = requester;
    requireAll(principal, TAGGING_PERMISSIONS);
    if (request.action === 'add') await this.#requireListedTag(requester, request.tag);
    const kind = request.action === 'add' ? 'add-tag' : 'remove-tag';
    const customerIds = [...new Set(request.customerIds)];
    const jobId = await this.db.transaction(async (tx) => {
      const id = await createCustomerJob(tx, this.actions, {
        organisationId: principal.organisationId,
        kind,
        params: { tag: request.tag },
        origin: 'manual',
        originId: null,
        by: principal,
        items: customerIds.map((customerId) => ({ customerId, action: kind })),
      });
      await requester.audit(tx, {
        action: 'customer-job',
        status: 201,
        details: { event: 'created', jobId: id, kind, tag: request.tag, customers: customerIds.length },
      });
      return id;
    });
    this.poke();
    return (await store.findJob(this.db, principal.organisationId, jobId)) as CustomerJob;
  }

  async #plan(requester: JobRequester, segmentId: number, request: TaggingRequest) {
    const { principal } = requester;
    requireAll(principal, TAGGING_PERMISSIONS);
    const segment = await this.#segment(principal.organisationId, segmentId);
    if (request.action === 'add') await this.#requireListedTag(requester, request.tag);
    const members = await this.segments.segmentMemberIds(this.db, principal.organisationId, segment.rule);
    const changes = await store.membersByTag(
      this.db,
      principal.organisationId,
      members,
      request.tag,
      request.action === 'remove',
    );
    return { segment, members: members.length, changes };
  }

  async #segment(organisationId: number, segmentId: number) {
    const segment = await this.segments.findSegment(this.db, organisationId, segmentId);
    if (!segment) throw new NotFoundError('No such segment');
    return segment;
  }

  /** The service sets only tags of the client's list (spec 4.x: export clienttypes): refused here, before any job. */
  async #requireListedTag(requester: JobRequester, tag: string): Promise<void> {
    const listed = await requester.upstream().read('GET', '/partner/export/clienttypes');
    if (!Array.isArray(listed) || !listed.includes(tag)) {
      throw new ValidationError('The given data was invalid.', {
        tag: ["This tag is not in the organisation's tag list."],
      });
    }
  }

  async autoTag(requester: JobRequester, segmentId: number): Promise<AutoTagView> {
    const { organisationId } = requester.principal;
    requireAll(requester.principal, TAGGING_PERMISSIONS);
    await this.#segment(organisationId, segmentId);
    const setting = await findAutoTag(this.db, organisationId, segmentId);
    const runs = await latestAutoTagRuns(this.db, organisationId, segmentId, 10);
    const jobs = await store.jobsById(
      this.db,
      organisationId,
      runs.flatMap((run) => (run.jobId === null ? [] : [run.jobId])),
    );
    return {
      setting: setting && {
        tag: setting.tag,
        changeLimit: setting.changeLimit,
        paused: setting.paused,
        syncedMark: setting.syncedMark?.toISOString() ?? null,
      },
      runs: await Promise.all(
        runs.map(async (run) => ({
          id: run.id,
          at: run.at.toISOString(),
          tag: run.tag,
          gains: run.gains,
          losses: run.losses,
          heldBack: run.heldBack,
          job: (run.jobId !== null && jobs.get(run.jobId)) || null,
          gained: run.jobId ? await store.changedBy(this.db, organisationId, run.jobId, 'add-tag', 10) : [],
          lost: run.jobId ? await store.changedBy(this.db, organisationId, run.jobId, 'remove-tag', 10) : [],
        })),
      ),
    };
  }

  /**
   * What keeping `tag` in step with the segment would change now (the keeper's own diff, before its limit): shown
   * before it is saved, since those outside the segment who hold the tag lose it (a walkthrough's 363).
   */
  async autoTagDiff(requester: JobRequester, segmentId: number, tag: string): Promise<AutoTagDiff> {
    const { organisationId } = requester.principal;
    requireAll(requester.principal, TAGGING_PERMISSIONS);
    const segment = await this.#segment(organisationId, segmentId);
    const members = await this.segments.segmentMemberIds(this.db, organisationId, segment.rule);
    const { gains, losses } = await store.autoTagChanges(this.db, organisationId, members, tag);
    return {
      tag,
      members: members.length,
      gains: await this.#diffSide(organisationId, gains),
      losses: await this.#diffSide(organisationId, losses),
    };
  }

  /** A side of a diff as the page shows it: how many, and the first of them by name. */
  async #diffSide(organisationId: number, ids: number[]): Promise<DiffSide> {
    return { count: ids.length, first: await store.firstByName(this.db, organisationId, ids, FIRST_NAMES) };
  }

  async saveAutoTag(requester: JobRequester, segmentId: number, input: AutoTagInput): Promise<AutoTagView> {
    const { principal } = requester;
    requireAll(principal, TAGGING_PERMISSIONS);
    await this.#segment(principal.organisationId, segmentId);
    await this.#requireListedTag(requester, input.tag);
    await this.db.transaction(async (tx) => {
      await saveAutoTag(tx, {
        organisationId: principal.organisationId,
        segmentId,
        ...input,
        updatedBy: { accountId: principal.accountId, person: principal.email },
      });
      await requester.audit(tx, {
        action: 'customer-job',
        status: 200,
        details: { event: 'auto-tag', segmentId, ...input },
      });
    });
    return this.autoTag(requester, segmentId);
  }

  async removeAutoTag(requester: JobRequester, segmentId: number): Promise<void> {
    const { principal } = requester;
    requireAll(principal, TAGGING_PERMISSIONS);
    await this.db.transaction(async (tx) => {
      if (!(await deleteAutoTag(tx, principal.organisationId, segmentId))) throw new NotFoundError('No auto tag');
      await requester.audit(tx, {
        action: 'customer-job',
        status: 204,
        details: { event: 'auto-tag-removed', segmentId },
      });
    });
  }
}
