import type {
  ExportFile,
  ExportKind,
  ExportSettings,
  Schedule,
  ScheduleInput,
  WatermarkView,
} from '@/contract/exports';
import type { PrintLocale } from '@/contract/printing';
import type {
  ProductionReportFile,
  ProductionReportInput,
  ProductionReportSchedule,
} from '@/contract/production-reports';
import type { Queryable } from '../../db/database';
import type { NextWatermark, StoredWatermark } from './watermark';

/**
 * All SQL of the exports' tables: gateway.export_runs (streamed downloads awaiting the browser's
 * confirmation), gateway.export_watermarks, gateway.export_schedules (with their lease) and
 * gateway.export_files (what the schedules wrote into EXPORT_DIR). No other module touches them. Who saved a
 * watermark or created a schedule is given by account id: the service names them (auth's accountNames).
 */

/** A watermark as stored: `savedBy` is the id of the account that saved it. */
export type StoredWatermarkView = Omit<WatermarkView, 'savedBy'> & { savedBy: number | null };

/** A schedule as stored: `createdBy` is the id of the account that created it. */
export type StoredSchedule = Omit<Schedule, 'createdBy'> & { createdBy: number | null };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

// ---- watermarks ----

export async function readWatermark(
  db: Queryable,
  organisationId: number,
  stream: string,
): Promise<StoredWatermark | null> {
  const { rows } = await db.query<{ at: Date; boundary: string[] }>(
    'select at, boundary from gateway.export_watermarks where organisation_id = $1 and stream = $2',
    [organisationId, stream],
  );
  const row = rows[0];
  return row ? { atMs: new Date(row.at).getTime(), boundary: row.boundary } : null;
}

/**
 * Stores the watermark of a complete export, unless the stream's watermark is already later (another export
 * finished after it started): a watermark never moves back. True when it moved.
 */
export async function commitWatermark(
  db: Queryable,
  organisationId: number,
  stream: string,
  next: NextWatermark,
  accountId: number | null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into gateway.export_watermarks (organisation_id, stream, at, boundary, saved_by)
     values ($1, $2, $3, $4, $5)
     on conflict (organisation_id, stream) do update
       set at = excluded.at, boundary = excluded.boundary, saved_at = now(), saved_by = excluded.saved_by
       where gateway.export_watermarks.at < excluded.at
          or (gateway.export_watermarks.at = excluded.at and gateway.export_watermarks.boundary <> excluded.boundary)`,
    [organisationId, stream, next.at, next.boundary, accountId],
  );
  return rowCount > 0;
}

export async function listWatermarks(db: Queryable, organisationId: number): Promise<StoredWatermarkView[]> {
  const { rows } = await db.query<{ stream: string; at: Date; saved_at: Date; saved_by: string | null }>(
    `select stream, at, saved_at, saved_by from gateway.export_watermarks where organisation_id = $1 order by stream`,
    [organisationId],
  );
  return rows.map((row) => ({
    stream: row.stream,
    at: new Date(row.at).toISOString(),
    savedAt: new Date(row.saved_at).toISOString(),
    savedBy: row.saved_by === null ? null : Number(row.saved_by),
  }));
}

export async function forgetWatermark(db: Queryable, organisationId: number, stream: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'delete from gateway.export_watermarks where organisation_id = $1 and stream = $2',
    [organisationId, stream],
  );
  return rowCount > 0;
}

// ---- runs (streamed downloads) ----

/** Runs older than this are forgotten (an unconfirmed run can no longer move its watermark). */
const RUN_RETENTION_DAYS = 7;

/** Records a run that starts streaming (forgetting the organisation's runs past retention); its id. */
export async function insertRun(
  db: Queryable,
  run: { organisationId: number; accountId: number; stream: string; sinceAt: Date | null },
): Promise<number> {
  await db.query(
    `delete from gateway.export_runs where organisation_id = $1 and started_at < now() - make_interval(days => ${RUN_RETENTION_DAYS})`,
    [run.organisationId],
  );
  const { rows } = await db.query<{ id: string }>(
    `insert into gateway.export_runs (organisation_id, account_id, stream, status, since_at)
     values ($1, $2, $3, 'running', $4) returning id`,
    [run.organisationId, run.accountId, run.stream, run.sinceAt],
  );
  return Number(rows[0]?.id);
}

/** What a streamed run wrote, kept until the browser confirms it has the whole file. */
export interface StreamedRun {
  next: NextWatermark | null;
  records: number;
  rows: number;
  skipped: number;
}

export async function markRunStreamed(db: Queryable, runId: number, result: StreamedRun): Promise<void> {
  await db.query(
    `update gateway.export_runs set status = 'streamed', next_at = $2, next_boundary = $3,
            record_count = $4, row_count = $5, skipped_count = $6, finished_at = now()
      where id = $1`,
    [runId, result.next?.at ?? null, result.next?.boundary ?? null, result.records, result.rows, result.skipped],
  );
}

export async function markRunFailed(db: Queryable, runId: number): Promise<void> {
  await db.query(`update gateway.export_runs set status = 'failed', finished_at = now() where id = $1`, [runId]);
}

export interface CompletedRun {
  stream: string;
  next: NextWatermark | null;
  records: number;
  rows: number;
  skipped: number;
}

/** Marks the person's streamed run completed; null when there is none such (unknown, another's, not streamed). */
export async function completeRun(
  db: Queryable,
  runId: number,
  organisationId: number,
  accountId: number,
): Promise<CompletedRun | null> {
  const { rows } = await db.query<{
    stream: string;
    next_at: Date | null;
    next_boundary: string[] | null;
    record_count: number;
    row_count: number;
    skipped_count: number;
  }>(
    `update gateway.export_runs set status = 'completed'
      where id = $1 and organisation_id = $2 and account_id = $3 and status = 'streamed'
      returning stream, next_at, next_boundary, record_count, row_count, skipped_count`,
    [runId, organisationId, accountId],
  );
  const run = rows[0];
  if (!run) return null;
  return {
    stream: run.stream,
    next: run.next_at === null ? null : { at: new Date(run.next_at).toISOString(), boundary: run.next_boundary ?? [] },
    records: run.record_count,
    rows: run.row_count,
    skipped: run.skipped_count,
  };
}

// ---- schedules ----

interface ScheduleDbRow {
  id: string;
  kind: Schedule['kind'];
  row_shape: Schedule['rows'];
  format: Schedule['format'];
  delimiter: Schedule['delimiter'];
  mode: Schedule['mode'];
  time_of_day: string;
  time_zone: string;
  enabled: boolean;
  next_run_at: Date;
  last_run_at: Date | null;
  last_error: string | null;
  watermark_at: Date | null;
  created_by: string | null;
}

const scheduleOf = (row: ScheduleDbRow): StoredSchedule => ({
  id: Number(row.id),
  kind: row.kind,
  rows: row.row_shape,
  format: row.format,
  delimiter: row.delimiter,
  mode: row.mode,
  timeOfDay: row.time_of_day,
  timeZone: row.time_zone,
  enabled: row.enabled,
  nextRunAt: new Date(row.next_run_at).toISOString(),
  lastRunAt: iso(row.last_run_at),
  lastError: row.last_error,
  watermarkAt: iso(row.watermark_at),
  createdBy: row.created_by === null ? null : Number(row.created_by),
});

const SCHEDULE_SELECT = `select s.id, s.kind, s.row_shape, s.format, s.delimiter, s.mode, s.time_of_day, s.time_zone,
       s.enabled, s.next_run_at, s.last_run_at, s.last_error, w.at as watermark_at, s.created_by
  from gateway.export_schedules s
  left join gateway.export_watermarks w on w.organisation_id = s.organisation_id and w.stream = 'schedule:' || s.id`;

export async function listSchedules(db: Queryable, organisationId: number): Promise<StoredSchedule[]> {
  const { rows } = await db.query<ScheduleDbRow>(
    `${SCHEDULE_SELECT} where s.organisation_id = $1 and s.production_id is null order by s.id`,
    [organisationId],
  );
  return rows.map(scheduleOf);
}

export async function findSchedule(db: Queryable, organisationId: number, id: number): Promise<StoredSchedule | null> {
  const { rows } = await db.query<ScheduleDbRow>(
    `${SCHEDULE_SELECT} where s.organisation_id = $1 and s.id = $2 and s.production_id is null`,
    [organisationId, id],
  );
  return rows[0] ? scheduleOf(rows[0]) : null;
}

const settingsParams = (input: ScheduleInput) => [
  input.kind,
  input.rows,
  input.format,
  input.delimiter,
  input.mode,
  input.timeOfDay,
  input.timeZone,
  input.enabled,
];

export async function insertSchedule(
  db: Queryable,
  organisationId: number,
  input: ScheduleInput,
  nextRunAt: Date,
  createdBy: number,
  buyerContact: boolean,
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into gateway.export_schedules (organisation_id, kind, row_shape, format, delimiter, mode, time_of_day,
       time_zone, enabled, next_run_at, created_by, buyer_contact)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
    [organisationId, ...settingsParams(input), nextRunAt, createdBy, buyerContact],
  );
  return Number(rows[0]?.id);
}

export async function updateSchedule(
  db: Queryable,
  organisationId: number,
  id: number,
  input: ScheduleInput,
  nextRunAt: Date,
  buyerContact: boolean,
): Promise<void> {
  await db.query(
    `update gateway.export_schedules set kind = $3, row_shape = $4, format = $5, delimiter = $6, mode = $7,
            time_of_day = $8, time_zone = $9, enabled = $10, next_run_at = $11, buyer_contact = $12
      where id = $1 and organisation_id = $2`,
    [id, organisationId, ...settingsParams(input), nextRunAt, buyerContact],
  );
}

export async function deleteSchedule(db: Queryable, organisationId: number, id: number): Promise<void> {
  await db.query('delete from gateway.export_schedules where id = $1 and organisation_id = $2', [id, organisationId]);
}

/** Makes the schedule due now (and enabled): whichever instance ticks first runs it. */
export async function makeScheduleDue(db: Queryable, organisationId: number, id: number): Promise<void> {
  await db.query(
    'update gateway.export_schedules set next_run_at = now(), enabled = true where id = $1 and organisation_id = $2',
    [id, organisationId],
  );
}

/** A schedule as the scheduler runs it. */
export interface DueSchedule {
  id: number;
  organisationId: number;
  /** An export's settings (a production report has none of its own: its settings are unused). */
  settings: ExportSettings;
  timeOfDay: string;
  timeZone: string;
  /** Whether its files carry buyers' contact details: the person who saved it sees them. */
  buyerContact: boolean;
  /** A production's sales report (null: an export), cut to the scope of the person who scheduled it. */
  report: { productionId: number; createdBy: number | null; language: PrintLocale } | null;
}

/**
 * Takes one due schedule for `holder` for `leaseMinutes`, by the database's clock (the one clock all
 * instances share): a conditional update, so two instances claiming at the same moment get different ones.
 */
export async function claimDueSchedule(
  db: Queryable,
  holder: string,
  leaseMinutes: number,
): Promise<DueSchedule | null> {
  const due = 'enabled and next_run_at <= now() and (lease_expires_at is null or lease_expires_at < now())';
  const { rows } = await db.query<{
    id: string;
    organisation_id: string;
    kind: ExportSettings['kind'];
    row_shape: ExportSettings['rows'];
    format: ExportSettings['format'];
    delimiter: ExportSettings['delimiter'];
    mode: ExportSettings['mode'];
    time_of_day: string;
    time_zone: string;
    buyer_contact: boolean;
    production_id: string | null;
    created_by: string | null;
    language: PrintLocale;
  }>(
    `update gateway.export_schedules s
        set lease_holder = $1, lease_expires_at = now() + make_interval(mins => ${Number(leaseMinutes)})
      where s.id = (select id from gateway.export_schedules where ${due} order by next_run_at limit 1
                     for update skip locked)
        and ${due}
      returning s.id, s.organisation_id, s.kind, s.row_shape, s.format, s.delimiter, s.mode, s.time_of_day,
                s.time_zone, s.buyer_contact, s.production_id, s.created_by, s.language`,
    [holder],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    organisationId: Number(row.organisation_id),
    settings: { kind: row.kind, rows: row.row_shape, format: row.format, delimiter: row.delimiter, mode: row.mode },
    timeOfDay: row.time_of_day,
    timeZone: row.time_zone,
    buyerContact: row.buyer_contact,
    report:
      row.production_id === null
        ? null
        : {
            productionId: Number(row.production_id),
            createdBy: row.created_by === null ? null : Number(row.created_by),
            language: row.language,
          },
  };
}

/** Releases `holder`'s lease after a run that wrote its file: its last run, and the next. */
export async function releaseAfterRun(
  db: Queryable,
  scheduleId: number,
  holder: string,
  outcome: { nextRunAt: Date; lastRunAt: Date; lastError: string | null },
): Promise<void> {
  await db.query(
    `update gateway.export_schedules
        set next_run_at = $3, last_run_at = $4, last_error = $5, lease_holder = null, lease_expires_at = null
      where id = $1 and lease_holder = $2`,
    [scheduleId, holder, outcome.nextRunAt, outcome.lastRunAt, outcome.lastError],
  );
}

/** Releases `holder`'s lease after a failed run: the error, and when to try again. */
export async function releaseAfterFailure(
  db: Queryable,
  scheduleId: number,
  holder: string,
  outcome: { lastError: string; retryAt: Date },
): Promise<void> {
  await db.query(
    `update gateway.export_schedules
        set last_error = $3, next_run_at = $4, lease_holder = null, lease_expires_at = null
      where id = $1 and lease_holder = $2`,
    [scheduleId, holder, outcome.lastError, outcome.retryAt],
  );
}

// ---- files ----

/** The files of `kinds`; with `buyerContact` false, only those that hold no buyers' contact details. */
export async function listFiles(
  db: Queryable,
  organisationId: number,
  kinds: readonly ExportKind[],
  buyerContact: boolean,
): Promise<ExportFile[]> {
  const { rows } = await db.query<{
    id: string;
    schedule_id: string | null;
    kind: ExportKind;
    row_shape: ExportSettings['rows'];
    format: ExportSettings['format'];
    mode: ExportSettings['mode'];
    file_name: string;
    bytes: string;
    row_count: number;
    record_count: number;
    since_at: Date | null;
    watermark_at: Date | null;
    source: 'mirror' | 'service';
    created_at: Date;
  }>(
    `select * from gateway.export_files where organisation_id = $1 and kind = any($2) and ($3 or not buyer_contact)
      order by created_at desc, id desc limit 200`,
    [organisationId, kinds, buyerContact],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    scheduleId: row.schedule_id === null ? null : Number(row.schedule_id),
    kind: row.kind,
    rows: row.row_shape,
    format: row.format,
    mode: row.mode,
    fileName: row.file_name,
    bytes: Number(row.bytes),
    rowCount: row.row_count,
    recordCount: row.record_count,
    sinceAt: iso(row.since_at),
    watermarkAt: iso(row.watermark_at),
    source: row.source,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export interface StoredFile {
  kind: ExportKind;
  fileName: string;
  format: ExportSettings['format'];
  rows: ExportSettings['rows'];
  buyerContact: boolean;
}

export async function findFile(db: Queryable, organisationId: number, id: number): Promise<StoredFile | null> {
  const { rows } = await db.query<{
    kind: ExportKind;
    file_name: string;
    format: ExportSettings['format'];
    row_shape: ExportSettings['rows'];
    buyer_contact: boolean;
  }>(
    `select kind, file_name, format, row_shape, buyer_contact from gateway.export_files
      where id = $1 and organisation_id = $2 and production_id is null`,
    [id, organisationId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    kind: row.kind,
    fileName: row.file_name,
    format: row.format,
    rows: row.row_shape,
    buyerContact: row.buyer_contact,
  };
}

export async function fileNameTaken(db: Queryable, organisationId: number, fileName: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from gateway.export_files where organisation_id = $1 and file_name = $2', [
    organisationId,
    fileName,
  ]);
  return rows.length > 0;
}

/** A file a schedule wrote, as listed. */
export interface WrittenFile {
  organisationId: number;
  scheduleId: number;
  settings: ExportSettings;
  fileName: string;
  bytes: number;
  rows: number;
  records: number;
  sinceAt: Date | null;
  watermarkAt: Date | string | null;
  source: 'mirror' | 'service';
  /** Whether the file holds buyers' contact details. */
  buyerContact: boolean;
}

/** Lists the file, only while `holder` still holds its schedule's lease; its id, or null when it lost it. */
export async function insertScheduledFile(db: Queryable, file: WrittenFile, holder: string): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    `insert into gateway.export_files (organisation_id, schedule_id, kind, row_shape, format, mode, file_name,
       bytes, row_count, record_count, since_at, watermark_at, source, buyer_contact)
     select $1, s.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $15 from gateway.export_schedules s
      where s.id = $2 and s.lease_holder = $14
     returning id`,
    [
      file.organisationId,
      file.scheduleId,
      file.settings.kind,
      file.settings.rows,
      file.settings.format,
      file.settings.mode,
      file.fileName,
      file.bytes,
      file.rows,
      file.records,
      file.sinceAt,
      file.watermarkAt,
      file.source,
      holder,
      file.buyerContact,
    ],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Unlists a schedule's files beyond its latest `keep`; the organisation and name of each, to remove from disk. */
export async function pruneFiles(
  db: Queryable,
  scheduleId: number,
  keep: number,
): Promise<{ organisationId: string; fileName: string }[]> {
  const { rows } = await db.query<{ organisation_id: string; file_name: string }>(
    `delete from gateway.export_files where id in (
       select id from gateway.export_files where schedule_id = $1 order by created_at desc, id desc offset $2)
     returning organisation_id, file_name`,
    [scheduleId, keep],
  );
  return rows.map((row) => ({ organisationId: row.organisation_id, fileName: row.file_name }));
}

// ---- production reports (export schedules with a production; migration 032) ----

/** A production report's schedule as stored: `createdBy` is the id of the account that created it. */
export type StoredProductionSchedule = Omit<ProductionReportSchedule, 'createdBy'> & { createdBy: number | null };

const PRODUCTION_SCHEDULE_SELECT = `select id, production_id, time_of_day, time_zone, language, next_run_at, last_run_at,
       last_error, created_by from gateway.export_schedules`;

/** The organisation's production report schedules: of one production, or the one of an id. */
export async function listProductionSchedules(
  db: Queryable,
  organisationId: number,
  where: { productionId?: number; scheduleId?: number },
): Promise<StoredProductionSchedule[]> {
  const { rows } = await db.query<{
    id: string;
    production_id: string;
    time_of_day: string;
    time_zone: string;
    language: PrintLocale;
    next_run_at: Date;
    last_run_at: Date | null;
    last_error: string | null;
    created_by: string | null;
  }>(
    `${PRODUCTION_SCHEDULE_SELECT}
      where organisation_id = $1 and production_id is not null
        and ($2::bigint is null or production_id = $2) and ($3::bigint is null or id = $3)
      order by id`,
    [organisationId, where.productionId ?? null, where.scheduleId ?? null],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    productionId: Number(row.production_id),
    timeOfDay: row.time_of_day,
    timeZone: row.time_zone,
    language: row.language,
    nextRunAt: new Date(row.next_run_at).toISOString(),
    lastRunAt: iso(row.last_run_at),
    lastError: row.last_error,
    createdBy: row.created_by === null ? null : Number(row.created_by),
  }));
}

/** A daily production report; its id. Kind, shape, format and mode are fixed (the CSV and the page both). */
export async function insertProductionSchedule(
  db: Queryable,
  organisationId: number,
  productionId: number,
  input: ProductionReportInput,
  nextRunAt: Date,
  createdBy: number,
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into gateway.export_schedules (organisation_id, kind, production_id, format, mode, time_of_day,
       time_zone, language, next_run_at, created_by)
     values ($1, 'production-sales', $2, 'csv', 'full', $3, $4, $5, $6, $7) returning id`,
    [organisationId, productionId, input.timeOfDay, input.timeZone, input.language, nextRunAt, createdBy],
  );
  return Number(rows[0]?.id);
}

/** The files of a production's reports (or one file by id), newest first. */
export async function listProductionFiles(
  db: Queryable,
  organisationId: number,
  where: { productionId?: number; fileId?: number },
): Promise<ProductionReportFile[]> {
  const { rows } = await db.query<{
    id: string;
    schedule_id: string | null;
    production_id: string;
    format: ProductionReportFile['format'];
    file_name: string;
    bytes: string;
    created_at: Date;
  }>(
    `select id, schedule_id, production_id, format, file_name, bytes, created_at from gateway.export_files
      where organisation_id = $1 and production_id is not null
        and ($2::bigint is null or production_id = $2) and ($3::bigint is null or id = $3)
      order by created_at desc, id desc limit 200`,
    [organisationId, where.productionId ?? null, where.fileId ?? null],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    scheduleId: row.schedule_id === null ? null : Number(row.schedule_id),
    productionId: Number(row.production_id),
    format: row.format,
    fileName: row.file_name,
    bytes: Number(row.bytes),
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Lists a report's file, only while `holder` still holds its schedule's lease; its id, or null when it lost it. */
export async function insertProductionFile(
  db: Queryable,
  file: { scheduleId: number; format: ProductionReportFile['format']; fileName: string; bytes: number; rows: number },
  holder: string,
): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    `insert into gateway.export_files (organisation_id, schedule_id, production_id, kind, row_shape, format, mode,
       file_name, bytes, row_count, record_count, source)
     select s.organisation_id, s.id, s.production_id, s.kind, s.row_shape, $2, 'full', $3, $4, $5, $5, 'mirror'
       from gateway.export_schedules s
      where s.id = $1 and s.lease_holder = $6 and s.production_id is not null
     returning id`,
    [file.scheduleId, file.format, file.fileName, file.bytes, file.rows, holder],
  );
  return rows[0] ? Number(rows[0].id) : null;
}
