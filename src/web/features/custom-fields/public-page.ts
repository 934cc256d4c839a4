/** The page that names the custom fields, loaded by its route alone. */
export { CustomFieldsPage } from './custom-fields-page';
