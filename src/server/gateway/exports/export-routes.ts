import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  ANY_EXPORT,
  EXPORT_KIND_REQUIRES,
  EXPORT_KINDS,
  type ExportKind,
  type ExportSettings,
  exportRunSchema,
  kindOfStream,
  mayExport,
  ORDER_ROW_SHAPES,
  PAGE_STREAMS,
  type PageStream,
  pageStreamOf,
  type Schedule,
  scheduleInputSchema,
} from '@/contract/exports';
import { type GatewayDeps, type GatewayEnv, refusal, type SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit/request-audit';
import { ConflictError, ForbiddenError, GoneError, NotFoundError, UnavailableError } from '../errors';
import type { Principal } from '../principal';
import { parseBody, parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import { UpstreamClient } from '../upstream/upstream-client';
import { nextRunAt, scheduleStream } from './export-scheduler';
import { chooseSource } from './export-sources';
import { encoderOf, exportFileName, exportPlan, runExport } from './run-export';
import {
  commitWatermark,
  countDelivered,
  forgetWatermark,
  listWatermarks,
  readWatermark,
  type StoredWatermark,
} from './watermark';

const idText = (text: string | undefined) => (text && /^\d{1,15}$/.test(text) ? Number(text) : null);

const countQuerySchema = z.object({
  kind: z.enum(EXPORT_KINDS),
  rows: z.enum(ORDER_ROW_SHAPES).default('order'),
});

/** Runs older than this are forgotten (an unconfirmed run can no longer move its watermark). */
const RUN_RETENTION_DAYS = 7;

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

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const scheduleOf = (row: ScheduleDbRow): Schedule => ({
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
  createdBy: row.created_by,
});

const SCHEDULE_SELECT = `select s.id, s.kind, s.row_shape, s.format, s.delimiter, s.mode, s.time_of_day, s.time_zone,
       s.enabled, s.next_run_at, s.last_run_at, s.last_error, w.at as watermark_at, a.display_name as created_by
  from gateway.export_schedules s
  left join gateway.export_watermarks w on w.organisation_id = s.organisation_id and w.stream = 'schedule:' || s.id
  left join gateway.accounts a on a.id = s.created_by`;

/**
 * CRM exports made on the server: streamed to the browser (`POST /exports/runs`, the watermark moves when the
 * browser confirms it has the whole file), counted, scheduled (written into EXPORT_DIR at a time of day) and
 * the scheduled files listed and downloaded. Every route checks the kind against the person's role, as the
 * export itself would be; runs, downloads and schedule changes are recorded in the audit trail.
 */
export function registerExportRoutes(routes: SecuredRoutes, deps: GatewayDeps): void {
  const { db } = deps;
  const scheduler = deps.exportScheduler ?? null;
  const anyExport = { anyOf: ANY_EXPORT } as const;

  const upstreamOf = (c: Context<GatewayEnv>) => UpstreamClient.forPerson(deps, c.get('principal'), requestOrigin(c));
  /** Refuses (403) a kind the role may not export. */
  const requireKind = (c: Context<GatewayEnv>, kind: ExportKind): void => {
    const principal = c.get('principal');
    if (!mayExport(kind, principal.permissions))
      throw new ForbiddenError(refusal(EXPORT_KIND_REQUIRES[kind], principal));
  };
  const allowedStreams = (principal: Principal) =>
    PAGE_STREAMS.filter((stream) => mayExport(kindOfStream(stream), principal.permissions));

  routes.declare('GET', '/exports/watermarks', anyExport, async (c) => {
    const principal = c.get('principal');
    const allowed = new Set<string>(allowedStreams(principal));
    const watermarks = (await listWatermarks(db, principal.organisationId)).filter((w) => allowed.has(w.stream));
    return c.json({ watermarks });
  });

  routes.declare('DELETE', '/exports/watermarks/:stream', anyExport, async (c) => {
    const principal = c.get('principal');
    const stream = c.req.param('stream') as PageStream;
    if (!(PAGE_STREAMS as readonly string[]).includes(stream)) throw new NotFoundError('No such export');
    requireKind(c, kindOfStream(stream));
    await db.transaction(async (tx) => {
      await forgetWatermark(tx, principal.organisationId, stream);
      await recordRequestAudit(tx, c, {
        action: 'export',
        status: 204,
        details: { stream, watermark: 'forgotten' },
      });
    });
    return c.body(null, 204);
  });

  routes.declare('GET', '/exports/count', anyExport, async (c) => {
    const query = parseQuery(c, countQuerySchema);
    requireKind(c, query.kind);
    const upstream = upstreamOf(c);
    const stream = pageStreamOf(query.kind, query.rows);
    const whole = await chooseSource(db, upstream, query.kind, null);
    const since = stream ? await readWatermark(db, upstream.organisationId, stream) : null;
    const changed = since ? await changedSince(upstream, query, since) : null;
    return c.json({ total: whole.total, changed, source: whole.source });
  });

  /** Records changed since a watermark: those the export would read, less those the last export delivered. */
  async function changedSince(
    upstream: UpstreamClient,
    settings: Pick<ExportSettings, 'kind' | 'rows'>,
    since: StoredWatermark,
  ): Promise<number> {
    const source = await chooseSource(db, upstream, settings.kind, new Date(since.atMs));
    const timeField = exportPlan(settings).timeField ?? 'lastChanged';
    const delivered = await countDelivered(source.batches(), since, timeField, !source.completeBefore);
    return Math.max(0, source.total - delivered);
  }

  routes.declare('POST', '/exports/runs', anyExport, async (c) => {
    const settings = await parseBody(c, exportRunSchema);
    requireKind(c, settings.kind);
    const principal = c.get('principal');
    const stream = pageStreamOf(settings.kind, settings.rows);
    const since =
      stream && settings.mode === 'changes' ? await readWatermark(db, principal.organisationId, stream) : null;
    if (settings.mode === 'changes' && !since) {
      throw new ConflictError('There is no complete export yet to continue from: export everything first.');
    }
    const source = await chooseSource(db, upstreamOf(c), settings.kind, since ? new Date(since.atMs) : null);
    const encoder = encoderOf(settings);
    const fileName = exportFileName(
      principal.clientName,
      { ...settings, mode: since ? 'changes' : 'full' },
      encoder.extension,
      new Date(),
      settings.timeZone ?? 'UTC',
    );
    const runId = await db.transaction(async (tx) => {
      await tx.query(
        `delete from gateway.export_runs where organisation_id = $1 and started_at < now() - make_interval(days => ${RUN_RETENTION_DAYS})`,
        [principal.organisationId],
      );
      const { rows } = await tx.query<{ id: string }>(
        `insert into gateway.export_runs (organisation_id, account_id, stream, status, since_at)
         values ($1, $2, $3, 'running', $4) returning id`,
        [principal.organisationId, principal.accountId, stream ?? settings.kind, since ? new Date(since.atMs) : null],
      );
      const id = Number(rows[0]?.id);
      await recordRequestAudit(tx, c, {
        action: 'export',
        status: 200,
        details: {
          runId: id,
          ...settings,
          incremental: since !== null,
          changedSince: since ? new Date(since.atMs).toISOString() : null,
          source: source.source,
          records: source.total,
        },
      });
      return id;
    });
    // The body is a stream the export writes into as it reads: a failure half-way errors the stream, so
    // the browser sees a broken download (never a short file that looks whole) and does not confirm it.
    const pipe = new TransformStream<Uint8Array, Uint8Array>();
    const writer = pipe.writable.getWriter();
    // Settled by abort below or by the browser going away: nothing waits on it.
    writer.closed.catch(() => undefined);
    const bytes = new TextEncoder();
    void (async () => {
      try {
        const result = await runExport({
          source,
          settings,
          since,
          write: (text) => writer.write(bytes.encode(text)),
        });
        await db.query(
          `update gateway.export_runs set status = 'streamed', next_at = $2, next_boundary = $3,
                  record_count = $4, row_count = $5, skipped_count = $6, finished_at = now()
            where id = $1`,
          [runId, result.next?.at ?? null, result.next?.boundary ?? null, result.records, result.rows, result.skipped],
        );
        await writer.close();
      } catch (error) {
        await db.query(`update gateway.export_runs set status = 'failed', finished_at = now() where id = $1`, [runId]);
        deps.log.warn({ runId, reason: error instanceof Error ? error.message : String(error) }, 'export stopped');
        await writer.abort(error).catch(() => undefined);
      }
    })();
    return new Response(pipe.readable, {
      headers: {
        'content-type': encoder.mimeType,
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'no-store',
        'x-export-run': String(runId),
        'x-export-records': String(source.total),
        'x-export-source': source.source,
      },
    });
  });

  routes.declare('POST', '/exports/runs/:id/complete', anyExport, async (c) => {
    const principal = c.get('principal');
    const runId = idText(c.req.param('id'));
    if (runId === null) throw new NotFoundError('No such export');
    const outcome = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        stream: string;
        since_at: Date | null;
        next_at: Date | null;
        next_boundary: string[] | null;
        record_count: number;
        row_count: number;
        skipped_count: number;
      }>(
        `update gateway.export_runs set status = 'completed'
          where id = $1 and organisation_id = $2 and account_id = $3 and status = 'streamed'
          returning stream, since_at, next_at, next_boundary, record_count, row_count, skipped_count`,
        [runId, principal.organisationId, principal.accountId],
      );
      const run = rows[0];
      if (!run) return null;
      const moved =
        run.next_at !== null && (PAGE_STREAMS as readonly string[]).includes(run.stream)
          ? await commitWatermark(
              tx,
              principal.organisationId,
              run.stream,
              { at: new Date(run.next_at).toISOString(), boundary: run.next_boundary ?? [] },
              principal.accountId,
            )
          : false;
      const watermark = (await listWatermarks(tx, principal.organisationId)).find((w) => w.stream === run.stream);
      return { run, moved, watermark: watermark ?? null };
    });
    if (!outcome) throw new NotFoundError('No such export, or it did not finish.');
    return c.json({
      records: outcome.run.record_count,
      rows: outcome.run.row_count,
      skipped: outcome.run.skipped_count,
      watermark: outcome.watermark,
      moved: outcome.moved,
    });
  });

  routes.declare('GET', '/exports/schedules', anyExport, async (c) => {
    const principal = c.get('principal');
    const { rows } = await db.query<ScheduleDbRow>(`${SCHEDULE_SELECT} where s.organisation_id = $1 order by s.id`, [
      principal.organisationId,
    ]);
    return c.json({
      schedules: rows.map(scheduleOf).filter((schedule) => mayExport(schedule.kind, principal.permissions)),
      enabled: scheduler !== null,
    });
  });

  routes.declare('POST', '/exports/schedules', anyExport, async (c) => {
    requireScheduler();
    const input = await parseBody(c, scheduleInputSchema);
    requireKind(c, input.kind);
    const principal = c.get('principal');
    const schedule = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into gateway.export_schedules (organisation_id, kind, row_shape, format, delimiter, mode, time_of_day,
           time_zone, enabled, next_run_at, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        [
          principal.organisationId,
          input.kind,
          input.rows,
          input.format,
          input.delimiter,
          input.mode,
          input.timeOfDay,
          input.timeZone,
          input.enabled,
          nextRunAt(input.timeOfDay, input.timeZone, new Date()),
          principal.accountId,
        ],
      );
      const id = Number(rows[0]?.id);
      await auditSchedule(tx, c, id, 201, { op: 'create', ...input });
      return id;
    });
    return c.json(await readSchedule(principal.organisationId, schedule), 201);
  });

  routes.declare('PUT', '/exports/schedules/:id', anyExport, async (c) => {
    requireScheduler();
    const principal = c.get('principal');
    const id = idText(c.req.param('id'));
    const current = id === null ? null : await readSchedule(principal.organisationId, id);
    if (!current || id === null) throw new NotFoundError('No such schedule');
    const input = await parseBody(c, scheduleInputSchema);
    requireKind(c, current.kind);
    requireKind(c, input.kind);
    await db.transaction(async (tx) => {
      await tx.query(
        `update gateway.export_schedules set kind = $3, row_shape = $4, format = $5, delimiter = $6, mode = $7,
                time_of_day = $8, time_zone = $9, enabled = $10, next_run_at = $11
          where id = $1 and organisation_id = $2`,
        [
          id,
          principal.organisationId,
          input.kind,
          input.rows,
          input.format,
          input.delimiter,
          input.mode,
          input.timeOfDay,
          input.timeZone,
          input.enabled,
          nextRunAt(input.timeOfDay, input.timeZone, new Date()),
        ],
      );
      // Another kind or shape is another feed: its watermark starts again.
      if (input.kind !== current.kind || input.rows !== current.rows) {
        await forgetWatermark(tx, principal.organisationId, scheduleStream(id));
      }
      await auditSchedule(tx, c, id, 200, { op: 'update', ...input });
    });
    return c.json(await readSchedule(principal.organisationId, id));
  });

  routes.declare('DELETE', '/exports/schedules/:id', anyExport, async (c) => {
    const principal = c.get('principal');
    const id = idText(c.req.param('id'));
    const current = id === null ? null : await readSchedule(principal.organisationId, id);
    if (!current || id === null) throw new NotFoundError('No such schedule');
    requireKind(c, current.kind);
    await db.transaction(async (tx) => {
      await tx.query('delete from gateway.export_schedules where id = $1 and organisation_id = $2', [
        id,
        principal.organisationId,
      ]);
      await forgetWatermark(tx, principal.organisationId, scheduleStream(id));
      await auditSchedule(tx, c, id, 204, { op: 'delete', kind: current.kind });
    });
    return c.body(null, 204);
  });

  routes.declare('POST', '/exports/schedules/:id/run', anyExport, async (c) => {
    const running = requireScheduler();
    const principal = c.get('principal');
    const id = idText(c.req.param('id'));
    const current = id === null ? null : await readSchedule(principal.organisationId, id);
    if (!current || id === null) throw new NotFoundError('No such schedule');
    requireKind(c, current.kind);
    await db.transaction(async (tx) => {
      // Due now; whichever instance ticks first runs it (the lease), and its next run follows the time of day.
      await tx.query(
        'update gateway.export_schedules set next_run_at = now(), enabled = true where id = $1 and organisation_id = $2',
        [id, principal.organisationId],
      );
      await auditSchedule(tx, c, id, 202, { op: 'run-now', kind: current.kind });
    });
    running.poke();
    return c.json(await readSchedule(principal.organisationId, id), 202);
  });

  routes.declare('GET', '/exports/files', anyExport, async (c) => {
    const principal = c.get('principal');
    const kinds = EXPORT_KINDS.filter((kind) => mayExport(kind, principal.permissions));
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
      `select * from gateway.export_files where organisation_id = $1 and kind = any($2)
        order by created_at desc, id desc limit 200`,
      [principal.organisationId, kinds],
    );
    return c.json({
      files: rows.map((row) => ({
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
      })),
    });
  });

  routes.declare('GET', '/exports/files/:id', anyExport, async (c) => {
    const principal = c.get('principal');
    const id = idText(c.req.param('id'));
    const { rows } =
      id === null
        ? { rows: [] }
        : await db.query<{ kind: ExportKind; file_name: string; format: string; row_shape: string }>(
            'select kind, file_name, format, row_shape from gateway.export_files where id = $1 and organisation_id = $2',
            [id, principal.organisationId],
          );
    const file = rows[0];
    if (!file || !scheduler) throw new NotFoundError('No such file');
    requireKind(c, file.kind);
    const path = join(scheduler.dir, String(principal.organisationId), file.file_name);
    const size = await stat(path).then(
      (info) => info.size,
      () => null,
    );
    if (size === null)
      throw new GoneError('The file is no longer in EXPORT_DIR (removed, or another instance’s disk).');
    await recordRequestAudit(db, c, {
      action: 'export-download',
      status: 200,
      details: { fileId: id, fileName: file.file_name, kind: file.kind, rows: file.row_shape, format: file.format },
    });
    const type = file.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8';
    return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
      headers: {
        'content-type': type,
        'content-length': String(size),
        'content-disposition': `attachment; filename="${file.file_name}"`,
        'cache-control': 'no-store',
      },
    });
  });

  async function readSchedule(organisationId: number, id: number): Promise<Schedule | null> {
    const { rows } = await db.query<ScheduleDbRow>(`${SCHEDULE_SELECT} where s.organisation_id = $1 and s.id = $2`, [
      organisationId,
      id,
    ]);
    return rows[0] ? scheduleOf(rows[0]) : null;
  }

  function auditSchedule(
    tx: Parameters<typeof recordRequestAudit>[0],
    c: Context<GatewayEnv>,
    id: number,
    status: number,
    details: Record<string, string | number | boolean>,
  ) {
    return recordRequestAudit(tx, c, { action: 'export-schedule', status, details: { scheduleId: id, ...details } });
  }

  /** The scheduler, or a 503 when this server has no folder for scheduled exports. */
  function requireScheduler() {
    if (!scheduler) throw new UnavailableError('Scheduled exports need EXPORT_DIR, a folder this server can write to.');
    return scheduler;
  }
}
