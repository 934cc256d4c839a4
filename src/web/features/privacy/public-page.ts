/** The privacy feature's page, loaded lazily by the customers' routes (`/customers/privacy`). */
export { PrivacyPage } from './privacy-page';
