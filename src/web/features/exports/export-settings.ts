import {
  DELIMITERS,
  EXPORT_FORMATS,
  EXPORT_KINDS,
  EXPORT_MODES,
  type ExportSettings,
  ORDER_ROW_SHAPES,
} from '@/contract/exports';

export type { ExportSettings };

const DEFAULTS: ExportSettings = { kind: 'orders', rows: 'order', format: 'csv', delimiter: 'comma', mode: 'full' };

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/** What to export, read from the URL (`?kind=orders&rows=seat&format=jsonl&mode=changes`). */
export function readExportSettings(search: URLSearchParams): ExportSettings {
  return {
    kind: oneOf(EXPORT_KINDS, search.get('kind'), DEFAULTS.kind),
    rows: oneOf(ORDER_ROW_SHAPES, search.get('rows'), DEFAULTS.rows),
    format: oneOf(EXPORT_FORMATS, search.get('format'), DEFAULTS.format),
    delimiter: oneOf(DELIMITERS, search.get('delimiter'), DEFAULTS.delimiter),
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
