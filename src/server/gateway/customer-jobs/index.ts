/**
 * The customer jobs' public entry: the action registry (each concern's actions — tags here, anonymise in
 * privacy/ — registered once at start), making a job, the runner and the auto tags' keeper the scheduler runs,
 * and the routes. Nothing else is used from outside this folder.
 */
export { AutoTagKeeper } from './auto-tag-keeper';
export {
  type CustomerJobAction,
  CustomerJobActions,
  type CustomerJobContext,
  type CustomerJobOutcome,
  callService,
  ServiceAnswerError,
} from './customer-job-action';
export { CustomerJobRunner, DEFAULT_CALLS_PER_SECOND } from './customer-job-runner';
export { registerCustomerJobRoutes } from './customer-jobs-routes';
export { type CustomerJobRequest, createCustomerJob } from './customer-jobs-service';
export type { SegmentMembers } from './segment-members';
export { addTagAction, removeTagAction } from './tag-actions';
