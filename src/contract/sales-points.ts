import { z } from 'zod';

/**
 * Sales points (`/api/sales-points`): a named desk with its receipt and ticket printers, its cash drawer, the
 * payment methods it offers first and the addresses it may be used from. Pure, shared by gateway and app.
 */

export const PAPER_WIDTHS = [80, 58] as const;
export const PRINTER_LANGUAGES = ['esc-pos', 'star-prnt'] as const;

/** Characters per line of the printers' standard font on each paper width. */
export const COLUMNS_OF_PAPER: Record<(typeof PAPER_WIDTHS)[number], number> = { 80: 48, 58: 32 };

const HOST =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*$/;

/** How the seller's browser may reach a USB or serial printer (WebUSB, WebSerial); the gateway reaches the rest. */
export const PRINTER_CONNECTIONS = ['network', 'usb', 'serial'] as const;
export type PrinterConnection = (typeof PRINTER_CONNECTIONS)[number];

/** The speeds receipt printers' serial ports are set to (9600 the factory's, 115200 the fast one). */
export const BAUD_RATES = [9600, 19200, 38400, 57600, 115200] as const;

const paperAndLanguage = {
  paperWidth: z.union([z.literal(80), z.literal(58)], { error: '80 or 58 mm' }),
  language: z.enum(PRINTER_LANGUAGES, { error: 'ESC/POS or Star' }),
};

/** A USB id (vendor or product), as the browser's device picker gives it. */
const usbId = z.number({ error: 'Choose the printer' }).int().min(0).max(0xffff);

/** A network printer taking raw print jobs on a TCP port (9100, "JetDirect", on nearly every receipt printer). */
const networkPrinterSchema = z.object({
  connection: z.literal('network'),
  host: z
    .string({ error: 'The printer’s address' })
    .trim()
    .regex(HOST, 'A host name or IPv4 address, such as 192.168.1.50'),
  port: z.number({ error: 'A port number' }).int('A port number').min(1, '1 to 65535').max(65535, '1 to 65535'),
  ...paperAndLanguage,
});

/** A printer on the seller's machine by USB (WebUSB), the one with these ids. */
const usbPrinterSchema = z.object({
  connection: z.literal('usb'),
  vendorId: usbId,
  productId: usbId,
  ...paperAndLanguage,
});

/** A printer on the seller's machine's serial port (WebSerial), at this speed. */
const serialPrinterSchema = z.object({
  connection: z.literal('serial'),
  baudRate: z
    .number({ error: 'The port’s speed' })
    .int()
    .refine((rate) => (BAUD_RATES as readonly number[]).includes(rate), 'One of 9600, 19200, 38400, 57600, 115200'),
  ...paperAndLanguage,
});

/** A printer without its connection is a network printer (as every printer was before USB and serial). */
const networkUnlessSaid = (value: unknown) =>
  value && typeof value === 'object' && !('connection' in value) ? { ...value, connection: 'network' } : value;

export const printerSchema = z.preprocess(
  networkUnlessSaid,
  z.discriminatedUnion('connection', [networkPrinterSchema, usbPrinterSchema, serialPrinterSchema], {
    error: 'A network, USB or serial printer',
  }),
);
export type Printer = z.infer<typeof printerSchema>;
export type NetworkPrinter = Extract<Printer, { connection: 'network' }>;
/** A printer the seller's browser sends to. */
export type DevicePrinter = Exclude<Printer, NetworkPrinter>;

export const isDevicePrinter = (printer: Printer): printer is DevicePrinter => printer.connection !== 'network';

const hex4 = (id: number) => id.toString(16).padStart(4, '0');

/** Where the printer is, as a person reads it: `192.168.1.50:9100`, `USB 04b8:0202`, `serial 9600 baud`. */
export function printerAddress(printer: Printer): string {
  switch (printer.connection) {
    case 'network':
      return `${printer.host}:${printer.port}`;
    case 'usb':
      return `USB ${hex4(printer.vendorId)}:${hex4(printer.productId)}`;
    case 'serial':
      return `serial ${printer.baudRate} baud`;
  }
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9A-Fa-f:.]{2,45}$/;

/** An address range in CIDR notation (`192.168.1.0/24`, `2001:db8::/32`); a lone address is itself. */
export function isAddressRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  const v4 = IPV4.test(address);
  if (!v4 && !(address.includes(':') && IPV6.test(address))) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

const MAX_PAYMENT_METHODS = 20;

/** `POST /api/sales-points` and `PUT /api/sales-points/:id`. */
const salesPointFieldsSchema = z.object({
  name: z
    .string({ error: 'Name the sales point' })
    .trim()
    .min(1, 'Name the sales point')
    .max(60, 'At most 60 characters'),
  receiptPrinter: printerSchema.nullable(),
  ticketPrinter: printerSchema.nullable(),
  cashDrawer: z.boolean(),
  paymentMethodIds: z
    .array(z.number().int().positive())
    .max(MAX_PAYMENT_METHODS, `At most ${MAX_PAYMENT_METHODS} payment methods`),
  allowedRange: z.string().trim().refine(isAddressRange, 'An address range such as 192.168.1.0/24').nullable(),
});

/** A drawer opens by the receipt printer's pulse: there is none without one. */
export const salesPointBodySchema = salesPointFieldsSchema.refine(
  (body) => !body.cashDrawer || body.receiptPrinter !== null,
  { message: 'A cash drawer is opened by the receipt printer: set the receipt printer first', path: ['cashDrawer'] },
);
export type SalesPointBody = z.infer<typeof salesPointBodySchema>;

export const salesPointSchema = salesPointFieldsSchema.extend({
  id: z.number().int(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type SalesPoint = z.infer<typeof salesPointSchema>;

export const salesPointListSchema = z.object({ salesPoints: z.array(salesPointSchema) });
export type SalesPointList = z.infer<typeof salesPointListSchema>;

/** A sales point as the seller picks one when opening a shift. */
export const salesPointChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** False when the seller's address is outside the sales point's range. */
  usableHere: z.boolean(),
  paymentMethodIds: z.array(z.number().int()),
  hasPrinters: z.boolean(),
  cashDrawer: z.boolean(),
});
export type SalesPointChoice = z.infer<typeof salesPointChoiceSchema>;
