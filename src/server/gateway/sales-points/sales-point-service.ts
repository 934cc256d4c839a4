import type { SalesPoint, SalesPointBody, SalesPointChoice } from '@/contract/sales-points';
import { PG_UNIQUE_VIOLATION } from '../../db/connect';
import type { Database, Queryable } from '../../db/database';
import type { RequestAuditEntry } from '../audit';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import type { Principal } from '../principal';
import { isInRange } from './address-range';
import { findSalesPoint, insertSalesPoint, listSalesPoints, storeEnabled, updateSalesPoint } from './sales-point-store';

/** The person asking, and what their request brings: its client address and its audit entry. */
export interface SalesPointCaller {
  principal: Principal;
  /** The client's address as the gateway reads it (TRUST_PROXY): what a sales point's range is checked against. */
  address: string;
  audit(tx: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

export const PG_CHECK_VIOLATION = '23514';

const errorOf = (error: unknown) =>
  typeof error === 'object' && error !== null
    ? (error as { code?: unknown; constraint?: unknown; message?: unknown })
    : {};

/** Whether `error` is the database refusing by `constraint` (named in the error, or in its message). */
export function isRefusedBy(error: unknown, code: string, constraint: string): boolean {
  const fields = errorOf(error);
  return (
    fields.code === code &&
    (fields.constraint === constraint || (typeof fields.message === 'string' && fields.message.includes(constraint)))
  );
}

/** The audit's record of a sales point's settings (no secrets in them: printers are addresses on the LAN). */
const settingsOf = (point: SalesPoint) => ({
  salesPointId: point.id,
  name: point.name,
  enabled: point.enabled,
  receiptPrinter: point.receiptPrinter,
  ticketPrinter: point.ticketPrinter,
  cashDrawer: point.cashDrawer,
  paymentMethodIds: point.paymentMethodIds,
  allowedRange: point.allowedRange,
});

/** Whether the sales point may be used from `address`. */
export const usableFrom = (point: Pick<SalesPoint, 'allowedRange'>, address: string) =>
  point.allowedRange === null || isInRange(address, point.allowedRange);

/**
 * Sales points (issue 31): administrators (sales-points:manage) set them up, enable and disable them; sellers
 * pick one when opening a shift (shifts/), and its printers print their sales (printing/).
 */
export class SalesPointService {
  constructor(private readonly db: Database) {}

  list({ principal }: SalesPointCaller): Promise<SalesPoint[]> {
    return listSalesPoints(this.db, principal.organisationId);
  }

  async create(caller: SalesPointCaller, body: SalesPointBody): Promise<SalesPoint> {
    return this.db
      .transaction(async (tx) => {
        const point = await insertSalesPoint(tx, caller.principal.organisationId, body);
        await caller.audit(tx, {
          action: 'sales-point',
          status: 201,
          details: { change: 'create', ...settingsOf(point) },
        });
        return point;
      })
      .catch((error: unknown) => this.refuse(error, body.name));
  }

  async update(caller: SalesPointCaller, salesPointId: number, body: SalesPointBody): Promise<SalesPoint> {
    const point = await this.db
      .transaction(async (tx) => {
        const updated = await updateSalesPoint(tx, caller.principal.organisationId, salesPointId, body);
        if (updated) {
          await caller.audit(tx, {
            action: 'sales-point',
            status: 200,
            details: { change: 'update', ...settingsOf(updated) },
          });
        }
        return updated;
      })
      .catch((error: unknown) => this.refuse(error, body.name));
    if (!point) throw new NotFoundError('No such sales point');
    return point;
  }

  /** Enables or disables a sales point; one with an open shift stays enabled until that shift is closed. */
  async setEnabled(caller: SalesPointCaller, salesPointId: number, enabled: boolean): Promise<SalesPoint> {
    const point = await this.db
      .transaction(async (tx) => {
        const changed = await storeEnabled(tx, caller.principal.organisationId, salesPointId, enabled);
        if (changed) {
          await caller.audit(tx, {
            action: 'sales-point',
            status: 200,
            details: { change: enabled ? 'enable' : 'disable', salesPointId, name: changed.name },
          });
        }
        return changed;
      })
      .catch((error: unknown) => {
        if (isRefusedBy(error, PG_CHECK_VIOLATION, 'sales_point_without_open_shift')) {
          throw new ConflictError('A shift is open at this sales point: close it before disabling the sales point.');
        }
        throw error;
      });
    if (!point) throw new NotFoundError('No such sales point');
    return point;
  }

  /** The enabled sales points a seller picks from, each saying whether it may be used from where they are. */
  async choices({ principal, address }: Pick<SalesPointCaller, 'principal' | 'address'>): Promise<SalesPointChoice[]> {
    const points = await listSalesPoints(this.db, principal.organisationId);
    return points
      .filter((point) => point.enabled)
      .map((point) => ({
        id: point.id,
        name: point.name,
        usableHere: usableFrom(point, address),
        paymentMethodIds: point.paymentMethodIds,
        hasPrinters: point.receiptPrinter !== null || point.ticketPrinter !== null,
        cashDrawer: point.cashDrawer,
      }));
  }

  private refuse(error: unknown, name: string): never {
    if (isRefusedBy(error, PG_UNIQUE_VIOLATION, 'sales_points_name')) {
      const message = `A sales point named ${name} exists already.`;
      throw new ConflictError(message, { errors: { name: [message] } });
    }
    if (errorOf(error).code === '22P02') {
      throw ValidationError.field('allowedRange', 'An address range such as 192.168.1.0/24');
    }
    throw error;
  }
}

/**
 * The sales point a seller opens a shift at, checked: it exists in their organisation, is enabled and may be
 * used from their address. Thrown as the refusal the seller reads otherwise.
 */
export async function salesPointForShift(
  db: Queryable,
  principal: Principal,
  salesPointId: number,
  address: string,
): Promise<SalesPoint> {
  const point = await findSalesPoint(db, principal.organisationId, salesPointId);
  if (!point) throw ValidationError.field('salesPointId', 'No such sales point');
  if (!point.enabled) throw ValidationError.field('salesPointId', `Sales point ${point.name} is disabled`);
  if (!usableFrom(point, address)) {
    throw new ForbiddenError(`Sales point ${point.name} cannot be used from this address (${address}).`);
  }
  return point;
}
