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
