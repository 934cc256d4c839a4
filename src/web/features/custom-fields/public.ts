/** What other features may use of the custom fields' names (lint refuses imports of its other modules). */
export { useCustomFieldLabels } from './custom-field-queries';
export { useCustomerFieldName } from './customer-field-names';
