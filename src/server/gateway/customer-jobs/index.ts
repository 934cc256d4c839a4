/**
 * The customer jobs' public entry: the action registry (each concern's actions — tags here, anonymise in
 * privacy/ — registered once at start), making a job, the runner and the auto tags' keeper the scheduler runs,
 * and the routes. Nothing else is used from outside this folder. What is tagged @public is there for the
 * concerns that bring their own actions and jobs (privacy's retention batches).
 */
export { AutoTagKeeper } from './auto-tag-keeper';
/** @public */
export type { CustomerJobAction, CustomerJobContext, CustomerJobOutcome } from './customer-job-action';
/** @public */
export { CustomerJobActions, callService, ServiceAnswerError } from './customer-job-action';
export { CustomerJobRunner } from './customer-job-runner';
export { registerCustomerJobRoutes } from './customer-jobs-routes';
/** @public */
export { type CustomerJobRequest, createCustomerJob } from './customer-jobs-service';
export type { SegmentMembers } from './segment-members';
export { addTagAction, removeTagAction } from './tag-actions';
