/** What other features may use of the customer's story (lint refuses imports of its other modules). */
export { CustomerStorySection } from './customer-story-section';
