/** What other features may use of the shifts feature (lint refuses imports of its other modules). */

export { NoShiftNotice } from './no-shift-notice';
export { ShiftBar } from './shift-bar';
