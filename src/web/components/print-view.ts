import './print-view.css';

/** The paper a print view is laid out for: A4 (or PDF), or 80 mm receipt paper. */
export type PaperLayout = 'a4' | '80mm';

/** The page size for the browser's print dialog: `@page` cannot be scoped, so a view writes the one it needs. */
export const PAGE_RULES: Record<PaperLayout, string> = {
  a4: '@page { size: A4; margin: 12mm; }',
  '80mm': '@page { size: 80mm auto; margin: 0; }',
};
