/** The jobs page, for the customers area's route (/customers/jobs), loaded lazily. */
export { CustomerJobsPage } from './customer-jobs-page';
