import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import {
  EXPORT_KIND_REQUIRES,
  EXPORT_KINDS,
  type ExportCount,
  type ExportFile,
  type ExportKind,
  type ExportSettings,
  kindOfStream,
  mayExport,
  PAGE_STREAMS,
  type PageStream,
  pageStreamOf,
  type RunOutcome,
  type Schedule,
  type ScheduleInput,
  type WatermarkView,
} from '@/contract/exports';
import type { Database, Queryable } from '../../db/database';
import { refusal } from '../access';
import type { RequestAuditEntry } from '../audit';
import { accountNames } from '../auth';
import { seesBuyerContact } from '../buyer-contact';
import { ConflictError, ForbiddenError, GoneError, NotFoundError, UnavailableError } from '../errors';
import type { Principal } from '../principal';
import type { UpstreamClient } from '../upstream';
import { type ExportScheduler, nextRunAt, scheduleStream } from './export-scheduler';
import { chooseSource, type ExportCut } from './export-sources';
import * as store from './export-store';
import { encoderOf, exportFileName, exportPlan, runExport } from './run-export';
import { countDelivered, type StoredWatermark } from './watermark';

/** Who asks, as the rules of exports need them: the person, their upstream client, their request's audit entry. */
export interface ExportRequester {
  principal: Principal;
  upstream(): UpstreamClient;
  /** Records what this request did, written with `db` (the transaction of the change). */
  audit(db: Queryable, entry: RequestAuditEntry): Promise<unknown>;
  /** A scoped person's cut of every export (their events; buyers by name without customers:contact); null: none. */
  cut(): Promise<ExportCut | null>;
}

/** An export being streamed: its body fills as the export reads. */
export interface StartedRun {
  runId: number;
  fileName: string;
  mimeType: string;
  records: number;
  source: 'mirror' | 'service';
  body: ReadableStream<Uint8Array>;
}

/** A scheduled file to download, streamed from EXPORT_DIR. */
export interface FileDownload {
  fileName: string;
  contentType: string;
  size: number;
  body: ReadableStream;
}

const isPageStream = (stream: string): stream is PageStream => (PAGE_STREAMS as readonly string[]).includes(stream);

/** Refuses (403) a kind the person's role may not export: every route checks it, as the export itself would. */
function requireKind(principal: Principal, kind: ExportKind): void {
  if (!mayExport(kind, principal.permissions)) throw new ForbiddenError(refusal(EXPORT_KIND_REQUIRES[kind], principal));
}

/**
 * CRM exports made on the server: streamed to the browser (the watermark moves when the browser confirms it
 * has the whole file), counted, scheduled (written into EXPORT_DIR at a time of day) and the scheduled files
 * listed and downloaded. Runs, downloads and schedule changes are recorded in the audit trail.
 */
export class ExportService {
  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    /** Null when this server has no folder for scheduled exports. */
    private readonly scheduler: ExportScheduler | null,
  ) {}

  /** The watermarks of the streams the person may export. */
  async watermarks({ principal }: ExportRequester): Promise<WatermarkView[]> {
    const watermarks = (await store.listWatermarks(this.db, principal.organisationId)).filter(
      (w) => isPageStream(w.stream) && mayExport(kindOfStream(w.stream), principal.permissions),
    );
    const nameOf = await namer(
      this.db,
      watermarks.map((w) => w.savedBy),
    );
    return watermarks.map((w) => ({ ...w, savedBy: nameOf(w.savedBy) }));
  }

  async forgetWatermark(who: ExportRequester, stream: string): Promise<void> {
    if (!isPageStream(stream)) throw new NotFoundError('No such export');
    requireKind(who.principal, kindOfStream(stream));
    await this.db.transaction(async (tx) => {
      await store.forgetWatermark(tx, who.principal.organisationId, stream);
      await who.audit(tx, { action: 'export', status: 204, details: { stream, watermark: 'forgotten' } });
    });
  }

  /** How big an export would be: whole, and (with a watermark) changed since it. */
  async count(who: ExportRequester, query: Pick<ExportSettings, 'kind' | 'rows'>): Promise<ExportCount> {
    requireKind(who.principal, query.kind);
    const upstream = who.upstream();
    const cut = await who.cut();
    // A scoped person's export is always whole: the watermarks are the organisation's feeds.
    const stream = cut ? null : pageStreamOf(query.kind, query.rows);
    const whole = await chooseSource(this.db, upstream, query.kind, null, cut);
    const since = stream ? await store.readWatermark(this.db, upstream.organisationId, stream) : null;
    const changed = since ? await this.#changedSince(upstream, query, since) : null;
    return { total: whole.total, changed, source: whole.source };
  }

  /** Records changed since a watermark: those the export would read, less those the last export delivered. */
  async #changedSince(
    upstream: UpstreamClient,
    settings: Pick<ExportSettings, 'kind' | 'rows'>,
    since: StoredWatermark,
  ): Promise<number> {
    const source = await chooseSource(this.db, upstream, settings.kind, new Date(since.atMs));
    const timeField = exportPlan(settings).timeField ?? 'lastChanged';
    const delivered = await countDelivered(source.batches(), since, timeField, !source.completeBefore);
    return Math.max(0, source.total - delivered);
  }

  /**
   * Starts an export streamed to the browser: the run is recorded (and audited) before the first byte; its
   * watermark moves only when the browser confirms the whole file (`completeRun`).
   */
  async startRun(who: ExportRequester, settings: ExportSettings & { timeZone?: string }): Promise<StartedRun> {
    const { principal } = who;
    requireKind(principal, settings.kind);
    const cut = await who.cut();
    if (cut && settings.mode === 'changes') {
      throw new ConflictError('An export within your productions is always whole: export everything.');
    }
    // A scoped person's run moves no watermark (its stream is none of the page's): it holds only their events.
    const stream = cut ? null : pageStreamOf(settings.kind, settings.rows);
    const since =
      stream && settings.mode === 'changes'
        ? await store.readWatermark(this.db, principal.organisationId, stream)
        : null;
    if (settings.mode === 'changes' && !since) {
      throw new ConflictError('There is no complete export yet to continue from: export everything first.');
    }
    const sinceAt = since ? new Date(since.atMs) : null;
    const source = await chooseSource(this.db, who.upstream(), settings.kind, sinceAt, cut);
    const contact = seesBuyerContact(principal.permissions);
    const encoder = encoderOf(settings, contact);
    const fileName = exportFileName(
      principal.clientName,
      { ...settings, mode: since ? 'changes' : 'full' },
      encoder.extension,
      new Date(),
      settings.timeZone ?? 'UTC',
    );
    const runId = await this.db.transaction(async (tx) => {
      const id = await store.insertRun(tx, {
        organisationId: principal.organisationId,
        accountId: principal.accountId,
        stream: cut ? `scoped:${settings.kind}` : (stream ?? settings.kind),
        sinceAt,
      });
      await who.audit(tx, {
        action: 'export',
        status: 200,
        details: {
          runId: id,
          ...settings,
          incremental: since !== null,
          changedSince: sinceAt?.toISOString() ?? null,
          source: source.source,
          records: source.total,
          buyerContact: contact,
        },
      });
      return id;
    });
    const body = this.#stream(runId, { source, settings, contact, since });
    return { runId, fileName, mimeType: encoder.mimeType, records: source.total, source: source.source, body };
  }

  /**
   * The body of a run: a stream the export writes into as it reads. A failure half-way errors the stream, so
   * the browser sees a broken download (never a short file that looks whole) and does not confirm it.
   */
  #stream(runId: number, run: Omit<Parameters<typeof runExport>[0], 'write'>): ReadableStream<Uint8Array> {
    const pipe = new TransformStream<Uint8Array, Uint8Array>();
    const writer = pipe.writable.getWriter();
    // Settled by abort below or by the browser going away: nothing waits on it.
    writer.closed.catch(() => undefined);
    const bytes = new TextEncoder();
    void (async () => {
      try {
        const result = await runExport({ ...run, write: (text) => writer.write(bytes.encode(text)) });
        await store.markRunStreamed(this.db, runId, result);
        await writer.close();
      } catch (error) {
        await store.markRunFailed(this.db, runId);
        this.log.warn({ runId, reason: error instanceof Error ? error.message : String(error) }, 'export stopped');
        await writer.abort(error).catch(() => undefined);
      }
    })();
    return pipe.readable;
  }

  /** The browser has the whole file of a run: its watermark moves (never back). */
  async completeRun({ principal }: ExportRequester, runId: number): Promise<RunOutcome> {
    const outcome = await this.db.transaction(async (tx) => {
      const run = await store.completeRun(tx, runId, principal.organisationId, principal.accountId);
      if (!run) return null;
      const moved =
        run.next !== null && isPageStream(run.stream)
          ? await store.commitWatermark(tx, principal.organisationId, run.stream, run.next, principal.accountId)
          : false;
      const stored = (await store.listWatermarks(tx, principal.organisationId)).find((w) => w.stream === run.stream);
      const watermark = stored ? { ...stored, savedBy: (await namer(tx, [stored.savedBy]))(stored.savedBy) } : null;
      return { records: run.records, rows: run.rows, skipped: run.skipped, watermark, moved };
    });
    if (!outcome) throw new NotFoundError('No such export, or it did not finish.');
    return outcome;
  }

  /** The organisation's schedules of the kinds the person may export; `enabled`: this server runs them. */
  async schedules({ principal }: ExportRequester): Promise<{ schedules: Schedule[]; enabled: boolean }> {
    const schedules = (await store.listSchedules(this.db, principal.organisationId)).filter((schedule) =>
      mayExport(schedule.kind, principal.permissions),
    );
    const nameOf = await namer(
      this.db,
      schedules.map((schedule) => schedule.createdBy),
    );
    return {
      schedules: schedules.map((schedule) => ({ ...schedule, createdBy: nameOf(schedule.createdBy) })),
      enabled: this.scheduler !== null,
    };
  }

  async createSchedule(who: ExportRequester, input: ScheduleInput): Promise<Schedule> {
    this.#requireScheduler();
    const { principal } = who;
    requireKind(principal, input.kind);
    const id = await this.db.transaction(async (tx) => {
      const next = nextRunAt(input.timeOfDay, input.timeZone, new Date());
      // Its files carry buyers' contact details as far as the person saving it sees them.
      const contact = seesBuyerContact(principal.permissions);
      const created = await store.insertSchedule(
        tx,
        principal.organisationId,
        input,
        next,
        principal.accountId,
        contact,
      );
      await auditSchedule(who, tx, created, 201, { op: 'create', ...input });
      return created;
    });
    return this.#schedule(principal, id);
  }

  async updateSchedule(who: ExportRequester, id: number, input: ScheduleInput): Promise<Schedule> {
    this.#requireScheduler();
    const { principal } = who;
    const current = await this.#schedule(principal, id);
    requireKind(principal, input.kind);
    await this.db.transaction(async (tx) => {
      const next = nextRunAt(input.timeOfDay, input.timeZone, new Date());
      await store.updateSchedule(
        tx,
        principal.organisationId,
        id,
        input,
        next,
        seesBuyerContact(principal.permissions),
      );
      // Another kind or shape is another feed: its watermark starts again.
      if (input.kind !== current.kind || input.rows !== current.rows) {
        await store.forgetWatermark(tx, principal.organisationId, scheduleStream(id));
      }
      await auditSchedule(who, tx, id, 200, { op: 'update', ...input });
    });
    return this.#schedule(principal, id);
  }

  async deleteSchedule(who: ExportRequester, id: number): Promise<void> {
    const { principal } = who;
    const current = await this.#schedule(principal, id);
    await this.db.transaction(async (tx) => {
      await store.deleteSchedule(tx, principal.organisationId, id);
      await store.forgetWatermark(tx, principal.organisationId, scheduleStream(id));
      await auditSchedule(who, tx, id, 204, { op: 'delete', kind: current.kind });
    });
  }

  /** Makes the schedule due now; whichever instance ticks first runs it (the lease), its next run follows the time of day. */
  async runScheduleNow(who: ExportRequester, id: number): Promise<Schedule> {
    const scheduler = this.#requireScheduler();
    const { principal } = who;
    const current = await this.#schedule(principal, id);
    await this.db.transaction(async (tx) => {
      await store.makeScheduleDue(tx, principal.organisationId, id);
      await auditSchedule(who, tx, id, 202, { op: 'run-now', kind: current.kind });
    });
    scheduler.poke();
    return this.#schedule(principal, id);
  }

  /** The files the schedules wrote, of the kinds the person may export (with buyers' contact details only if they see them). */
  files({ principal }: ExportRequester): Promise<ExportFile[]> {
    const kinds = EXPORT_KINDS.filter((kind) => mayExport(kind, principal.permissions));
    return store.listFiles(this.db, principal.organisationId, kinds, seesBuyerContact(principal.permissions));
  }

  /** A scheduled file from EXPORT_DIR, its download audited. */
  async download(who: ExportRequester, id: number): Promise<FileDownload> {
    const { principal } = who;
    const file = await store.findFile(this.db, principal.organisationId, id);
    if (!file || !this.scheduler) throw new NotFoundError('No such file');
    requireKind(principal, file.kind);
    if (file.buyerContact && !seesBuyerContact(principal.permissions)) {
      throw new ForbiddenError(refusal(['customers:contact'], principal));
    }
    const path = join(this.scheduler.dir, String(principal.organisationId), file.fileName);
    const size = await stat(path).then(
      (info) => info.size,
      () => null,
    );
    if (size === null)
      throw new GoneError('The file is no longer in EXPORT_DIR (removed, or another instance’s disk).');
    await who.audit(this.db, {
      action: 'export-download',
      status: 200,
      details: { fileId: id, fileName: file.fileName, kind: file.kind, rows: file.rows, format: file.format },
    });
    return {
      fileName: file.fileName,
      contentType: file.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      size,
      body: Readable.toWeb(createReadStream(path)) as ReadableStream,
    };
  }

  /** The organisation's schedule of a kind the person may export; 404 or 403 otherwise. */
  async #schedule(principal: Principal, id: number): Promise<Schedule> {
    const schedule = await store.findSchedule(this.db, principal.organisationId, id);
    if (!schedule) throw new NotFoundError('No such schedule');
    requireKind(principal, schedule.kind);
    return { ...schedule, createdBy: (await namer(this.db, [schedule.createdBy]))(schedule.createdBy) };
  }

  /** The scheduler, or a 503 when this server has no folder for scheduled exports. */
  #requireScheduler(): ExportScheduler {
    if (!this.scheduler)
      throw new UnavailableError('Scheduled exports need EXPORT_DIR, a folder this server can write to.');
    return this.scheduler;
  }
}

/** Names the accounts of `ids` (null: nobody) by their display names: one query for all (auth's accountNames). */
async function namer(db: Queryable, ids: (number | null)[]): Promise<(id: number | null) => string | null> {
  const names = await accountNames(
    db,
    ids.filter((id): id is number => id !== null),
  );
  return (id) => (id === null ? null : (names.get(id)?.name ?? null));
}

function auditSchedule(
  who: ExportRequester,
  tx: Queryable,
  id: number,
  status: number,
  details: Record<string, string | number | boolean>,
) {
  return who.audit(tx, { action: 'export-schedule', status, details: { scheduleId: id, ...details } });
}
