import { randomUUID } from 'node:crypto';
import { type BuyerSummary, buyerSummaryOf } from '@/contract/customer-search';
import { WALK_IN_EMAIL, WALK_IN_NAME, type WalkInCustomer } from '@/contract/scan';
import type { Database, Queryable } from '../../db/database';
import type { RequestAuditEntry } from '../audit';
import { GatewayError } from '../errors';
import { type MirrorCustomer, mirroredCustomers, upsertCustomers } from '../mirror';
import { tenderOf } from '../shifts';
import { SINGLE_ATTEMPT, type UpstreamClient } from '../upstream';
import { claimWalkIn, dropClaim, settleWalkIn, walkInCustomerId } from './walk-in-store';

/** The seller asking, their client to the service, and the audit entry of their request. */
export interface WalkInCaller {
  organisationId: number;
  upstream: () => UpstreamClient;
  audit(tx: Queryable, entry: RequestAuditEntry): Promise<unknown>;
}

export interface WalkInTiming {
  /** A claim this old that never got its customer is taken over (its maker died). */
  staleClaimSeconds: number;
  /** How long a second seller waits for the first one's customer, and how often it looks. */
  waitMs: number;
  pollMs: number;
}

const TIMING: WalkInTiming = { staleClaimSeconds: 30, waitMs: 15_000, pollMs: 100 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The organisation's walk-in customer (issue 31 item 6): checkout needs an existing customer, so the quick sale
 * sells to one made once through the service (`POST /partner/customer`) and remembered here. Race-safe: the maker
 * claims the row first (walk-in-store.ts), so two sellers at once make one customer — the second waits for the
 * first's; a customer the service already has under the walk-in email (a maker that died after creating it) is
 * found by email, not made twice.
 */
export class WalkInService {
  constructor(
    private readonly db: Database,
    private readonly timing: WalkInTiming = TIMING,
  ) {}

  async walkIn(caller: WalkInCaller): Promise<WalkInCustomer> {
    const upstream = caller.upstream();
    const [customer, cashMethodId] = await Promise.all([this.#customer(caller, upstream), cashMethodOf(upstream)]);
    return { customer, cashMethodId };
  }

  async #customer(caller: WalkInCaller, upstream: UpstreamClient): Promise<BuyerSummary> {
    const customerId = await this.#customerId(caller, upstream);
    const mirrored = (await mirroredCustomers(this.db, caller.organisationId, [customerId])).get(customerId);
    if (mirrored) return buyerSummaryOf(mirrored);
    const read = (await upstream.read('GET', `/partner/customer/${customerId}`)) as MirrorCustomer;
    await upsertCustomers(this.db, caller.organisationId, [read]);
    return buyerSummaryOf(read as BuyerSummary);
  }

  async #customerId(caller: WalkInCaller, upstream: UpstreamClient): Promise<number> {
    const { organisationId } = caller;
    const deadline = Date.now() + this.timing.waitMs;
    for (;;) {
      const known = await walkInCustomerId(this.db, organisationId);
      if (known !== null) return known;
      const token = randomUUID();
      if (await claimWalkIn(this.db, organisationId, token, this.timing.staleClaimSeconds)) {
        return this.#make(caller, upstream, token);
      }
      if (Date.now() >= deadline) {
        throw new GatewayError(503, 'The walk-in customer is being created. Try again in a moment.', {
          retryAfterSeconds: 1,
        });
      }
      await sleep(this.timing.pollMs);
    }
  }

  /** Under the claim: the customer the service has under the walk-in email, else a new one; remembered. */
  async #make(caller: WalkInCaller, upstream: UpstreamClient, token: string): Promise<number> {
    const { organisationId } = caller;
    let customer: MirrorCustomer;
    let created = false;
    try {
      const existing = (await upstream.read('POST', '/partner/customer/findByEmail', {
        body: { email: WALK_IN_EMAIL },
        missing: 'null',
        retry: SINGLE_ATTEMPT,
      })) as MirrorCustomer | null;
      customer =
        existing ??
        ((await upstream.read('POST', '/partner/customer', {
          body: { email: WALK_IN_EMAIL, ...WALK_IN_NAME },
          retry: SINGLE_ATTEMPT,
        })) as MirrorCustomer);
      created = existing === null;
    } catch (error) {
      await dropClaim(this.db, organisationId, token);
      throw error;
    }
    const customerId = Number(customer.customerId);
    await this.db.transaction(async (tx) => {
      await upsertCustomers(tx, organisationId, [customer]);
      if (!(await settleWalkIn(tx, organisationId, token, customerId))) return;
      await caller.audit(tx, {
        action: 'walk-in-customer',
        status: created ? 201 : 200,
        details: { customerId, created },
      });
    });
    return (await walkInCustomerId(this.db, organisationId)) ?? customerId;
  }
}

/** The payment method that takes cash, by its name as the shifts count it (shifts/shift-math.ts); null if none. */
async function cashMethodOf(upstream: UpstreamClient): Promise<number | null> {
  const methods = (await upstream.read('GET', '/partner/paymentmethods')) as {
    paymentMethodId?: unknown;
    name?: unknown;
  }[];
  const cash = (Array.isArray(methods) ? methods : []).find(
    (method) => tenderOf(typeof method.name === 'string' ? method.name : null, false) === 'cash',
  );
  return cash && Number.isSafeInteger(Number(cash.paymentMethodId)) ? Number(cash.paymentMethodId) : null;
}
