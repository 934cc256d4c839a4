/** The names of the customers' custom fields, as the gateway serves them (and the privacy letter reads them). */
export { registerCustomFieldRoutes } from './custom-field-routes';
export { readCustomFieldNames } from './custom-field-store';
