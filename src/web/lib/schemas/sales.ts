import type { Sale, SalesAnswer } from '@/contract/sales';
import { fields, integer, list, nullableString, parser, string, Unreadable } from '../read';

/**
 * "Sold by" (`GET /api/sales`), the gateway's own answer, read by hand and strictly: the orders list shows it
 * and loads no schema library.
 */

function nullableInteger(value: unknown, field: string): number | null {
  return value === null ? null : integer(value, field);
}

function readSale(value: unknown, field: string): Sale {
  const raw = fields(value, field);
  const seller = fields(raw.seller, `${field}.seller`);
  const shift = raw.shift === null ? null : fields(raw.shift, `${field}.shift`);
  return {
    orderId: integer(raw.orderId, `${field}.orderId`),
    seller: {
      accountId: nullableInteger(seller.accountId, `${field}.seller.accountId`),
      name: nullableString(seller.name, `${field}.seller.name`),
      email: nullableString(seller.email, `${field}.seller.email`),
    },
    at: string(raw.at, `${field}.at`),
    shift: shift && {
      id: integer(shift.id, `${field}.shift.id`),
      desk: string(shift.desk, `${field}.shift.desk`),
      openedAt: nullableString(shift.openedAt, `${field}.shift.openedAt`),
    },
  };
}

export const salesAnswerSchema = parser((value): SalesAnswer => {
  const raw = fields(value, 'answer');
  if (!Array.isArray(raw.sales)) throw new Unreadable('sales: not a list');
  return { sales: list(raw.sales, 'sales', readSale) };
});
