import Papa from 'papaparse';
import { CSV_NEWLINE, CSV_UNPARSE_OPTIONS, UTF8_BOM } from '@/contract/csv';
import {
  type Charts,
  type Choices,
  type GroupReport,
  type OrderReport,
  type PaceReport,
  type PerformanceSales,
  type PerformancesReport,
  REPORT_PAGE_SIZE,
  type ReportGrouping,
  type ReportSort,
} from '@/contract/reports';
import type { Database } from '../../db/database';
import type { RequestAuditEntry } from '../audit';
import { withoutContactColumns } from '../buyer-contact';
import { NotFoundError } from '../errors';
import type { UpstreamClient } from '../upstream';
import { type EventCatalog, isPerformance } from './event-catalog';
import {
  chartsOf,
  choicesOf,
  choicesWithin,
  groupTotals,
  listedOrderBatches,
  orderRows,
  orderTotals,
  orderWhere,
  reportScope,
  type ScopedFilter,
} from './order-report';
import { paceOf, performanceFigures, performanceSales } from './performance-report';
import { refreshRollups } from './report-rollups';

/** The CSV of the analysis: the spec's field names, so a spreadsheet or CRM maps them without guessing. */
const CSV_HEADER = [
  'orderId',
  'orderKey',
  'orderDate',
  'lastChanged',
  'orderStatus',
  'orderPaymentStatus',
  'orderChannel',
  'handlingTextPayment',
  'amount',
  'fee',
  'donation',
  'seats',
  'customerId',
  'customerName',
  'email',
  'eventIds',
];

const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * Who exports the analysis: their organisation, whether they see buyers' contact details, the query they asked
 * with and their request's audit entry.
 */
export interface ReportReader {
  organisationId: number;
  contact: boolean;
  asked: Record<string, string>;
  audit: (entry: RequestAuditEntry) => Promise<unknown>;
}

/**
 * Reports from the mirror: the order analysis (totals and a page of rows, totals per group, the filter
 * choices, the charts, the filtered set as CSV) and the performances of a period with their sales, booking
 * pace, occupancy and waiting-list demand. Every report but the CSV (which reads the orders themselves)
 * first brings the organisation's daily rollups in step with the mirror.
 */
export class ReportService {
  constructor(
    private readonly db: Database,
    private readonly catalog: EventCatalog,
  ) {}

  /** The totals of the filtered orders and one page of them. */
  async orders(organisationId: number, filter: ScopedFilter, sort: ReportSort, page: number): Promise<OrderReport> {
    const scope = await this.#scope(organisationId, filter);
    const totals = await orderTotals(this.db, scope);
    // The totals (from the rollups) say whether there is a row to list: a filter that matches nothing would
    // otherwise walk every order of the period looking for one.
    const offset = (page - 1) * REPORT_PAGE_SIZE;
    const rows = totals.orders > offset ? await orderRows(this.db, scope.orders, sort, page) : [];
    return { totals, page, perPage: REPORT_PAGE_SIZE, rows };
  }

  async groups(
    organisationId: number,
    filter: ScopedFilter,
    group: Exclude<ReportGrouping, 'none'>,
  ): Promise<GroupReport> {
    const scope = await this.#scope(organisationId, filter);
    return { group, groups: await groupTotals(this.db, scope, group) };
  }

  /** The values the period's orders have; a scoped person's (`withinEvents`) from their orders alone. */
  async choices(organisationId: number, period: ScopedFilter): Promise<Choices> {
    if (period.withinEvents) {
      const { from, to, withinEvents } = period;
      return choicesWithin(this.db, orderWhere(organisationId, { from, to, withinEvents }));
    }
    await refreshRollups(this.db, organisationId);
    return choicesOf(this.db, organisationId, period.from, period.to);
  }

  async charts(organisationId: number, filter: ScopedFilter): Promise<Charts> {
    return chartsOf(this.db, await this.#scope(organisationId, filter));
  }

  /**
   * The filtered orders as CSV text, in pieces (the header first): the rules of every Foyer CSV
   * (contract/csv.ts), decimals with a point. The export is audited, with the filters as asked, before the
   * first piece.
   */
  async ordersCsv(reader: ReportReader, filter: ScopedFilter, sort: ReportSort): Promise<AsyncGenerator<string>> {
    const where = reportScope(reader.organisationId, filter).orders;
    await reader.audit({
      action: 'export',
      status: 200,
      details: { kind: 'orders-analysis', source: 'mirror', filters: reader.asked },
    });
    const db = this.db;
    // Without customers:contact the file has no email column at all (not an empty one).
    const cut = reader.contact ? null : withoutContactColumns(CSV_HEADER);
    return (async function* () {
      yield `${UTF8_BOM}${Papa.unparse([cut?.columns ?? CSV_HEADER], CSV_UNPARSE_OPTIONS)}${CSV_NEWLINE}`;
      for await (const batch of listedOrderBatches(db, where, sort)) {
        const rows = batch.map((row) => [
          row.orderId,
          row.orderKey,
          row.orderDate,
          row.lastChanged,
          row.status,
          row.payment,
          row.channel,
          row.method,
          euros(row.amountCents),
          euros(row.feeCents),
          euros(row.donationCents),
          row.tickets,
          row.customerId ?? '',
          row.customerName,
          row.email,
          row.eventIds,
        ]);
        yield `${Papa.unparse(cut ? rows.map(cut.row) : rows, CSV_UNPARSE_OPTIONS)}${CSV_NEWLINE}`;
      }
    })();
  }

  /**
   * The performances starting in the period, by start: sales from the rollups, availability from the
   * service; a scoped person's only (`withinEvents`).
   */
  async performances(
    upstream: UpstreamClient,
    from: string,
    to: string,
    withinEvents: readonly number[] | null,
  ): Promise<PerformancesReport> {
    const { organisationId } = upstream;
    const events = (await this.catalog.list(upstream, from, to)).filter(
      (event) => isPerformance(event) && (!withinEvents || withinEvents.includes(event.eventId)),
    );
    const ids = events.map((event) => event.eventId);
    const details = await this.catalog.details(upstream, ids);
    await refreshRollups(this.db, organisationId);
    const performances = await performanceFigures(this.db, organisationId, events, details);
    performances.sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.eventId - b.eventId);
    const readAt = this.catalog.readAt(organisationId, ids);
    return { performances, availabilityAt: readAt === null ? null : new Date(readAt).toISOString() };
  }

  async pace(
    organisationId: number,
    eventIds: readonly number[],
    withinEvents: readonly number[] | null,
  ): Promise<PaceReport> {
    await refreshRollups(this.db, organisationId);
    const seen = withinEvents ? eventIds.filter((id) => withinEvents.includes(id)) : eventIds;
    return paceOf(this.db, organisationId, seen);
  }

  /** A performance's sales; 404 for one outside a scoped person's events (as one that does not exist). */
  async performanceSales(
    organisationId: number,
    eventId: number,
    withinEvents: readonly number[] | null,
  ): Promise<PerformanceSales> {
    if (withinEvents && !withinEvents.includes(eventId)) throw new NotFoundError('No such performance');
    await refreshRollups(this.db, organisationId);
    return performanceSales(this.db, organisationId, eventId);
  }

  /** The rollups brought in step, then the filter as the reports' WHERE clauses. */
  async #scope(organisationId: number, filter: ScopedFilter) {
    await refreshRollups(this.db, organisationId);
    return reportScope(organisationId, filter);
  }
}
