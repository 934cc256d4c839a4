import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ShiftSummary, ZReport } from '@/contract/shift';
import { interpolate } from '../../lib/i18n';
import { shiftsMessages } from './shifts-messages';
import { zReportCsv, zReportFileName } from './z-report-csv';

const t = (key: keyof typeof shiftsMessages.nl, values?: Record<string, string | number>) =>
  interpolate(shiftsMessages.nl[key], values);

const person = (name: string) => ({ accountId: 1, name, email: `${name.toLowerCase()}@demo.test` });

const shift: ShiftSummary = {
  id: 12,
  desk: { id: 1, name: 'Kassa 1' },
  salesPointId: null,
  seller: person('Bo'),
  status: 'signed-off',
  openedAt: '2026-11-26T08:00:00.000Z',
  closedAt: '2026-11-26T17:00:00.000Z',
  closedBy: person('Bo'),
  timeZone: 'Europe/Amsterdam',
  openingFloatCents: 15_000,
  pastMidnight: false,
  salesCount: 3,
  salesTotalCents: 9_500,
  differenceCents: -500,
  signedOffAt: '2026-11-26T18:00:00.000Z',
  signedOffBy: person('Max'),
};

const report: ZReport = {
  generatedAt: '2026-11-26T17:00:00.000Z',
  totals: {
    count: 3,
    amountCents: 9_500,
    feeCents: 0,
    donationCents: 250,
    unread: 0,
    byMethod: [
      { method: 'Contant', tender: 'cash', count: 2, amountCents: 6_000, feeCents: 0, donationCents: 250 },
      { method: 'Pin', tender: 'card', count: 1, amountCents: 3_500, feeCents: 0, donationCents: 0 },
    ],
    byPerformance: [
      { eventId: 7, name: '=Racoon', start: '2026-12-01T20:00:00+01:00', tickets: 4, amountCents: 9_250 },
    ],
    expected: { cashCents: 21_000, cardCents: 3_500, onlineCents: 0, otherCents: 0 },
  },
  counted: { cashCents: 20_500, cardCents: 3_500 },
  difference: { cashCents: -500, cardCents: 0, totalCents: -500 },
  reason: 'Wisselgeld, geteld',
  reconciliation: {
    checkedAt: '2026-11-26T17:00:00.000Z',
    complete: true,
    ordersCompared: 3,
    outsideFoyer: [],
    changed: [],
    withoutShift: [],
    cancellations: [
      {
        orderId: 99,
        kind: 'cancelled',
        orderStatus: 'cancel',
        paymentStatus: 'cancelled',
        amountCents: 3_500,
        method: 'Pin',
        ofThisShift: true,
      },
      {
        orderId: 41,
        kind: 'payment-cancelled',
        orderStatus: 'ord',
        paymentStatus: 'cancelled',
        amountCents: 2_000,
        method: 'Contant',
        ofThisShift: false,
        soldBefore: true,
      },
    ],
  },
};

describe('the Z-report as CSV', () => {
  it('starts with a BOM and a header, lists every section, with point decimals and formulas escaped', () => {
    const text = zReportCsv(shift, report, t);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    const rows = Papa.parse<string[]>(text.slice(1)).data;
    expect(rows[0]).toEqual([
      'Onderdeel',
      'Omschrijving',
      'Waarde',
      'Aantal',
      'Bedrag',
      'Waarvan kosten',
      'Waarvan donaties',
    ]);
    const find = (section: string, item: string) => rows.find((row) => row[0] === section && row[1] === item);
    expect(find('Dienst', 'Kassa')?.[2]).toBe('Kassa 1');
    expect(find('Dienst', 'Wisselgeld bij opening')?.[4]).toBe('150.00');
    expect(find('Verkopen per betaalwijze', 'Contant')).toEqual([
      'Verkopen per betaalwijze',
      'Contant',
      'Contant (kas)',
      '2',
      '60.00',
      '0.00',
      '2.50',
    ]);
    expect(find('Verkopen per betaalwijze', 'Totaal')?.[4]).toBe('95.00');
    // A name a spreadsheet would run as a formula is quoted.
    expect(rows.some((row) => row[0] === 'Verkopen per voorstelling' && row[1] === "'=Racoon")).toBe(true);
    expect(find('Annuleringen en terugbetalingen gezien', '99')?.[4]).toBe('35.00');
    expect(find('Annuleringen en terugbetalingen gezien', '41')?.slice(2, 5)).toEqual([
      'Betaling geannuleerd (verkocht vóór deze dienst)',
      '',
      '20.00',
    ]);
    expect(find('Kasopmaak', 'Contant in de kas · Verschil')?.[4]).toBe('-5.00');
    expect(find('Kasopmaak', 'Totaal · Verschil')?.[4]).toBe('-5.00');
    expect(find('Kasopmaak', 'Reden')?.[2]).toBe('Wisselgeld, geteld');
    // The blind first count, when the seller made one, is kept beside the final count.
    expect(find('Kasopmaak', 'Contant in de kas · Eerste telling (blind)')).toBeUndefined();
    const blind = {
      ...report,
      blindCount: { cashCents: 20_000, cardCents: 3_500, countedAt: '2026-11-26T16:55:00.000Z' },
    };
    const withBlind = Papa.parse<string[]>(zReportCsv(shift, blind, t).slice(1)).data;
    const blindRow = (item: string) => withBlind.find((row) => row[0] === 'Kasopmaak' && row[1] === item)?.[4];
    expect(blindRow('Contant in de kas · Eerste telling (blind)')).toBe('200.00');
    expect(blindRow('Pinautomaat · Eerste telling (blind)')).toBe('35.00');
    expect(find('Aftekening', 'Afgetekend')?.[2]).toBe('Max');
    expect(zReportCsv(shift, { ...report, reason: '-cmd|calc' }, t)).toContain("'-cmd|calc");
    expect(zReportFileName(shift)).toBe('z-report-shift-12-2026-11-26.csv');
    // Without a sale cancelled before payment there is no line for it; with one, it is listed apart.
    expect(find('Verkopen per betaalwijze', 'Geannuleerd vóór betaling, telt niet mee')).toBeUndefined();
    const withdrawn = { ...report, totals: { ...report.totals, withdrawn: { count: 1, amountCents: 5_479 } } };
    const withWithdrawn = Papa.parse<string[]>(zReportCsv(shift, withdrawn, t).slice(1)).data;
    expect(
      withWithdrawn
        .find((row) => row[0] === 'Verkopen per betaalwijze' && row[1] === 'Geannuleerd vóór betaling, telt niet mee')
        ?.slice(3, 5),
    ).toEqual(['1', '54.79']);
  });
});
