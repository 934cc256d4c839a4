import type { Database } from '../../db/database';
import type { CustomerJobAction } from '../customer-jobs';
import type { CustomerDirectories } from '../customer-search';
import type { SegmentFactsDirectories } from '../segments';
import { anonymiseFoyerRecords, anonymiseInService, isAnonymised, serviceCustomer } from './anonymise';

/**
 * Anonymising as a customer job's action (the retention list's batches run through the customer jobs of
 * customer-jobs/, which rate-limit, resume and audit per customer). `isApplied` reads the service's record:
 * a customer whose record holds only the placeholders is done (and so is one the service no longer knows), so a
 * resumed job makes no call twice.
 */
export function anonymiseAction(deps: {
  db: Database;
  customerDirectories: CustomerDirectories;
  segmentFacts: SegmentFactsDirectories;
}): CustomerJobAction {
  return {
    kind: 'anonymise',
    requires: ['privacy:manage'],
    async isApplied({ upstream, customerId }) {
      const customer = await serviceCustomer(upstream, customerId);
      return customer === null || isAnonymised(customer);
    },
    async apply({ upstream, customerId }) {
      const current = await serviceCustomer(upstream, customerId);
      if (!current) return { changed: false };
      const { customer, fieldsCleared, tagsRemoved } = await anonymiseInService(upstream, current);
      const { organisationId } = upstream;
      const { notesDeleted, flagsRemoved } = await deps.db.transaction((tx) =>
        anonymiseFoyerRecords(tx, organisationId, customer),
      );
      await deps.customerDirectories.catchUp(organisationId);
      await deps.segmentFacts.catchUp(organisationId);
      // The job audits each customer with this entry: field names and counts, never the erased values.
      return {
        changed: true,
        audit: { action: 'anonymise', details: { fieldsCleared, tagsRemoved, notesDeleted, flagsRemoved } },
      };
    },
  };
}
