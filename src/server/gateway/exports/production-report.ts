import Papa from 'papaparse';
import { CSV_NEWLINE, CSV_UNPARSE_OPTIONS, UTF8_BOM } from '@/contract/csv';
import { labelOf, ORDER_CHANNEL_LABELS, ORDER_STATUS_LABELS } from '@/contract/order-labels';
import type { PrintLocale } from '@/contract/printing';
import type { ProductionDashboard } from '@/contract/promoter';
import { localDate, localTime } from '../../time';

/**
 * A production's scheduled sales report, in the two files a run writes: a CSV file (one table, a `section`
 * column telling performances, days and orders apart, so a spreadsheet filters it) and a printable HTML page
 * (self-contained, A4). Both hold the promoter dashboard's figures as the report's reader saw them — buyers
 * by name only: the files lie in a shared folder.
 */

const euros = (cents: number) => (cents / 100).toFixed(2);

const CSV_HEADER = [
  'section',
  'eventId',
  'eventName',
  'start',
  'capacity',
  'day',
  'channel',
  'orderId',
  'orderDate',
  'orderStatus',
  'buyerName',
  'tickets',
  'amount',
];

export function productionReportCsv(dashboard: ProductionDashboard): { text: string; rows: number } {
  const blank = (cells: Record<string, string | number | null>) => CSV_HEADER.map((key) => cells[key] ?? '');
  const rows = [
    ...dashboard.events.map((event) =>
      blank({
        section: 'performance',
        eventId: event.eventId,
        eventName: event.eventName,
        start: event.start,
        capacity: event.capacity,
        tickets: event.ticketsSold,
        amount: euros(event.amountCents),
      }),
    ),
    ...dashboard.days.map((day) =>
      blank({
        section: 'day',
        day: day.day,
        channel: day.channel,
        tickets: day.tickets,
        amount: euros(day.amountCents),
      }),
    ),
    ...dashboard.lastOrders.map((order) =>
      blank({
        section: 'order',
        channel: order.channel,
        orderId: order.orderId,
        orderDate: order.orderDate,
        orderStatus: order.orderStatus,
        buyerName: order.buyerName,
        tickets: order.tickets,
        amount: euros(order.amountCents),
      }),
    ),
  ];
  const text = `${UTF8_BOM}${Papa.unparse([CSV_HEADER, ...rows], CSV_UNPARSE_OPTIONS)}${CSV_NEWLINE}`;
  return { text, rows: rows.length };
}

const escapeHtml = (value: unknown): string =>
  String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

function table(caption: string, headers: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  const head = headers.map((header) => `<th scope="col">${escapeHtml(header)}</th>`).join('');
  const body = rows.length
    ? rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('')
    : `<tr><td colspan="${headers.length}">—</td></tr>`;
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

const STYLE = `
  @page { size: A4; margin: 16mm 14mm; }
  body { font: 10.5pt/1.4 system-ui, sans-serif; color: #111; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
  h1 { font-size: 16pt; margin: 0 0 .25rem; }
  p { margin: 0 0 1rem; color: #333; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .2rem 1rem; margin: 0 0 1.25rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  table { width: 100%; border-collapse: collapse; margin: 0 0 1.25rem; font-size: 9.5pt; }
  caption { text-align: left; font-weight: 700; font-size: 12pt; padding: .5rem 0; }
  th, td { text-align: left; padding: .2rem .4rem; border-bottom: 1px solid #bbb; }
  thead th { border-bottom: 1.5px solid #111; }
  tr { break-inside: avoid; }
`;

/** The printable page's words, in the languages of the app. */
const PAGE_TEXT = {
  en: {
    salesReport: 'sales report',
    reportOf: (organisation: string, stamp: string, zone: string) =>
      `${organisation} · sales report of ${stamp} (${zone})`,
    figuresAsOf: (when: string) => `, figures as of ${when}`,
    ticketsSold: 'Tickets sold',
    ofCapacity: (sold: string, capacity: string) => `${sold} of ${capacity}`,
    amount: 'Amount',
    performances: 'Performances',
    performanceHeaders: ['Performance', 'Start', 'Capacity', 'Tickets', 'Amount (€)'],
    days: 'Sales per day and channel',
    dayHeaders: ['Day', 'Channel', 'Tickets', 'Amount (€)'],
    orders: 'Latest orders',
    orderHeaders: ['Order', 'Date', 'Channel', 'Status', 'Buyer', 'Tickets', 'Amount (€)'],
  },
  nl: {
    salesReport: 'verkooprapport',
    reportOf: (organisation: string, stamp: string, zone: string) =>
      `${organisation} · verkooprapport van ${stamp} (${zone})`,
    figuresAsOf: (when: string) => `, cijfers van ${when}`,
    ticketsSold: 'Kaarten verkocht',
    ofCapacity: (sold: string, capacity: string) => `${sold} van ${capacity}`,
    amount: 'Bedrag',
    performances: 'Voorstellingen',
    performanceHeaders: ['Voorstelling', 'Aanvang', 'Capaciteit', 'Kaarten', 'Bedrag (€)'],
    days: 'Verkoop per dag en kanaal',
    dayHeaders: ['Dag', 'Kanaal', 'Kaarten', 'Bedrag (€)'],
    orders: 'Laatste bestellingen',
    orderHeaders: ['Bestelling', 'Datum', 'Kanaal', 'Status', 'Koper', 'Kaarten', 'Bedrag (€)'],
  },
} satisfies Record<PrintLocale, unknown>;

/**
 * The printable page: `organisation`'s production, in the schedule's language — figures, statuses and channels as
 * its readers write them (it showed "€ 67621.07" and `pros` on a Dutch page). The service's times are shown as it
 * wrote them, in the venue's time (they were moved to the zone of whoever scheduled the report); Foyer's own
 * moments (written, figures as of) in the schedule's time zone, which the page names.
 */
export function productionReportHtml(
  dashboard: ProductionDashboard,
  meta: { organisation: string; writtenAt: Date; timeZone: string; language: PrintLocale },
): string {
  const { language } = meta;
  const text = PAGE_TEXT[language];
  const locale = language === 'nl' ? 'nl-NL' : 'en-GB';
  const count = new Intl.NumberFormat(locale).format;
  const money = (cents: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  const stamp = (instant: Date) =>
    `${localDate(instant, meta.timeZone)} ${localTime(instant, meta.timeZone).slice(0, 5)}`;
  const when = (value: string) => (Number.isNaN(Date.parse(value)) ? value : stamp(new Date(value)));
  // A time of the service (a performance's start, an order's date) as it wrote it, with the venue's offset;
  // only one written in UTC is moved, to the schedule's zone.
  const asWritten = (value: string) => {
    const parts = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z?)/.exec(value);
    if (!parts || parts[3] === 'Z') return when(value);
    return `${parts[1]} ${parts[2]}`;
  };
  const capacity = dashboard.capacity === null ? '—' : count(dashboard.capacity);
  return `<!doctype html>
<html lang="${meta.language}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`${dashboard.title} — ${text.salesReport}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(dashboard.title)}</h1>
<p>${escapeHtml(text.reportOf(meta.organisation, stamp(meta.writtenAt), meta.timeZone))}${
    dashboard.syncedAt ? escapeHtml(text.figuresAsOf(when(dashboard.syncedAt))) : ''
  }</p>
<dl>
<dt>${text.ticketsSold}</dt><dd>${escapeHtml(text.ofCapacity(count(dashboard.ticketsSold), capacity))}</dd>
<dt>${text.amount}</dt><dd>€ ${money(dashboard.amountCents)}</dd>
</dl>
${table(
  text.performances,
  text.performanceHeaders,
  dashboard.events.map((event) => [
    event.eventName,
    asWritten(event.start),
    event.capacity === null ? '—' : count(event.capacity),
    count(event.ticketsSold),
    money(event.amountCents),
  ]),
)}
${table(
  text.days,
  text.dayHeaders,
  dashboard.days.map((day) => [
    day.day,
    labelOf(ORDER_CHANNEL_LABELS, day.channel, language),
    count(day.tickets),
    money(day.amountCents),
  ]),
)}
${table(
  text.orders,
  text.orderHeaders,
  dashboard.lastOrders.map((order) => [
    order.orderId,
    asWritten(order.orderDate),
    labelOf(ORDER_CHANNEL_LABELS, order.channel, language),
    labelOf(ORDER_STATUS_LABELS, order.orderStatus, language),
    order.buyerName ?? '—',
    count(order.tickets),
    money(order.amountCents),
  ]),
)}
</main>
</body>
</html>
`;
}
