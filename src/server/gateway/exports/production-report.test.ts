import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { ProductionDashboard } from '@/contract/promoter';
import { productionReportCsv, productionReportHtml } from './production-report';

const dashboard: ProductionDashboard = {
  productionId: 7,
  title: 'Hamlet <revisited>',
  syncedAt: '2026-11-28T06:00:00.000Z',
  capacity: 400,
  ticketsSold: 3,
  amountCents: 7450,
  events: [
    {
      eventId: 11,
      eventName: 'Hamlet',
      start: '2026-12-01T19:30:00.000Z',
      capacity: 400,
      ticketsSold: 3,
      amountCents: 7450,
    },
  ],
  days: [{ day: '2026-11-27', channel: 'www', tickets: 3, amountCents: 7450 }],
  lastOrders: [
    {
      orderId: 501,
      orderDate: '2026-11-27T10:00:00.000Z',
      channel: 'www',
      orderStatus: 'regular',
      tickets: 3,
      amountCents: 7450,
      buyerName: '=HYPERLINK("x")',
      buyerEmail: 'kept-out@example.test',
    },
  ],
};

describe('a production report', () => {
  it('is one CSV table with a row per performance, day and order, buyers by name, formulas defused', () => {
    const { text, rows } = productionReportCsv(dashboard);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.data.map((row) => row.section)).toEqual(['performance', 'day', 'order']);
    expect(rows).toBe(3);
    expect(parsed.data[0]).toMatchObject({ eventName: 'Hamlet', capacity: '400', tickets: '3', amount: '74.50' });
    expect(parsed.data[2]?.buyerName).toBe(`'=HYPERLINK("x")`);
    expect(text).not.toContain('kept-out@example.test');
  });

  it('is a printable page with its text escaped, in the time zone of its schedule', () => {
    const page = productionReportHtml(dashboard, {
      organisation: 'demo',
      writtenAt: new Date('2026-11-28T06:30:00.000Z'),
      timeZone: 'Europe/Amsterdam',
      language: 'en',
    });
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1>Hamlet &lt;revisited&gt;</h1>');
    expect(page).toContain('2026-11-28 07:30');
    expect(page).toContain('3 of 400');
    expect(page).toContain('<td>2026-12-01 20:30</td>');
    expect(page).not.toContain('kept-out@example.test');
  });

  it('is in the language it was scheduled in: Dutch for a promoter who reads the app in Dutch', () => {
    const page = productionReportHtml(dashboard, {
      organisation: 'demo',
      writtenAt: new Date('2026-11-28T06:30:00.000Z'),
      timeZone: 'Europe/Amsterdam',
      language: 'nl',
    });
    expect(page).toContain('<html lang="nl">');
    expect(page).toContain('verkooprapport van 2026-11-28 07:30');
    expect(page).toContain('<dt>Kaarten verkocht</dt><dd>3 van 400</dd>');
    expect(page).toContain('<caption>Laatste bestellingen</caption>');
    expect(page).not.toContain('Tickets sold');
  });

  // A walkthrough's Dutch report read "€ 67621.07", "2507 van 6185", `sp` and `pros`, and a 20:15 performance at
  // 19:15: scheduled from a browser in UTC, the service's times were moved to that zone.
  it("writes a Dutch page's figures, statuses and channels as Dutch readers do, and the service's times as written", () => {
    const large: ProductionDashboard = {
      ...dashboard,
      capacity: 6185,
      ticketsSold: 2507,
      amountCents: 6_762_107,
      events: [
        { ...(dashboard.events[0] as ProductionDashboard['events'][number]), start: '2026-12-09T20:15:00+01:00' },
      ],
      days: [{ day: '2026-11-27', channel: 'sp', tickets: 1200, amountCents: 457_401 }],
      lastOrders: [
        {
          ...(dashboard.lastOrders[0] as ProductionDashboard['lastOrders'][number]),
          orderDate: '2026-11-27T23:00:00+01:00',
          channel: 'www',
          orderStatus: 'pros',
        },
      ],
    };
    const page = productionReportHtml(large, {
      organisation: 'demo',
      writtenAt: new Date('2026-11-28T06:30:00.000Z'),
      timeZone: 'UTC',
      language: 'nl',
    });
    expect(page).toContain('<dd>2.507 van 6.185</dd>');
    expect(page).toContain('<dd>€ 67.621,07</dd>');
    expect(page).toContain('<td>2026-12-09 20:15</td>');
    expect(page).toContain('<td>Verkooppunt</td><td>1.200</td><td>4.574,01</td>');
    expect(page).toContain('<td>2026-11-27 23:00</td><td>Webshop</td><td>Offerte</td>');
    expect(page).not.toMatch(/<td>(sp|www|pros)<\/td>/);
  });
});
