/** What other features may use of the buyer's screen (lint refuses imports of its other modules). */
export { ScreensButton } from './screens-dialog';
