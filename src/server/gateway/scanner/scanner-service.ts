import type { Logger } from 'pino';
import type { Customer } from '@/contract/customer';
import { buyerSummaryOf } from '@/contract/customer-search';
import type { ScanRequest, ScanResult } from '@/contract/scan';
import type { Queryable } from '../../db/database';
import { checkEmailUpstream } from '../customer-search';
import { orderAccess } from '../desk';
import { ForbiddenError } from '../errors';
import { mirroredCustomersByCard, mirroredCustomersByEmail, mirroredOrderByKey } from '../mirror';
import type { Principal } from '../principal';
import { SINGLE_ATTEMPT, type UpstreamClient } from '../upstream';
import { readScannedCode } from './scanned-code';

/** Who scanned: the person, and their client to the service for what the mirror cannot know yet. */
export interface Scanning {
  principal: Principal;
  upstream: () => UpstreamClient;
}

/**
 * How many pages of the service's order list (newest first, 100 a page) are looked through for a key the mirror
 * does not hold: the orders made since the last sync that the write-through did not bring (webshop orders).
 */
const RECENT_ORDER_PAGES = 2;

const CUSTOMER_FINDERS = ['customers:lookup', 'customers:read'] as const;

/**
 * Resolves a scanned code (issue 31 item 4) from the mirror — one index probe per question — and asks the service
 * only what the mirror cannot know: an order made since the last sync, a customer created meanwhile (by email).
 * An order is opened under the rule of the order page (desk/order-access.ts): whoever reads orders opens any, a
 * seller the desk's own sales and open reservations; a customer is looked up only in the box office, by whoever
 * may look up buyers.
 */
export class ScannerService {
  constructor(
    private readonly db: Queryable,
    private readonly log: Logger,
  ) {}

  async resolve(scanning: Scanning, request: Required<ScanRequest>): Promise<ScanResult> {
    const { principal } = scanning;
    const { organisationId } = principal;
    const code = readScannedCode(request.code);
    for (const key of code.orderKeys) {
      const order = await mirroredOrderByKey(this.db, organisationId, key);
      if (order) return this.#opened(principal, order, code.from);
    }
    const inBoxOffice = request.place === 'box-office';
    const customerCode = code.email !== null || code.card !== null;
    if (inBoxOffice && customerCode) {
      if (CUSTOMER_FINDERS.some((permission) => principal.permissions.includes(permission))) {
        const customer = await this.#customer(scanning, code.email, code.card);
        if (customer) return customer;
      } else if (code.orderKeys.length === 0) {
        throw new ForbiddenError(`Your role (${principal.role.name}) does not look up customers.`);
      }
    }
    const recent = await this.#recentOrder(scanning.upstream(), code.orderKeys);
    return recent ? this.#opened(principal, recent, code.from) : { kind: 'unknown' };
  }

  async #opened(
    principal: Principal,
    order: { orderId: number; orderKey: string },
    from: 'order-key' | 'payment-link',
  ): Promise<ScanResult> {
    const { refusal } = await orderAccess(this.db, principal, order.orderId, 'open');
    if (refusal) throw new ForbiddenError(refusal);
    return { kind: 'order', orderId: order.orderId, orderKey: order.orderKey, from };
  }

  /** One customer by email (the mirror, else the service's findByEmail) or by card number; two are no answer. */
  async #customer(scanning: Scanning, email: string | null, card: string | null): Promise<ScanResult | null> {
    const { organisationId } = scanning.principal;
    const one = (found: Customer[]) => (found.length === 1 ? (found[0] ?? null) : null);
    if (email !== null) {
      let found = await mirroredCustomersByEmail(this.db, organisationId, email);
      if (found.length === 0) {
        // A customer created elsewhere a moment ago: the check writes what the service knows into the mirror.
        const check = await checkEmailUpstream(this.db, this.log, scanning.upstream(), email);
        if (check.result === 'found') found = await mirroredCustomersByEmail(this.db, organisationId, email);
      }
      const customer = one(found);
      return customer ? { kind: 'customer', customer: buyerSummaryOf(customer), from: 'email' } : null;
    }
    if (card === null) return null;
    const customer = one(await mirroredCustomersByCard(this.db, organisationId, card));
    return customer ? { kind: 'customer', customer: buyerSummaryOf(customer), from: 'card' } : null;
  }

  async #recentOrder(upstream: UpstreamClient, keys: readonly string[]) {
    if (keys.length === 0) return null;
    for (let page = 1; page <= RECENT_ORDER_PAGES; page++) {
      const answer = (await upstream.read('GET', `/partner/order?page=${page}`, { retry: SINGLE_ATTEMPT })) as {
        data?: { orderId?: unknown; orderKey?: unknown }[];
        last_page?: unknown;
      } | null;
      const match = answer?.data?.find((order) => typeof order.orderKey === 'string' && keys.includes(order.orderKey));
      if (match && Number.isSafeInteger(Number(match.orderId))) {
        return { orderId: Number(match.orderId), orderKey: String(match.orderKey) };
      }
      if (!answer?.data?.length || Number(answer.last_page ?? page) <= page) return null;
    }
    return null;
  }
}
