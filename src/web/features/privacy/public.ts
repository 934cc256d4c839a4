/** What other features may use of the privacy feature (lint refuses imports of its other modules). */
export { PrivacySection } from './privacy-section';
