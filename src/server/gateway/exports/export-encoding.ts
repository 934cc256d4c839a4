import Papa from 'papaparse';
import { CSV_NEWLINE, CSV_UNPARSE_OPTIONS, UTF8_BOM } from '@/contract/csv';
import type { ExportFormat } from '@/contract/exports';
import type { ExportRecord, RowLayout } from './export-rows';

/** Encodes an export chunk by chunk (one page at a time), so no step ever holds the whole file. */
export interface ChunkEncoder {
  mimeType: string;
  extension: string;
  /** What the file starts with (BOM and header for CSV; nothing for JSON lines). */
  start(): string;
  /** One page of records → text (ending in a newline unless empty) and the number of rows in it. */
  encode(records: readonly ExportRecord[]): { text: string; rows: number };
}

/**
 * An amount as a Dutch spreadsheet reads it: two decimals after a comma (`67.5` → `67,50`). Anything that
 * is not a plain decimal number is left as it is, so nothing is lost.
 */
export function dutchDecimal(value: unknown): unknown {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === null || !/^-?\d+(\.\d+)?$/.test(text)) return value;
  const cents = Math.round(Number(text) * 100);
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  return `${sign}${whole},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/**
 * With `;` — the choice for Excel with Dutch settings, whose list separator it is — amounts also get its
 * decimal comma; with `,` every value goes out as the service sent it (for machines: a CRM sync).
 */
export function csvEncoder(layout: RowLayout, delimiter: ',' | ';' = ','): ChunkEncoder {
  const config = { ...CSV_UNPARSE_OPTIONS, delimiter };
  const moneyAt =
    delimiter === ';'
      ? (layout.moneyColumns ?? []).map((name) => layout.columns.indexOf(name)).filter((i) => i >= 0)
      : [];
  const localised = (row: unknown[]) => {
    if (moneyAt.length === 0) return row;
    const copy = [...row];
    for (const index of moneyAt) copy[index] = dutchDecimal(copy[index]);
    return copy;
  };
  return {
    mimeType: 'text/csv;charset=utf-8',
    extension: 'csv',
    start: () => `${UTF8_BOM}${Papa.unparse([[...layout.columns]], config)}${CSV_NEWLINE}`,
    encode(records) {
      const data: unknown[][] = [];
      for (const record of records) for (const row of layout.csvRows(record)) data.push(localised(row));
      if (data.length === 0) return { text: '', rows: 0 };
      // Each page is unparsed on its own (header: false); the header was written once by start().
      const text = Papa.unparse({ fields: [...layout.columns], data }, { ...config, header: false });
      return { text: `${text}${CSV_NEWLINE}`, rows: data.length };
    },
  };
}

export function jsonLinesEncoder(layout: RowLayout): ChunkEncoder {
  return {
    mimeType: 'application/x-ndjson;charset=utf-8',
    extension: 'jsonl',
    start: () => '',
    encode(records) {
      let text = '';
      let rows = 0;
      for (const record of records) {
        for (const row of layout.jsonRows(record)) {
          text += `${JSON.stringify(row)}\n`;
          rows += 1;
        }
      }
      return { text, rows };
    },
  };
}

export function encoderFor(format: ExportFormat, layout: RowLayout, delimiter: ',' | ';' = ','): ChunkEncoder {
  return format === 'csv' ? csvEncoder(layout, delimiter) : jsonLinesEncoder(layout);
}
