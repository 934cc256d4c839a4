import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Mantine's ScrollArea (a part of every Table, through Table.ScrollContainer) takes one small hook,
 * useMergeRefs, from @floating-ui/react — and with it the whole positioning library (12 kB gzip) into
 * every screen with a table. It gets Mantine's own equivalent instead (src/web/lib/merge-refs.ts);
 * floating-ui then loads only with the popovers, menus and comboboxes that position something.
 */
export function scrollAreaWithoutFloatingUi(): Plugin {
  const replacement = fileURLToPath(new URL('../web/lib/merge-refs.ts', import.meta.url));
  return {
    name: 'foyer:scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer?.includes('/@mantine/core/esm/components/ScrollArea/')) {
        return replacement;
      }
      return null;
    },
  };
}
