import type { Queryable } from '../../db/database';
import type { UpstreamClient } from '../upstream';

/**
 * What the privacy concern needs of concerns that are not its own to build (the desk notes of customer-notes/,
 * the customer jobs of customer-jobs/): small interfaces of its own, which the gateway fills with theirs.
 */

/** A desk note as a privacy package lists it. */
export interface CustomerNoteRecord {
  text: string;
  /** Who wrote it (their name or email at the time); null when not known. */
  author: string | null;
  /** ISO 8601. */
  at: string;
}

/** A flag on a customer (wheelchair place, check ID …) as a privacy package lists it. */
export interface CustomerFlagRecord {
  flag: string;
  author: string | null;
  at: string | null;
}

/**
 * Foyer's own notes and flags about a customer (customer-notes/). `deleteNotesOfCustomer` deletes both the
 * notes and the flags (both say something about the person) and answers how many it deleted; it runs in the
 * caller's transaction, so the deletion commits with the anonymisation's audit entry.
 */
export interface CustomerNotes {
  notesOfCustomer(db: Queryable, organisationId: number, customerId: number): Promise<CustomerNoteRecord[]>;
  flagsOfCustomer(db: Queryable, organisationId: number, customerId: number): Promise<CustomerFlagRecord[]>;
  deleteNotesOfCustomer(tx: Queryable, organisationId: number, customerId: number): Promise<number>;
}

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
