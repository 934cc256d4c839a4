import Papa from 'papaparse';
import { CSV_UNPARSE_OPTIONS, UTF8_BOM } from '@/contract/csv';
import type { ShiftSummary, ZReport } from '@/contract/shift';
import type { Translate } from '../../lib/i18n';
import { cancellationOrigin, type ShiftsMessageKey } from './shifts-messages';

const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * A Z-report as CSV, one line per fact in sections (the shift, sales per method, per performance,
 * cancellations seen, the cash-up, the sign-off), with the reader's labels, by the rules of every Foyer CSV
 * (contract/csv.ts: byte order mark, CRLF, formulas escaped, a negative difference left a number); decimals
 * with a point.
 * Times are ISO 8601, as the gateway keeps them.
 */
export function zReportCsv(shift: ShiftSummary, report: ZReport, t: Translate<ShiftsMessageKey>): string {
  const header = [
    t('csvSection'),
    t('csvItem'),
    t('csvValue'),
    t('columnCount'),
    t('columnAmount'),
    t('columnFees'),
    t('columnDonations'),
  ];
  const rows: (string | number)[][] = [];
  const fact = (section: string, item: string, value: string | number) => rows.push([section, item, value]);
  const shiftSection = t('barLabel');
  fact(shiftSection, t('columnShift'), shift.id);
  fact(shiftSection, t('fieldDesk'), shift.desk.name);
  fact(shiftSection, t('fieldSeller'), shift.seller.name ?? shift.seller.email ?? '');
  fact(shiftSection, t('fieldOpened'), shift.openedAt);
  fact(shiftSection, t('fieldClosed'), shift.closedAt ?? '');
  fact(shiftSection, t('fieldClosedBy'), shift.closedBy?.name ?? shift.closedBy?.email ?? '');
  rows.push([shiftSection, t('fieldFloat'), '', '', euros(shift.openingFloatCents)]);

  const methods = t('totalsTitle');
  for (const entry of report.totals.byMethod) {
    rows.push([
      methods,
      entry.method,
      t(`tender:${entry.tender}`),
      entry.count,
      euros(entry.amountCents),
      euros(entry.feeCents),
      euros(entry.donationCents),
    ]);
  }
  rows.push([
    methods,
    t('total'),
    '',
    report.totals.count,
    euros(report.totals.amountCents),
    euros(report.totals.feeCents),
    euros(report.totals.donationCents),
  ]);
  if (report.totals.withdrawn?.count) {
    rows.push([
      methods,
      t('withdrawn'),
      '',
      report.totals.withdrawn.count,
      euros(report.totals.withdrawn.amountCents),
      '',
      '',
    ]);
  }

  const performances = t('performancesTitle');
  for (const entry of report.totals.byPerformance) {
    rows.push([
      performances,
      entry.name ?? t('performanceUnknown', { id: entry.eventId }),
      entry.start ?? '',
      entry.tickets,
      euros(entry.amountCents),
    ]);
  }

  const cancellations = t('reconCancellations');
  for (const entry of report.reconciliation?.cancellations ?? []) {
    rows.push([
      cancellations,
      String(entry.orderId),
      `${t(`cancel:${entry.kind}`)} (${t(cancellationOrigin(entry))})`,
      '',
      euros(entry.amountCents),
    ]);
  }

  const cashUp = t('zCashUp');
  const money = (item: string, cents: number) => rows.push([cashUp, item, '', '', euros(cents)]);
  money(`${t('expectedCash')} · ${t('zExpected')}`, report.totals.expected.cashCents);
  money(`${t('expectedCash')} · ${t('zCounted')}`, report.counted.cashCents);
  money(`${t('expectedCash')} · ${t('zDifference')}`, report.difference.cashCents);
  money(`${t('expectedCard')} · ${t('zExpected')}`, report.totals.expected.cardCents);
  money(`${t('expectedCard')} · ${t('zCounted')}`, report.counted.cardCents);
  money(`${t('expectedCard')} · ${t('zDifference')}`, report.difference.cardCents);
  money(`${t('differenceTotal')} · ${t('zDifference')}`, report.difference.totalCents);
  if (report.blindCount) {
    money(`${t('expectedCash')} · ${t('zBlindCount')}`, report.blindCount.cashCents);
    money(`${t('expectedCard')} · ${t('zBlindCount')}`, report.blindCount.cardCents);
  }
  fact(cashUp, t('fieldReason'), report.reason ?? '');

  const signOff = t('zSignOff');
  fact(signOff, t('fieldSignedOff'), shift.signedOffBy?.name ?? shift.signedOffBy?.email ?? '');
  fact(signOff, t('csvSignedOffAt'), shift.signedOffAt ?? '');

  return `${UTF8_BOM}${Papa.unparse({ fields: header, data: rows }, CSV_UNPARSE_OPTIONS)}`;
}

/** The file's name: shift number and the day it opened. */
export const zReportFileName = (shift: ShiftSummary) => `z-report-shift-${shift.id}-${shift.openedAt.slice(0, 10)}.csv`;
