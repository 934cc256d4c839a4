/** The flag settings page, loaded lazily by the customers' routes. */
export { FlagSettingsPage } from './flag-settings-page';
