/** What other features may use of the shifts feature (lint refuses imports of its other modules). */
export { ShiftBar } from './shift-bar';
