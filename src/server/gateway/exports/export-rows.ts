import { CUSTOM_FIELDS } from '@/contract/custom-fields';
import { looseFlag } from '@/contract/customer-prefs';

/** A record of an export as the service sent it (or as the mirror gives it back in that shape). */
export type ExportRecord = Record<string, unknown>;

/**
 * How the records of an export become rows. CSV needs flat columns; JSON lines pass each record on as the
 * service sent it (nested seats, the inline customer, customerPrefs with its legacy values and unknown keys),
 * except where the row shape itself is flat (orders one row per seat).
 */
export interface RowLayout {
  /** CSV header, in column order. */
  columns: readonly string[];
  /** Columns holding amounts of money (a Dutch spreadsheet wants them with a decimal comma). */
  moneyColumns?: readonly string[];
  /** The CSV rows of one record, each value in `columns` order. */
  csvRows(record: ExportRecord): unknown[][];
  /** The JSON lines of one record. */
  jsonRows(record: ExportRecord): unknown[];
}

type Cell = string | number | boolean | null;

/** A value for a CSV cell: scalars as they are, absent → empty, anything nested as JSON text. */
function cell(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

const asRecord = (value: unknown): ExportRecord | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as ExportRecord) : null;

const asList = (value: unknown): ExportRecord[] =>
  Array.isArray(value) ? value.map(asRecord).filter((item): item is ExportRecord => item !== null) : [];

/** `customerTags` as one comma-separated text, whether the service sent a string or an array (DESIGN.md). */
function tagsText(value: unknown): string | null {
  if (Array.isArray(value)) return value.map((tag) => String(tag).trim()).join(',') || null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  return null;
}

const CUSTOMER_COLUMNS = [
  'customerId',
  'customerExternalId',
  'email',
  'customerSalutation',
  'customerFirstName',
  'customerPreposition',
  'customerLastName',
  'customerAddress',
  'customerHouseNr',
  'customerZip',
  'customerCity',
  'customerCountry',
  'customerPhone',
  'customerCredit',
  ...CUSTOM_FIELDS,
  'customerTags',
  'lastChanged',
] as const;

/**
 * customerPrefs by spec 2.7: normalised to 1/0 for the three known keys (a missing key is 0; values
 * compared loosely), empty when no preferences are stored at all (null), plus the object as stored so
 * unknown future keys reach the CRM unchanged (rule 4).
 */
const PREF_COLUMNS = ['prefsOptin', 'prefsMailinglist', 'prefsExtraOptin', 'customerPrefs'] as const;

function prefCells(prefs: unknown): Cell[] {
  const stored = asRecord(prefs);
  if (!stored) return [null, null, null, null];
  const flag = (key: string) => (looseFlag(stored[key]) ? 1 : 0);
  return [
    flag('user_prefs_optin'),
    flag('user_prefs_mailinglist'),
    flag('user_prefs_extra_optin'),
    JSON.stringify(stored),
  ];
}

function customerCells(customer: ExportRecord): Cell[] {
  return [
    ...CUSTOMER_COLUMNS.map((column) =>
      column === 'customerTags' ? tagsText(customer[column]) : cell(customer[column]),
    ),
    ...prefCells(customer.customerPrefs),
  ];
}

export const customersLayout: RowLayout = {
  columns: [...CUSTOMER_COLUMNS, ...PREF_COLUMNS],
  moneyColumns: ['customerCredit'],
  csvRows: (record) => [customerCells(record)],
  jsonRows: (record) => [record],
};

/** The inline customer of an order or waiting-list entry, as the few columns a CRM matches on. */
const USER_COLUMNS = ['customerEmail', 'customerFirstName', 'customerPreposition', 'customerLastName'] as const;

function userCells(user: unknown): Cell[] {
  const customer = asRecord(user);
  if (!customer) return [null, null, null, null];
  return [
    cell(customer.email),
    cell(customer.customerFirstName),
    cell(customer.customerPreposition),
    cell(customer.customerLastName),
  ];
}

const ORDER_COLUMNS = [
  'orderId',
  'orderKey',
  'orderDate',
  'lastChanged',
  'orderStatus',
  'orderPaymentStatus',
  'orderChannel',
  'handlingTextPayment',
  'discountName',
  'amount',
  'fee',
  'donation',
  'timeOut',
  'customerId',
] as const;

const orderCells = (order: ExportRecord): Cell[] => ORDER_COLUMNS.map((column) => cell(order[column]));

export const ordersLayout: RowLayout = {
  columns: [...ORDER_COLUMNS, ...USER_COLUMNS, 'seatCount', 'deletedSeatCount'],
  moneyColumns: ['amount', 'fee', 'donation'],
  csvRows: (order) => [
    [...orderCells(order), ...userCells(order.user), asList(order.seats).length, asList(order.deletedSeats).length],
  ],
  jsonRows: (order) => [order],
};

const SEAT_COLUMNS = ['seatId', 'eventId', 'rankId', 'rowNr', 'seatNr', 'priceId', 'priceName'] as const;
/** Order columns repeated on every seat row: enough to match the seat to its order and customer. */
const SEAT_ORDER_COLUMNS = [
  'orderId',
  'orderKey',
  'orderDate',
  'lastChanged',
  'orderStatus',
  'orderPaymentStatus',
  'orderChannel',
  'customerId',
] as const;
const PER_SEAT_COLUMNS = [...SEAT_ORDER_COLUMNS, 'customerEmail', 'seatStatus', ...SEAT_COLUMNS, 'seatAmount'] as const;

type SeatStatus = 'active' | 'deleted' | 'none';

/**
 * One row per seat. Deleted seats come too, marked `deleted` (spec 2.11 keeps them for audit): an incremental
 * sync must learn that a seat left an order. An order without any seat still gets one row (`none`), so every
 * order of the export reaches the CRM.
 */
function seatRows(order: ExportRecord): Array<{ status: SeatStatus; seat: ExportRecord | null }> {
  const rows: Array<{ status: SeatStatus; seat: ExportRecord | null }> = [
    ...asList(order.seats).map((seat) => ({ status: 'active' as const, seat })),
    ...asList(order.deletedSeats).map((seat) => ({ status: 'deleted' as const, seat })),
  ];
  return rows.length > 0 ? rows : [{ status: 'none', seat: null }];
}

function perSeatCells(order: ExportRecord, status: SeatStatus, seat: ExportRecord | null): Cell[] {
  const email = asRecord(order.user)?.email;
  return [
    ...SEAT_ORDER_COLUMNS.map((column) => cell(order[column])),
    cell(email),
    status,
    ...SEAT_COLUMNS.map((column) => (seat ? cell(seat[column]) : null)),
    seat ? cell(seat.amount) : null,
  ];
}

export const orderSeatsLayout: RowLayout = {
  columns: PER_SEAT_COLUMNS,
  moneyColumns: ['seatAmount'],
  csvRows: (order) => seatRows(order).map(({ status, seat }) => perSeatCells(order, status, seat)),
  jsonRows: (order) =>
    seatRows(order).map(({ status, seat }) => {
      const values = perSeatCells(order, status, seat);
      return Object.fromEntries(PER_SEAT_COLUMNS.map((column, index) => [column, values[index]]));
    }),
};

const WAITING_COLUMNS = [
  'waitingId',
  'createdAt',
  'notifiedAt',
  'type',
  'eventId',
  'numberOfTickets',
  'customerId',
] as const;

export const waitingListLayout: RowLayout = {
  columns: [...WAITING_COLUMNS, ...USER_COLUMNS],
  csvRows: (entry) => [[...WAITING_COLUMNS.map((column) => cell(entry[column])), ...userCells(entry.user)]],
  jsonRows: (entry) => [entry],
};

/** Client types are bare strings; each becomes a record so both formats have one named column. */
export const clientTypesLayout: RowLayout = {
  columns: ['clientType'],
  csvRows: (record) => [[cell(record.clientType)]],
  jsonRows: (record) => [record],
};
