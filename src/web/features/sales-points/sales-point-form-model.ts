import { z } from 'zod';
import { type SalesPoint, type SalesPointBody, salesPointBodySchema } from '@/contract/sales-points';

/**
 * The sales point form's values, flat (one field per input, as the app's forms are), and the body they make.
 * The rules are the contract's: each printer's fields apply when it is switched on.
 */
export interface SalesPointValues {
  name: string;
  receiptPrinter: boolean;
  receiptHost: string;
  receiptPort: number | string;
  receiptPaper: '80' | '58';
  receiptLanguage: 'esc-pos' | 'star-prnt';
  ticketPrinter: boolean;
  ticketHost: string;
  ticketPort: number | string;
  ticketPaper: '80' | '58';
  ticketLanguage: 'esc-pos' | 'star-prnt';
  cashDrawer: boolean;
  paymentMethodIds: string[];
  allowedRange: string;
}

type Role = 'receipt' | 'ticket';

const printerOf = (values: SalesPointValues, role: Role): SalesPointBody['receiptPrinter'] =>
  values[`${role}Printer`]
    ? {
        host: values[`${role}Host`].trim(),
        port: Number(values[`${role}Port`]),
        paperWidth: values[`${role}Paper`] === '58' ? 58 : 80,
        language: values[`${role}Language`],
      }
    : null;

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
      [`${role}Host`]: set?.host ?? '',
      [`${role}Port`]: set?.port ?? 9100,
      [`${role}Paper`]: set?.paperWidth === 58 ? '58' : '80',
      [`${role}Language`]: set?.language ?? 'esc-pos',
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

/** The form's check: the contract's rules on the body, their messages put on the flat fields. */
export const salesPointFormSchema = z.custom<SalesPointValues>().superRefine((values, context) => {
  const result = salesPointBodySchema.safeParse(bodyOf(values));
  if (result.success) return;
  for (const issue of result.error.issues) {
    const [first, second] = issue.path;
    const role = first === 'receiptPrinter' ? 'receipt' : first === 'ticketPrinter' ? 'ticket' : null;
    const field = role
      ? `${role}${second === 'port' ? 'Port' : second === 'host' ? 'Host' : second === 'paperWidth' ? 'Paper' : 'Language'}`
      : String(first);
    context.addIssue({ code: 'custom', message: issue.message, path: [field] });
  }
});
