/** What other features may use of the buyer's screen (lint refuses imports of its other modules). */

export { PairScreenButton } from './pair-screen-button';
export { ScreensButton } from './screens-dialog';
