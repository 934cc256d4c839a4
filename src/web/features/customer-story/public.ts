/** What other features may use of the customer's story (lint refuses imports of its other modules). */
export { customerStoryKeys } from './customer-story-queries';
export { CustomerStorySection } from './customer-story-section';
