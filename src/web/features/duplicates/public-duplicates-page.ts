/** The duplicate review queue's page, for the customers' routes (`/customers/duplicates`), loaded lazily. */
export { DuplicatesPage } from './duplicates-page';
