import { z } from 'zod';
import {
  type PrinterConnection,
  type SalesPoint,
  type SalesPointBody,
  salesPointBodySchema,
} from '@/contract/sales-points';

/**
 * The sales point form's values, flat (one field per input, as the app's forms are), and the body they make.
 * The rules are the contract's: each printer's fields apply when it is switched on.
 */
export interface SalesPointValues {
  name: string;
  receiptPrinter: boolean;
  receiptConnection: PrinterConnection;
  receiptHost: string;
  receiptPort: number | string;
  receiptPaper: '80' | '58';
  receiptLanguage: 'esc-pos' | 'star-prnt';
  receiptBaudRate: string;
  receiptVendorId: number | null;
  receiptProductId: number | null;
  ticketPrinter: boolean;
  ticketConnection: PrinterConnection;
  ticketHost: string;
  ticketPort: number | string;
  ticketPaper: '80' | '58';
  ticketLanguage: 'esc-pos' | 'star-prnt';
  ticketBaudRate: string;
  ticketVendorId: number | null;
  ticketProductId: number | null;
  cashDrawer: boolean;
  paymentMethodIds: string[];
  allowedRange: string;
}

type Role = 'receipt' | 'ticket';

function printerOf(values: SalesPointValues, role: Role): SalesPointBody['receiptPrinter'] {
  if (!values[`${role}Printer`]) return null;
  const paper = { paperWidth: values[`${role}Paper`] === '58' ? 58 : 80, language: values[`${role}Language`] } as const;
  switch (values[`${role}Connection`]) {
    case 'usb':
      // Unchosen ids stay missing, so the contract asks for the printer.
      return {
        connection: 'usb',
        vendorId: values[`${role}VendorId`] as number,
        productId: values[`${role}ProductId`] as number,
        ...paper,
      };
    case 'serial':
      return { connection: 'serial', baudRate: Number(values[`${role}BaudRate`]), ...paper };
    default:
      return {
        connection: 'network',
        host: values[`${role}Host`].trim(),
        port: Number(values[`${role}Port`]),
        ...paper,
      };
  }
}

export function bodyOf(values: SalesPointValues): SalesPointBody {
  return {
    name: values.name.trim(),
    receiptPrinter: printerOf(values, 'receipt'),
    ticketPrinter: printerOf(values, 'ticket'),
    cashDrawer: values.cashDrawer,
    paymentMethodIds: values.paymentMethodIds.map(Number),
    allowedRange: values.allowedRange.trim() === '' ? null : values.allowedRange.trim(),
  };
}

export function valuesOf(point: SalesPoint | null): SalesPointValues {
  const printer = (role: Role) => {
    const set = role === 'receipt' ? point?.receiptPrinter : point?.ticketPrinter;
    return {
      [`${role}Printer`]: Boolean(set),
      [`${role}Connection`]: set?.connection ?? 'network',
      [`${role}Host`]: set?.connection === 'network' ? set.host : '',
      [`${role}Port`]: set?.connection === 'network' ? set.port : 9100,
      [`${role}Paper`]: set?.paperWidth === 58 ? '58' : '80',
      [`${role}Language`]: set?.language ?? 'esc-pos',
      [`${role}BaudRate`]: String(set?.connection === 'serial' ? set.baudRate : 9600),
      [`${role}VendorId`]: set?.connection === 'usb' ? set.vendorId : null,
      [`${role}ProductId`]: set?.connection === 'usb' ? set.productId : null,
    };
  };
  return {
    name: point?.name ?? '',
    ...printer('receipt'),
    ...printer('ticket'),
    cashDrawer: point?.cashDrawer ?? false,
    paymentMethodIds: (point?.paymentMethodIds ?? []).map(String),
    allowedRange: point?.allowedRange ?? '',
  } as SalesPointValues;
}

/** The form's field (after the role) of each printer setting. */
const FIELD_OF: Record<string, string> = {
  port: 'Port',
  host: 'Host',
  paperWidth: 'Paper',
  baudRate: 'BaudRate',
  vendorId: 'VendorId',
  productId: 'VendorId',
};

/** The form's check: the contract's rules on the body, their messages put on the flat fields. */
export const salesPointFormSchema = z.custom<SalesPointValues>().superRefine((values, context) => {
  const result = salesPointBodySchema.safeParse(bodyOf(values));
  if (result.success) return;
  for (const issue of result.error.issues) {
    const [first, second] = issue.path;
    const role = first === 'receiptPrinter' ? 'receipt' : first === 'ticketPrinter' ? 'ticket' : null;
    const field = role ? `${role}${FIELD_OF[String(second)] ?? 'Language'}` : String(first);
    context.addIssue({ code: 'custom', message: issue.message, path: [field] });
  }
});
