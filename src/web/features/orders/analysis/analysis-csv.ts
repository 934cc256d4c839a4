import Papa from 'papaparse';
import type { AnalysisOrder } from './analysis-model';

/** Column names of the CSV: the spec's field names, so a CRM import maps them without guessing. */
const HEADER = [
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
 * The filtered orders as CSV text: UTF-8 with a byte order mark (so spreadsheet programs read accents
 * right), quoting by papaparse, CRLF line ends, decimals with a point (the machine-readable form).
 */
export function analysisCsv(orders: readonly AnalysisOrder[]): string {
  const rows = orders.map((order) => [
    order.orderId,
    order.orderKey,
    order.orderDate,
    order.lastChanged,
    order.status,
    order.payment,
    order.channel,
    order.method,
    euros(order.amountCents),
    euros(order.feeCents),
    euros(order.donationCents),
    order.seatCount,
    order.customerId ?? '',
    order.customer,
    order.email,
    order.eventIds.join(' '),
  ]);
  // A formula-looking value would run in a spreadsheet: papaparse escapes it.
  return `\uFEFF${Papa.unparse({ fields: HEADER, data: rows }, { newline: '\r\n', escapeFormulae: true })}`;
}

/** Offers the text as a file download without a round trip to the server. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: revoke a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
