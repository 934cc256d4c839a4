import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ProductionReportInput, ProductionReportSchedule, ProductionReports } from '@/contract/production-reports';
import type { Database } from '../../db/database';
import { accountNames } from '../auth';
import { GoneError, NotFoundError, UnavailableError } from '../errors';
import type { PromoterService } from '../promoters';
import { type ExportScheduler, nextRunAt } from './export-scheduler';
import type { ExportRequester, FileDownload } from './export-service';
import * as store from './export-store';

/**
 * A production's scheduled sales reports (the export scheduler writes them: export-scheduler.ts), for
 * whoever reads reports and sees the production — a promoter of a scoped role their own productions only, a
 * manager any. A production the person does not see is answered as one that does not exist. Schedule changes
 * and downloads are recorded in the audit trail, as the exports' are.
 */
export class ProductionReportService {
  constructor(
    private readonly db: Database,
    /** Null when this server has no folder for scheduled exports. */
    private readonly scheduler: ExportScheduler | null,
    private readonly promoters: PromoterService,
  ) {}

  async list(who: ExportRequester, productionId: number): Promise<ProductionReports> {
    await this.#requireSight(who, productionId);
    const { organisationId } = who.principal;
    const [schedules, files] = await Promise.all([
      store.listProductionSchedules(this.db, organisationId, { productionId }),
      store.listProductionFiles(this.db, organisationId, { productionId }),
    ]);
    return { schedules: await this.#named(schedules), files, enabled: this.scheduler !== null };
  }

  async create(
    who: ExportRequester,
    productionId: number,
    input: ProductionReportInput,
  ): Promise<ProductionReportSchedule> {
    this.#requireScheduler();
    await this.#requireSight(who, productionId);
    const { principal } = who;
    const id = await this.db.transaction(async (tx) => {
      const next = nextRunAt(input.timeOfDay, input.timeZone, new Date());
      const created = await store.insertProductionSchedule(
        tx,
        principal.organisationId,
        productionId,
        input,
        next,
        principal.accountId,
      );
      await this.#audit(who, tx, created, 201, { op: 'create', productionId, ...input });
      return created;
    });
    return this.#schedule(who, id);
  }

  async remove(who: ExportRequester, id: number): Promise<void> {
    const schedule = await this.#schedule(who, id);
    await this.db.transaction(async (tx) => {
      await store.deleteSchedule(tx, who.principal.organisationId, id);
      await this.#audit(who, tx, id, 204, { op: 'delete', productionId: schedule.productionId });
    });
  }

  /** Makes the report due now; whichever instance ticks first writes it, its next run follows the time of day. */
  async runNow(who: ExportRequester, id: number): Promise<ProductionReportSchedule> {
    const scheduler = this.#requireScheduler();
    const schedule = await this.#schedule(who, id);
    await this.db.transaction(async (tx) => {
      await store.makeScheduleDue(tx, who.principal.organisationId, id);
      await this.#audit(who, tx, id, 202, { op: 'run-now', productionId: schedule.productionId });
    });
    scheduler.poke();
    return this.#schedule(who, id);
  }

  /** A report's file from EXPORT_DIR, its download audited. */
  async download(who: ExportRequester, fileId: number): Promise<FileDownload> {
    const { organisationId } = who.principal;
    const [file] = await store.listProductionFiles(this.db, organisationId, { fileId });
    if (!file || !this.scheduler) throw new NotFoundError('No such file');
    await this.#requireSight(who, file.productionId, 'No such file');
    const path = join(this.scheduler.dir, String(organisationId), file.fileName);
    const size = await stat(path).then(
      (info) => info.size,
      () => null,
    );
    if (size === null)
      throw new GoneError('The file is no longer in EXPORT_DIR (removed, or another instance’s disk).');
    await who.audit(this.db, {
      action: 'export-download',
      status: 200,
      details: { fileId, fileName: file.fileName, kind: 'production-sales', productionId: file.productionId },
    });
    return {
      fileName: file.fileName,
      contentType: file.format === 'csv' ? 'text/csv; charset=utf-8' : 'text/html; charset=utf-8',
      size,
      body: Readable.toWeb(createReadStream(path)) as ReadableStream,
    };
  }

  /** 404 unless the person sees an event of the production (their scope, if any). */
  async #requireSight(who: ExportRequester, productionId: number, message = 'No such production'): Promise<void> {
    if (!(await this.promoters.sees(who.principal, who.upstream(), productionId))) throw new NotFoundError(message);
  }

  async #schedule(who: ExportRequester, id: number): Promise<ProductionReportSchedule> {
    const [schedule] = await store.listProductionSchedules(this.db, who.principal.organisationId, { scheduleId: id });
    if (!schedule) throw new NotFoundError('No such schedule');
    await this.#requireSight(who, schedule.productionId, 'No such schedule');
    const [named] = await this.#named([schedule]);
    return named as ProductionReportSchedule;
  }

  async #named(schedules: store.StoredProductionSchedule[]): Promise<ProductionReportSchedule[]> {
    const names = await accountNames(
      this.db,
      schedules.flatMap((schedule) => (schedule.createdBy === null ? [] : [schedule.createdBy])),
    );
    return schedules.map((schedule) => ({
      ...schedule,
      createdBy: schedule.createdBy === null ? null : (names.get(schedule.createdBy)?.name ?? null),
    }));
  }

  #requireScheduler(): ExportScheduler {
    if (!this.scheduler)
      throw new UnavailableError('Scheduled reports need EXPORT_DIR, a folder this server can write to.');
    return this.scheduler;
  }

  #audit(
    who: ExportRequester,
    tx: Parameters<ExportRequester['audit']>[0],
    id: number,
    status: number,
    details: Record<string, string | number>,
  ) {
    return who.audit(tx, {
      action: 'export-schedule',
      status,
      details: { scheduleId: id, kind: 'production-sales', ...details },
    });
  }
}
