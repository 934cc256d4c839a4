import type { Queryable } from '../../db/database';
import type { UpstreamClient } from '../upstream';

/**
 * What the privacy concern needs of concerns that are not its own to build (the customer jobs of customer-jobs/): small interfaces of its own, which the gateway fills with theirs.
 */

/** What a customer job's action works with, per customer (customer-jobs/). */
export interface CustomerJobContext {
  /** The organisation's client, for background work. */
  upstream: UpstreamClient;
  customerId: number;
  params: Record<string, unknown>;
}

/**
 * One kind of work a customer job does per customer. `isApplied` tells a resumed job that a customer was done
 * before the interruption, so no call is made twice.
 */
export interface CustomerJobAction {
  kind: string;
  apply(ctx: CustomerJobContext): Promise<void>;
  isApplied(ctx: CustomerJobContext): Promise<boolean>;
}

/** Starts a background job over customers (customer-jobs/): its progress is shown by that concern. */
export interface CustomerJobs {
  createCustomerJob(
    db: Queryable,
    job: {
      organisationId: number;
      /** The person who asked for it. */
      accountId: number;
      kind: string;
      customerIds: readonly number[];
      params: Record<string, unknown>;
    },
  ): Promise<{ jobId: number }>;
}
