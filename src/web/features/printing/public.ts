/** What other features may use of printing at a sales point (lint refuses imports of its other modules). */
export { CashUpDrawerButton } from './cash-up-drawer';
export { PrinterChip } from './printer-chip';
export { refreshPrintingStatus, useSalesPointDefaultMethod } from './printing-queries';
export { SalePrinting } from './sale-printing';
