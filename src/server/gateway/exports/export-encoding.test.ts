import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { UTF8_BOM } from '@/contract/csv';
import { csvEncoder, dutchDecimal, jsonLinesEncoder } from './export-encoding';
import { clientTypesLayout, customersLayout, type ExportRecord, orderSeatsLayout, ordersLayout } from './export-rows';

const seat = (seatId: number, amount: number) => ({
  seatId,
  eventId: 47,
  rankId: 2,
  rowNr: 11,
  seatNr: seatId - 300,
  amount,
  priceId: '1737',
  priceName: 'Duoticket',
});

const customer: ExportRecord = {
  customerId: 1601,
  customerExternalId: null,
  email: 'huub.vos@gmail.com',
  customerSalutation: 'M',
  customerFirstName: 'Huub',
  customerLastName: 'Vos, "de" jongste',
  customerPreposition: '',
  customerAddress: 'Van Goghstraat 49\n2e verdieping',
  customerHouseNr: '49',
  customerZip: '8090SR',
  customerCity: 'Zwolle',
  customerCountry: 'NL',
  customerPhone: '+31385216555',
  customerCredit: '-12.50',
  customerCustom1: '=HYPERLINK("http://evil")',
  customerCustom2: null,
  customerCustom3: 'toneel',
  customerCustom4: null,
  customerCustom5: null,
  customerCustom6: null,
  customerCustom7: null,
  customerPrefs: { user_prefs_optin: 1, user_prefs_mailinglist: 'true', future_key: 'x' },
  lastChanged: '2025-12-29T12:19:32+01:00',
  customerTags: ['VIP', 'Pers'],
};

const order: ExportRecord = {
  orderId: 3433,
  orderKey: 'pqtFepmoXhUfxeyEfR4NWsd8V7',
  customerId: 1601,
  orderStatus: 'ord',
  orderPaymentStatus: 'paid',
  orderDate: '2026-09-21T19:49:45+02:00',
  timeOut: null,
  amount: 66.79,
  donation: 0,
  lastChanged: '2026-09-21T19:54:43+02:00',
  handlingTextPayment: 'iDEAL',
  discountName: 'Duoticket',
  orderChannel: 'www',
  fee: 0.29,
  seats: [seat(314, 34.5), seat(315, 32)],
  deletedSeats: [seat(316, 20)],
  user: customer,
};

/** Parses CSV text back (papaparse), without the BOM: what a spreadsheet or CRM import would read. */
function parseCsv(text: string, delimiter = ','): string[][] {
  expect(text.startsWith(UTF8_BOM)).toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true, delimiter });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('CSV encoding', () => {
  it('starts with a UTF-8 BOM and the header, and each chunk ends in CRLF', () => {
    const encoder = csvEncoder(ordersLayout);
    const start = encoder.start();
    expect(start).toBe(`${UTF8_BOM}${ordersLayout.columns.join(',')}\r\n`);
    const chunk = encoder.encode([order, { ...order, orderId: 3434 }]);
    expect(chunk.rows).toBe(2);
    expect(chunk.text.endsWith('\r\n')).toBe(true);
    expect(chunk.text.split('\r\n')).toHaveLength(3);
  });

  it('quotes commas, quotes and newlines so they read back unchanged; numbers stay plain', () => {
    const encoder = csvEncoder(customersLayout);
    const text = encoder.start() + encoder.encode([customer]).text;
    expect(text).toContain('"Vos, ""de"" jongste"');
    const [header, row] = parseCsv(text);
    const value = (column: string) => row?.[header?.indexOf(column) ?? -1];
    expect(value('customerLastName')).toBe('Vos, "de" jongste');
    expect(value('customerAddress')).toBe('Van Goghstraat 49\n2e verdieping');
    expect(value('customerId')).toBe('1601');
    expect(value('customerExternalId')).toBe('');
    expect(value('customerTags')).toBe('VIP,Pers');
  });

  it('defuses formulas for spreadsheets but keeps phone numbers and negative amounts', () => {
    const encoder = csvEncoder(customersLayout);
    const [header, row] = parseCsv(encoder.start() + encoder.encode([customer]).text);
    const value = (column: string) => row?.[header?.indexOf(column) ?? -1];
    expect(value('customerCustom1')).toBe(`'=HYPERLINK("http://evil")`);
    expect(value('customerPhone')).toBe('+31385216555');
    expect(value('customerCredit')).toBe('-12.50');
  });

  it('normalises customerPrefs by the spec rules and keeps the stored object with unknown keys', () => {
    const encoder = csvEncoder(customersLayout);
    const [header, row] = parseCsv(
      encoder.start() + encoder.encode([customer, { ...customer, customerPrefs: null }]).text,
    );
    const value = (column: string, line = row) => line?.[header?.indexOf(column) ?? -1];
    expect(value('prefsOptin')).toBe('1');
    expect(value('prefsMailinglist')).toBe('1');
    expect(value('prefsExtraOptin')).toBe('0');
    expect(JSON.parse(value('customerPrefs') ?? '')).toEqual(customer.customerPrefs);
  });

  it('stored prefs null → empty cells, not zeros', () => {
    const encoder = csvEncoder(customersLayout);
    const rows = parseCsv(encoder.start() + encoder.encode([{ ...customer, customerPrefs: null }]).text);
    const header = rows[0] ?? [];
    expect(rows[1]?.[header.indexOf('prefsOptin')]).toBe('');
    expect(rows[1]?.[header.indexOf('customerPrefs')]).toBe('');
  });

  it('one row per order carries the customer and the seat counts', () => {
    const encoder = csvEncoder(ordersLayout);
    const [header, row] = parseCsv(encoder.start() + encoder.encode([order]).text);
    const value = (column: string) => row?.[header?.indexOf(column) ?? -1];
    expect(value('orderId')).toBe('3433');
    expect(value('amount')).toBe('66.79');
    expect(value('customerEmail')).toBe('huub.vos@gmail.com');
    expect(value('seatCount')).toBe('2');
    expect(value('deletedSeatCount')).toBe('1');
  });

  it('one row per seat: active seats, deleted seats marked, and an order without seats keeps one row', () => {
    const encoder = csvEncoder(orderSeatsLayout);
    const empty = { ...order, orderId: 9, seats: [], deletedSeats: [], user: null };
    const chunk = encoder.encode([order, empty]);
    expect(chunk.rows).toBe(4);
    const [header, ...rows] = parseCsv(encoder.start() + chunk.text);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    expect(rows.map((row) => [row[column('orderId')], row[column('seatStatus')], row[column('seatId')]])).toEqual([
      ['3433', 'active', '314'],
      ['3433', 'active', '315'],
      ['3433', 'deleted', '316'],
      ['9', 'none', ''],
    ]);
    expect(rows[0]?.[column('seatAmount')]).toBe('34.5');
    expect(rows[3]?.[column('customerEmail')]).toBe('');
  });

  it('semicolon as delimiter for Dutch spreadsheets', () => {
    const encoder = csvEncoder(clientTypesLayout, ';');
    expect(encoder.encode([{ clientType: 'Vriend; oud' }]).text).toBe('"Vriend; oud"\r\n');
  });

  it('with the semicolon, amounts get the decimal comma a Dutch spreadsheet reads; with the comma they stay as sent', () => {
    const dutch = csvEncoder(orderSeatsLayout, ';');
    const [header, ...rows] = parseCsv(dutch.start() + dutch.encode([order]).text, ';');
    expect(rows[0]?.[header?.indexOf('seatAmount') ?? -1]).toBe('34,50');
    expect(rows[0]?.[header?.indexOf('seatId') ?? -1]).toBe('314');
    const plain = csvEncoder(orderSeatsLayout, ',');
    const [plainHeader, ...plainRows] = parseCsv(plain.start() + plain.encode([order]).text);
    expect(plainRows[0]?.[plainHeader?.indexOf('seatAmount') ?? -1]).toBe('34.5');
    expect([100, 67.5, 100.82, '0.00', '-12.5', 0.1 + 0.2, '', null, 'n/a'].map(dutchDecimal)).toEqual([
      '100,00',
      '67,50',
      '100,82',
      '0,00',
      '-12,50',
      '0,30',
      '',
      null,
      'n/a',
    ]);
  });

  it('an empty page writes nothing', () => {
    expect(csvEncoder(ordersLayout).encode([])).toEqual({ text: '', rows: 0 });
  });
});

describe('JSON lines encoding', () => {
  it('passes records on exactly as sent, one per line, no BOM', () => {
    const encoder = jsonLinesEncoder(ordersLayout);
    expect(encoder.start()).toBe('');
    const { text, rows } = encoder.encode([order, customer]);
    expect(rows).toBe(2);
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(JSON.parse(lines[0] ?? '')).toEqual(order);
  });

  it('per seat: flat objects with the CSV columns', () => {
    const { text, rows } = jsonLinesEncoder(orderSeatsLayout).encode([order]);
    expect(rows).toBe(3);
    const first = JSON.parse(text.split('\n')[0] ?? '');
    expect(Object.keys(first)).toEqual([...orderSeatsLayout.columns]);
    expect(first).toMatchObject({ orderId: 3433, seatStatus: 'active', seatId: 314, seatAmount: 34.5 });
  });
});
