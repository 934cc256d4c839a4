/**
 * The rules of every CSV file Foyer writes — the exports, the orders analysis, the audit trail, the
 * Z-report — so a spreadsheet or a CRM reads them all alike. Passed to papaparse's `unparse`.
 */

/** Spreadsheets (Excel above all) read a CSV as UTF-8 only when it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

export const CSV_NEWLINE = '\r\n';

/**
 * Cells a spreadsheet would run as a formula (`=…`, `@…`, `+cmd`, `-cmd`) get a leading `'` (papaparse's
 * escapeFormulae). A sign followed only by digits is left alone: phone numbers (`+316…`) and negative
 * amounts (`-12.50`) must arrive unchanged.
 */
export const CSV_FORMULA_START = /^(?:[=@\t\r]|[+-](?![\d\s.,]*$))/;

/** papaparse's `unparse` options of the rules above (a comma between cells unless a file says otherwise). */
export const CSV_UNPARSE_OPTIONS = { newline: CSV_NEWLINE, escapeFormulae: CSV_FORMULA_START } as const;
