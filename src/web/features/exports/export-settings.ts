import { EXPORT_FORMATS, type ExportFormat } from './export-encoding';
import { EXPORT_KINDS, type ExportKind, ORDER_ROW_SHAPES, type OrderRowShape } from './export-kinds';

export const EXPORT_MODES = ['full', 'changes'] as const;
export type ExportMode = (typeof EXPORT_MODES)[number];
export const DELIMITERS = { comma: ',', semicolon: ';' } as const;
export type DelimiterName = keyof typeof DELIMITERS;

/** What to export, read from the URL (`?kind=orders&rows=seat&format=jsonl&mode=changes`). */
export interface ExportSettings {
  kind: ExportKind;
  rows: OrderRowShape;
  format: ExportFormat;
  delimiter: DelimiterName;
  mode: ExportMode;
}

const DEFAULTS: ExportSettings = { kind: 'orders', rows: 'order', format: 'csv', delimiter: 'comma', mode: 'full' };

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

export function readExportSettings(search: URLSearchParams): ExportSettings {
  return {
    kind: oneOf(EXPORT_KINDS, search.get('kind'), DEFAULTS.kind),
    rows: oneOf(ORDER_ROW_SHAPES, search.get('rows'), DEFAULTS.rows),
    format: oneOf(EXPORT_FORMATS, search.get('format'), DEFAULTS.format),
    delimiter: oneOf(Object.keys(DELIMITERS) as DelimiterName[], search.get('delimiter'), DEFAULTS.delimiter),
    mode: oneOf(EXPORT_MODES, search.get('mode'), DEFAULTS.mode),
  };
}

/** Defaults are left out so the plain URL stays plain. */
export function writeExportSettings(settings: ExportSettings): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(DEFAULTS) as Array<keyof ExportSettings>) {
    if (settings[key] !== DEFAULTS[key]) search.set(key, settings[key]);
  }
  return search;
}
