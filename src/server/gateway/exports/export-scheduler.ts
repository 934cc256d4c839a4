import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { type ExportSettings, FILES_KEPT_PER_SCHEDULE } from '@/contract/exports';
import type { Database } from '../../db/database';
import { localDate, zonedToInstant } from '../../time';
import { recordAudit } from '../audit/audit-trail';
import type { Organisations } from '../connection/organisations';
import type { ServiceConnection } from '../service-connection';
import { UpstreamClient } from '../upstream/upstream-client';
import { chooseSource } from './export-sources';
import { encoderOf, exportFileName, runExport } from './run-export';
import { commitWatermark, readWatermark } from './watermark';

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

interface ScheduleRow {
  id: string;
  organisation_id: string;
  kind: ExportSettings['kind'];
  row_shape: ExportSettings['rows'];
  format: ExportSettings['format'];
  delimiter: ExportSettings['delimiter'];
  mode: ExportSettings['mode'];
  time_of_day: string;
  time_zone: string;
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
  #timer: NodeJS.Timeout | null = null;
  #ticking: Promise<number> | null = null;
  #again = false;

  constructor(options: ExportSchedulerOptions) {
    this.#options = options;
    this.dir = options.dir;
    this.#holder = options.holder ?? `${process.pid}-${randomUUID()}`;
    this.#now = options.now ?? (() => new Date());
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.poke(), this.#options.intervalMs ?? 30_000);
    this.#timer.unref();
    this.poke();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#ticking?.catch(() => undefined);
  }

  /** Looks for due schedules now (after "run now"), without waiting for it. */
  poke(): void {
    void this.tick().catch((error: unknown) => this.#options.log.error({ error }, 'scheduled exports failed'));
  }

  /** Runs every due schedule this instance can take; resolves with how many it ran. One tick at a time. */
  tick(): Promise<number> {
    if (this.#ticking) {
      this.#again = true;
      return this.#ticking;
    }
    const run = async () => {
      let ran = 0;
      do {
        this.#again = false;
        for (let schedule = await this.#claim(); schedule; schedule = await this.#claim()) {
          await this.#run(schedule);
          ran += 1;
        }
      } while (this.#again);
      return ran;
    };
    this.#ticking = run().finally(() => {
      this.#ticking = null;
    });
    return this.#ticking;
  }

  /** Takes one due schedule, by the database's clock (the one clock all instances share). */
  async #claim(): Promise<ScheduleRow | null> {
    const due = 'enabled and next_run_at <= now() and (lease_expires_at is null or lease_expires_at < now())';
    const { rows } = await this.#options.db.query<ScheduleRow>(
      `update gateway.export_schedules s
          set lease_holder = $1, lease_expires_at = now() + make_interval(mins => ${LEASE_MINUTES})
        where s.id = (select id from gateway.export_schedules where ${due} order by next_run_at limit 1
                       for update skip locked)
          and ${due}
        returning s.id, s.organisation_id, s.kind, s.row_shape, s.format, s.delimiter, s.mode, s.time_of_day,
                  s.time_zone`,
      [this.#holder],
    );
    return rows[0] ?? null;
  }

  async #run(schedule: ScheduleRow): Promise<void> {
    const { db, log } = this.#options;
    const scheduleId = Number(schedule.id);
    const organisationId = Number(schedule.organisation_id);
    const startedAt = this.#now();
    const folder = join(this.dir, String(organisationId));
    let partPath: string | null = null;
    try {
      const access = await this.#options.organisations.access(organisationId);
      if (!access) throw new Error('the organisation is not connected');
      const settings: ExportSettings = {
        kind: schedule.kind,
        rows: schedule.row_shape,
        format: schedule.format,
        delimiter: schedule.delimiter,
        mode: schedule.mode,
      };
      const stream = scheduleStream(scheduleId);
      const since = settings.mode === 'changes' ? await readWatermark(db, organisationId, stream) : null;
      const source = await chooseSource(
        db,
        UpstreamClient.forOrganisation(this.#options, access),
        settings.kind,
        since ? new Date(since.atMs) : null,
      );
      const encoder = encoderOf(settings);
      const fileName = await this.#freeName(
        organisationId,
        exportFileName(access.clientName, settings, encoder.extension, startedAt, schedule.time_zone),
      );
      await mkdir(folder, { recursive: true });
      partPath = join(folder, `.${fileName}.part`);
      const file = await open(partPath, 'w');
      let result: Awaited<ReturnType<typeof runExport>>;
      try {
        result = await runExport({ source, settings, since, write: async (text) => void (await file.write(text)) });
      } finally {
        await file.close();
      }
      const finalPath = join(folder, fileName);
      await rename(partPath, finalPath);
      partPath = finalPath;
      const { size } = await stat(finalPath);
      const stored = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(
          `insert into gateway.export_files (organisation_id, schedule_id, kind, row_shape, format, mode, file_name,
             bytes, row_count, record_count, since_at, watermark_at, source)
           select $1, s.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 from gateway.export_schedules s
            where s.id = $2 and s.lease_holder = $14
           returning id`,
          [
            organisationId,
            scheduleId,
            settings.kind,
            settings.rows,
            settings.format,
            settings.mode,
            fileName,
            size,
            result.rows,
            result.records,
            since ? new Date(since.atMs) : null,
            result.next?.at ?? (since ? new Date(since.atMs) : null),
            source.source,
            this.#holder,
          ],
        );
        if (!rows[0]) return null;
        if (result.next) await commitWatermark(tx, organisationId, stream, result.next, null);
        await tx.query(
          `update gateway.export_schedules
              set next_run_at = $3, last_run_at = $4, last_error = $5, lease_holder = null, lease_expires_at = null
            where id = $1 and lease_holder = $2`,
          [
            scheduleId,
            this.#holder,
            nextRunAt(schedule.time_of_day, schedule.time_zone, this.#now()),
            startedAt,
            result.complete ? null : 'The data changed while it was read; the watermark stayed where it was.',
          ],
        );
        await recordAudit(tx, {
          organisationId,
          action: 'export',
          status: 200,
          details: {
            scheduleId,
            fileId: Number(rows[0].id),
            fileName,
            ...settings,
            source: source.source,
            records: result.records,
            rows: result.rows,
          },
        });
        return Number(rows[0].id);
      });
      if (stored === null) {
        // Another instance took the schedule over (this run outlived its lease): its file is the one listed.
        await unlink(finalPath).catch(() => undefined);
        log.warn({ scheduleId }, 'a scheduled export lost its lease before it finished; its file was dropped');
        return;
      }
      partPath = null;
      await this.#prune(scheduleId);
      log.info({ scheduleId, fileName, rows: result.rows }, 'scheduled export written');
    } catch (error) {
      if (partPath) await rm(partPath, { force: true }).catch(() => undefined);
      const message = error instanceof Error ? error.message : String(error);
      log.error({ scheduleId, reason: message }, 'a scheduled export failed');
      await db.query(
        `update gateway.export_schedules
            set last_error = $3, next_run_at = $4, lease_holder = null, lease_expires_at = null
          where id = $1 and lease_holder = $2`,
        [scheduleId, this.#holder, message.slice(0, 500), new Date(this.#now().getTime() + RETRY_MINUTES * 60_000)],
      );
    }
  }

  /** The name, or the name with `-2`, `-3`… when a file of the same minute exists. */
  async #freeName(organisationId: number, name: string): Promise<string> {
    const dot = name.lastIndexOf('.');
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
      const { rows } = await this.#options.db.query(
        'select 1 from gateway.export_files where organisation_id = $1 and file_name = $2',
        [organisationId, candidate],
      );
      if (rows.length === 0) return candidate;
    }
  }

  /** Keeps a schedule's latest FILES_KEPT_PER_SCHEDULE files; older ones leave the listing and the disk. */
  async #prune(scheduleId: number): Promise<void> {
    const { rows } = await this.#options.db.query<{ organisation_id: string; file_name: string }>(
      `delete from gateway.export_files where id in (
         select id from gateway.export_files where schedule_id = $1 order by created_at desc, id desc offset $2)
       returning organisation_id, file_name`,
      [scheduleId, FILES_KEPT_PER_SCHEDULE],
    );
    for (const row of rows) await unlink(join(this.dir, row.organisation_id, row.file_name)).catch(() => undefined);
  }
}
