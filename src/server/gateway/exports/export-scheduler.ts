import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { FILES_KEPT_PER_SCHEDULE } from '@/contract/exports';
import type { Database } from '../../db/database';
import { RepeatingWork } from '../../repeating-work';
import { localDate, zonedToInstant } from '../../time';
import { recordAudit } from '../audit';
import type { Organisations } from '../connection';
import { PromoterService } from '../promoters';
import { EventCatalog } from '../reports';
import type { ServiceConnection } from '../service-connection';
import { UpstreamClient } from '../upstream';
import { holdsBuyerContact } from './contact-layout';
import { chooseSource } from './export-sources';
import {
  claimDueSchedule,
  commitWatermark,
  type DueSchedule,
  fileNameTaken,
  insertProductionFile,
  insertScheduledFile,
  pruneFiles,
  readWatermark,
  releaseAfterFailure,
  releaseAfterRun,
} from './export-store';
import { productionReportCsv, productionReportHtml } from './production-report';
import { reportViewer } from './report-viewer';
import { type ExportResult, encoderOf, exportFileName, productionReportStem, runExport } from './run-export';

/** A schedule's watermark stream: each incremental schedule is a CRM feed of its own. */
export const scheduleStream = (scheduleId: number) => `schedule:${scheduleId}`;

/** The next time `timeOfDay` (HH:MM) comes in `timeZone` after `after`. */
export function nextRunAt(timeOfDay: string, timeZone: string, after: Date): Date {
  let date = localDate(after, timeZone);
  for (let days = 0; days < 3; days++) {
    const candidate = zonedToInstant(date, `${timeOfDay}:00`, timeZone);
    if (candidate.getTime() > after.getTime()) return candidate;
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    date = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  }
  throw new Error(`no next run for ${timeOfDay} in ${timeZone}`);
}

/** How long a run may hold its schedule before another instance may take it over (a crashed holder). */
const LEASE_MINUTES = 15;
/** After a failed run, the next attempt. */
const RETRY_MINUTES = 15;

/** A schedule's file, written and renamed into place, not yet listed. */
interface WrittenExport {
  fileName: string;
  size: number;
  result: ExportResult;
  sinceAt: Date | null;
  source: 'mirror' | 'service';
  startedAt: Date;
}

export interface ExportSchedulerOptions {
  db: Database;
  service: ServiceConnection;
  organisations: Organisations;
  log: Logger;
  /** EXPORT_DIR: files go to `<dir>/<organisation id>/`. Instances sharing a database must share it. */
  dir: string;
  /** Names this instance in the lease column. */
  holder?: string;
  now?: () => Date;
  intervalMs?: number;
}

/**
 * Runs the scheduled exports that are due, in whichever instance gets there first: each run takes its
 * schedule with a conditional update (due, and no live lease), so two instances ticking at the same moment
 * run it once. The file is written under a temporary name and renamed when complete; its listing, the
 * schedule's watermark and its next run are stored in one transaction, only while this instance still holds
 * the lease.
 */
export class ExportScheduler {
  readonly dir: string;
  readonly #options: ExportSchedulerOptions;
  readonly #holder: string;
  readonly #now: () => Date;
  readonly #work: RepeatingWork;
  readonly #promoters: PromoterService;

  constructor(options: ExportSchedulerOptions) {
    this.#options = options;
    this.dir = options.dir;
    this.#holder = options.holder ?? `${process.pid}-${randomUUID()}`;
    this.#now = options.now ?? (() => new Date());
    // Its own catalog (a cache of the service's events): the requests' one lives with the routes.
    this.#promoters = new PromoterService(options.db, new EventCatalog(options.db));
    this.#work = new RepeatingWork({
      intervalMs: options.intervalMs ?? 30_000,
      round: () => this.#runDue(),
      onError: (error) => options.log.error({ error }, 'scheduled exports failed'),
    });
  }

  start(): void {
    this.#work.start();
  }

  stop(): Promise<void> {
    return this.#work.stop();
  }

  /** Looks for due schedules now (after "run now"), without waiting for it. */
  poke(): void {
    this.#work.poke();
  }

  /** Runs every due schedule this instance can take; resolves with how many it ran. One tick at a time. */
  tick(): Promise<number> {
    return this.#work.run();
  }

  async #runDue(): Promise<number> {
    let ran = 0;
    for (let schedule = await this.#claim(); schedule; schedule = await this.#claim()) {
      await this.#run(schedule);
      ran += 1;
    }
    return ran;
  }

  /** Takes one due schedule, by the database's clock (the one clock all instances share). */
  #claim(): Promise<DueSchedule | null> {
    return claimDueSchedule(this.#options.db, this.#holder, LEASE_MINUTES);
  }

  /** Runs one claimed schedule: its file, then its listing; a failure is noted on it and tried again later. */
  async #run(schedule: DueSchedule): Promise<void> {
    if (schedule.report) return this.#runReport(schedule, schedule.report);
    const { log } = this.#options;
    const scheduleId = schedule.id;
    const folder = join(this.dir, String(schedule.organisationId));
    const onDisk: { path: string | null } = { path: null };
    try {
      const file = await this.#write(schedule, folder, onDisk);
      const fileId = await this.#store(schedule, file);
      if (fileId === null) {
        // Another instance took the schedule over (this run outlived its lease): its file is the one listed.
        await unlink(join(folder, file.fileName)).catch(() => undefined);
        log.warn({ scheduleId }, 'a scheduled export lost its lease before it finished; its file was dropped');
        return;
      }
      onDisk.path = null;
      await this.#prune(scheduleId);
      log.info({ scheduleId, fileName: file.fileName, rows: file.result.rows }, 'scheduled export written');
    } catch (error) {
      if (onDisk.path) await rm(onDisk.path, { force: true }).catch(() => undefined);
      const message = error instanceof Error ? error.message : String(error);
      log.error({ scheduleId, reason: message }, 'a scheduled export failed');
      await releaseAfterFailure(this.#options.db, scheduleId, this.#holder, {
        lastError: message.slice(0, 500),
        retryAt: new Date(this.#now().getTime() + RETRY_MINUTES * 60_000),
      });
    }
  }

  /**
   * Writes the schedule's file into `folder` under a temporary name, renamed when complete. `onDisk.path`
   * names what is on disk (the temporary file, then the renamed one), for the caller to remove until listed.
   */
  async #write(schedule: DueSchedule, folder: string, onDisk: { path: string | null }): Promise<WrittenExport> {
    const { db } = this.#options;
    const { organisationId, settings } = schedule;
    const startedAt = this.#now();
    const access = await this.#options.organisations.access(organisationId);
    if (!access) throw new Error('the organisation is not connected');
    const since =
      settings.mode === 'changes' ? await readWatermark(db, organisationId, scheduleStream(schedule.id)) : null;
    const upstream = UpstreamClient.forOrganisation(this.#options, access);
    const source = await chooseSource(db, upstream, settings.kind, since ? new Date(since.atMs) : null);
    const encoder = encoderOf(settings, schedule.buyerContact);
    const fileName = await this.#freeName(
      organisationId,
      exportFileName(access.clientName, settings, encoder.extension, startedAt, schedule.timeZone),
    );
    await mkdir(folder, { recursive: true });
    onDisk.path = join(folder, `.${fileName}.part`);
    const handle = await open(onDisk.path, 'w');
    let result: ExportResult;
    try {
      result = await runExport({
        source,
        settings,
        contact: schedule.buyerContact,
        since,
        write: async (text) => void (await handle.write(text)),
      });
    } finally {
      await handle.close();
    }
    const finalPath = join(folder, fileName);
    await rename(onDisk.path, finalPath);
    onDisk.path = finalPath;
    const { size } = await stat(finalPath);
    return { fileName, size, result, sinceAt: since ? new Date(since.atMs) : null, source: source.source, startedAt };
  }

  /**
   * Lists the file, moves the schedule's watermark and sets its next run, in one transaction and only while
   * this instance still holds the lease; the file's id, or null when the lease was lost.
   */
  #store(schedule: DueSchedule, file: WrittenExport): Promise<number | null> {
    const { id: scheduleId, organisationId, settings } = schedule;
    const { result } = file;
    return this.#options.db.transaction(async (tx) => {
      const fileId = await insertScheduledFile(
        tx,
        {
          organisationId,
          scheduleId,
          settings,
          fileName: file.fileName,
          bytes: file.size,
          rows: result.rows,
          records: result.records,
          sinceAt: file.sinceAt,
          watermarkAt: result.next?.at ?? file.sinceAt,
          source: file.source,
          buyerContact: holdsBuyerContact(settings.kind, schedule.buyerContact),
        },
        this.#holder,
      );
      if (fileId === null) return null;
      if (result.next) await commitWatermark(tx, organisationId, scheduleStream(scheduleId), result.next, null);
      await releaseAfterRun(tx, scheduleId, this.#holder, {
        nextRunAt: nextRunAt(schedule.timeOfDay, schedule.timeZone, this.#now()),
        lastRunAt: file.startedAt,
        lastError: result.complete ? null : 'The data changed while it was read; the watermark stayed where it was.',
      });
      await recordAudit(tx, {
        organisationId,
        action: 'export',
        status: 200,
        details: {
          scheduleId,
          fileId,
          fileName: file.fileName,
          ...settings,
          source: file.source,
          records: result.records,
          rows: result.rows,
        },
      });
      return fileId;
    });
  }

  /**
   * Runs a production's sales report: the dashboard as the person who scheduled it sees it now (their role's
   * scope, no contact details), written as a CSV file and a printable page, both listed in one transaction
   * while the lease holds. A failure (the person gone, the production out of their sight) is noted on the
   * schedule and tried again later, as an export's.
   */
  async #runReport(schedule: DueSchedule, report: NonNullable<DueSchedule['report']>): Promise<void> {
    const { db, log } = this.#options;
    const { id: scheduleId, organisationId } = schedule;
    const folder = join(this.dir, String(organisationId));
    const onDisk: string[] = [];
    try {
      const access = await this.#options.organisations.access(organisationId);
      if (!access) throw new Error('the organisation is not connected');
      const viewer = await reportViewer(db, organisationId, report.createdBy);
      const upstream = UpstreamClient.forOrganisation(this.#options, access);
      const dashboard = await this.#promoters.dashboard(viewer, upstream, report.productionId);
      const writtenAt = this.#now();
      const stem = productionReportStem(access.clientName, report.productionId, writtenAt, schedule.timeZone);
      const csv = productionReportCsv(dashboard);
      const html = productionReportHtml(dashboard, {
        organisation: access.clientName,
        writtenAt,
        timeZone: schedule.timeZone,
        language: report.language,
      });
      await mkdir(folder, { recursive: true });
      const files: Parameters<typeof insertProductionFile>[1][] = [];
      for (const [format, text] of [
        ['csv', csv.text],
        ['html', html],
      ] as const) {
        const fileName = await this.#freeName(organisationId, `${stem}.${format}`);
        const [part, path] = [join(folder, `.${fileName}.part`), join(folder, fileName)];
        onDisk.push(part, path);
        await writeFile(part, text);
        await rename(part, path);
        files.push({ scheduleId, format, fileName, bytes: Buffer.byteLength(text), rows: csv.rows });
      }
      const listed = await db.transaction(async (tx) => {
        const ids: number[] = [];
        for (const file of files) {
          const id = await insertProductionFile(tx, file, this.#holder);
          if (id === null) return null;
          ids.push(id);
        }
        await releaseAfterRun(tx, scheduleId, this.#holder, {
          nextRunAt: nextRunAt(schedule.timeOfDay, schedule.timeZone, this.#now()),
          lastRunAt: writtenAt,
          lastError: null,
        });
        await recordAudit(tx, {
          organisationId,
          action: 'export',
          status: 200,
          details: {
            scheduleId,
            kind: 'production-sales',
            productionId: report.productionId,
            fileIds: ids,
            fileNames: files.map((file) => file.fileName),
            rows: csv.rows,
          },
        });
        return ids;
      });
      if (listed === null) {
        for (const path of onDisk) await unlink(path).catch(() => undefined);
        log.warn({ scheduleId }, 'a production report lost its lease before it finished; its files were dropped');
        return;
      }
      await this.#prune(scheduleId);
      log.info({ scheduleId, productionId: report.productionId }, 'production report written');
    } catch (error) {
      for (const path of onDisk) await rm(path, { force: true }).catch(() => undefined);
      const message = error instanceof Error ? error.message : String(error);
      log.error({ scheduleId, reason: message }, 'a production report failed');
      await releaseAfterFailure(db, scheduleId, this.#holder, {
        lastError: message.slice(0, 500),
        retryAt: new Date(this.#now().getTime() + RETRY_MINUTES * 60_000),
      });
    }
  }

  /** The name, or the name with `-2`, `-3`… when a file of the same minute exists. */
  async #freeName(organisationId: number, name: string): Promise<string> {
    const dot = name.lastIndexOf('.');
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
      if (!(await fileNameTaken(this.#options.db, organisationId, candidate))) return candidate;
    }
  }

  /** Keeps a schedule's latest FILES_KEPT_PER_SCHEDULE files; older ones leave the listing and the disk. */
  async #prune(scheduleId: number): Promise<void> {
    const removed = await pruneFiles(this.#options.db, scheduleId, FILES_KEPT_PER_SCHEDULE);
    for (const file of removed) await unlink(join(this.dir, file.organisationId, file.fileName)).catch(() => undefined);
  }
}
