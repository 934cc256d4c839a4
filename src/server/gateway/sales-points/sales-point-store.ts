import type { Printer, SalesPoint, SalesPointBody } from '@/contract/sales-points';
import type { Queryable } from '../../db/database';

/** All SQL of gateway.sales_points (migration 022). */

interface SalesPointRow {
  id: string;
  name: string;
  enabled: boolean;
  receipt_printer: Printer | null;
  ticket_printer: Printer | null;
  cash_drawer: boolean;
  payment_method_ids: (string | number)[];
  allowed_range: string | null;
  updated_at: Date | string;
}

const COLUMNS = `id, name, enabled, receipt_printer, ticket_printer, cash_drawer, payment_method_ids,
  allowed_range::text as allowed_range, updated_at`;

const salesPointOf = (row: SalesPointRow): SalesPoint => ({
  id: Number(row.id),
  name: row.name,
  enabled: row.enabled,
  receiptPrinter: row.receipt_printer,
  ticketPrinter: row.ticket_printer,
  cashDrawer: row.cash_drawer,
  paymentMethodIds: row.payment_method_ids.map(Number),
  allowedRange: row.allowed_range,
  updatedAt: new Date(row.updated_at).toISOString(),
});

const valuesOf = (body: SalesPointBody) => [
  body.name,
  body.receiptPrinter === null ? null : JSON.stringify(body.receiptPrinter),
  body.ticketPrinter === null ? null : JSON.stringify(body.ticketPrinter),
  body.cashDrawer,
  body.paymentMethodIds,
  body.allowedRange,
];

export async function listSalesPoints(db: Queryable, organisationId: number): Promise<SalesPoint[]> {
  const { rows } = await db.query<SalesPointRow>(
    `select ${COLUMNS} from gateway.sales_points where organisation_id = $1 order by lower(name), id`,
    [organisationId],
  );
  return rows.map(salesPointOf);
}

export async function findSalesPoint(
  db: Queryable,
  organisationId: number,
  salesPointId: number,
): Promise<SalesPoint | null> {
  const { rows } = await db.query<SalesPointRow>(
    `select ${COLUMNS} from gateway.sales_points where organisation_id = $1 and id = $2`,
    [organisationId, salesPointId],
  );
  return rows[0] ? salesPointOf(rows[0]) : null;
}

/** A range given as an address with host bits (192.168.1.5/24) is stored as its network (192.168.1.0/24). */
export async function insertSalesPoint(
  tx: Queryable,
  organisationId: number,
  body: SalesPointBody,
): Promise<SalesPoint> {
  const { rows } = await tx.query<SalesPointRow>(
    `insert into gateway.sales_points
            (organisation_id, name, receipt_printer, ticket_printer, cash_drawer, payment_method_ids, allowed_range)
     values ($1, $2, $3::jsonb, $4::jsonb, $5, $6::bigint[], network($7::inet))
     returning ${COLUMNS}`,
    [organisationId, ...valuesOf(body)],
  );
  return salesPointOf(rows[0] as SalesPointRow);
}

export async function updateSalesPoint(
  tx: Queryable,
  organisationId: number,
  salesPointId: number,
  body: SalesPointBody,
): Promise<SalesPoint | null> {
  const { rows } = await tx.query<SalesPointRow>(
    `update gateway.sales_points
        set name = $3, receipt_printer = $4::jsonb, ticket_printer = $5::jsonb, cash_drawer = $6,
            payment_method_ids = $7::bigint[], allowed_range = network($8::inet), updated_at = now()
      where organisation_id = $1 and id = $2
     returning ${COLUMNS}`,
    [organisationId, salesPointId, ...valuesOf(body)],
  );
  return rows[0] ? salesPointOf(rows[0]) : null;
}

/** Enables or disables; the database refuses disabling one with an open shift (sales_point_without_open_shift). */
export async function storeEnabled(
  tx: Queryable,
  organisationId: number,
  salesPointId: number,
  enabled: boolean,
): Promise<SalesPoint | null> {
  const { rows } = await tx.query<SalesPointRow>(
    `update gateway.sales_points set enabled = $3, updated_at = now()
      where organisation_id = $1 and id = $2
     returning ${COLUMNS}`,
    [organisationId, salesPointId, enabled],
  );
  return rows[0] ? salesPointOf(rows[0]) : null;
}
