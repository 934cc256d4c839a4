import type { OpenOrders, PrintData, PrintRecord } from '@/contract/desk';
import { AWAITING_PAYMENT, HORIZON_DAYS, isAwaitingOnlinePayment, isReservation } from '@/contract/open-orders';
import type { Sale } from '@/contract/sales';
import type { Database, Queryable } from '../../db/database';
import { countPrints, lockAuditChain, type RequestAuditEntry } from '../audit';
import { ForbiddenError, NotFoundError } from '../errors';
import { fullSyncFinished, openOrdersChangedSince } from '../mirror';
import type { Principal } from '../principal';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import { foyerSales } from './foyer-sales';
import { type DeskUse, orderAccess, readsOrders } from './order-access';
import { readPrintData, type ServiceRead, textOf } from './print-data';
import { StableReads } from './stable-reads';

type Raw = Record<string, unknown>;

/** What the desk's rules work with. */
export interface DeskDeps {
  db: Database;
  service: ServiceConnection;
  organisations: KeyOpener;
}

/** The person asking, and what their request brings: its origin, its end, and its audit entry. */
export interface DeskCaller {
  principal: Principal;
  /** The origin the request came to (the embedded service builds its URLs from it). */
  origin: string;
  /** Aborted when the request ends: the search through the export stops. */
  signal: AbortSignal;
  /** Records what this request did, in `tx` (the transaction of the change). */
  audit(tx: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

/** A print of an order's tickets or receipt, on a sheet or a receipt printer. */
export interface PrintKind {
  kind: 'tickets' | 'receipt';
  layout: 'a4' | '80mm';
}

/** Of an order's customer, only what the queue shows: the name (no email, address or phone). */
function customerOf(value: unknown) {
  const user = value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : null;
  if (!user) return null;
  return {
    customerId: user.customerId,
    customerFirstName: user.customerFirstName,
    customerPreposition: user.customerPreposition,
    customerLastName: user.customerLastName,
  };
}

/** `YYYY-MM-DD`, `HORIZON_DAYS` before now (UTC), when the app names no day of its own. */
function defaultSince(now = Date.now()): string {
  return new Date(now - HORIZON_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The desk's narrow reads and records (issue 20, printing and reservations). The box-office role sells but may
 * not read the order list or run the orders export, which is where an order's seats and the open orders are;
 * these read them with the organisation's key and give only what the desk needs.
 */
export class DeskService {
  readonly #stableReads = new StableReads();

  constructor(private readonly deps: DeskDeps) {}

  /**
   * What an order's tickets and receipt print. To a seller (sales:sell) only for orders sold through Foyer by
   * their organisation (a checkout in the audit trail), so a colleague can reprint at the desk; to whoever reads
   * orders, any order.
   */
  async printData(caller: DeskCaller, orderId: number): Promise<PrintData<Raw>> {
    const sale = await this.mayUse(caller.principal, orderId, 'print');
    const read = this.#stableReads.wrap(caller.principal.organisationId, this.#serviceRead(caller));
    const data = await readPrintData(read, orderId, caller.signal);
    if (!data) throw new NotFoundError('No such order');
    return { ...data, sale };
  }

  /**
   * The reservations queue (orders in status `res`) from the organisation's mirror, and for those who read orders
   * or reports also the webshop's orders awaiting payment. No seats, and of the customer only the name.
   * Incomplete while the mirror's first full read of the orders still runs.
   */
  async openOrders(principal: Principal, since = defaultSince()): Promise<OpenOrders<Raw>> {
    const { db } = this.deps;
    const withOnline = readsOrders(principal);
    const [candidates, complete] = await Promise.all([
      openOrdersChangedSince(db, principal.organisationId, since, withOnline ? AWAITING_PAYMENT : null),
      fullSyncFinished(db, principal.organisationId, 'orders'),
    ]);
    const orders = candidates.flatMap(({ body, customer }) => {
      const fields = {
        orderStatus: textOf(body.orderStatus),
        orderPaymentStatus: textOf(body.orderPaymentStatus),
        orderChannel: textOf(body.orderChannel),
      };
      if (!isReservation(fields) && !(withOnline && isAwaitingOnlinePayment(fields))) return [];
      const { seats: _seats, deletedSeats: _deleted, user: _user, ...order } = body;
      return [{ ...order, user: customerOf(customer) }];
    });
    return { orders, withOnline, since, complete };
  }

  /**
   * Whether the person may print or open the order (order-access.ts), thrown as a 403 when not; the sale, when
   * Foyer made it.
   */
  async mayUse(principal: Principal, orderId: number, use: DeskUse): Promise<Sale | null> {
    const { sale, refusal } = await orderAccess(this.deps.db, principal, orderId, use);
    if (refusal) throw new ForbiddenError(refusal);
    return sale;
  }

  /**
   * Records a print of an order (after `mayUse`), numbered per kind in the audit trail. Only an order the service
   * has for this organisation: another's, or none, is no order here.
   */
  async recordPrint(caller: DeskCaller, orderId: number, print: PrintKind): Promise<PrintRecord> {
    const { principal } = caller;
    if ((await this.#serviceRead(caller)('GET', `/partner/order/${orderId}`)) === null) {
      throw new NotFoundError('No such order');
    }
    const printNumber = await this.deps.db.transaction(async (tx) => {
      // Under the chain's lock, so two prints at once get two different numbers.
      await lockAuditChain(tx, principal.organisationId);
      const n = (await countPrints(tx, principal.organisationId, orderId, print.kind)) + 1;
      await caller.audit(tx, {
        action: 'print',
        status: 201,
        orderId,
        details: { kind: print.kind, layout: print.layout, printNumber: n, reprint: n > 1 },
      });
      return n;
    });
    return { printNumber, reprint: printNumber > 1 };
  }

  /** "Sold by" (and in which shift) of those of `orderIds` sold through Foyer. */
  sales(organisationId: number, orderIds: readonly number[]): Promise<Sale[]> {
    return foyerSales(this.deps.db, organisationId, orderIds);
  }

  /** JSON reads with the person's organisation's key: null for a 404. */
  #serviceRead(caller: DeskCaller): ServiceRead {
    const upstream = UpstreamClient.forPerson(this.deps, caller.principal, caller.origin);
    return (method, pathAndQuery, body) => upstream.read(method, pathAndQuery, { body, missing: 'null' });
  }
}
