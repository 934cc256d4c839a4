/** What other features may use of the customers feature (lint refuses imports of its other modules). */
export { CustomerPicker } from './customer-picker';
export { customerKeys } from './customer-queries';
