import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MantineStyleNeeds, styleImportsIn } from './mantine-styles';

const ROOT = join(import.meta.dirname, '../..');
const WEB = join(ROOT, 'src/web');
const needs = new MantineStyleNeeds(join(ROOT, 'node_modules'));
/** Loaded before any page (src/web/main.tsx imports it first): what every module may take as given. */
const GLOBAL = new Set(styleImportsIn(readFileSync(join(WEB, 'app/styles.ts'), 'utf8')));

function appModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return appModules(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('Mantine styles', () => {
  it('every module of the app imports the sheets of the Mantine components it renders, or they are global', () => {
    const misses = appModules(WEB).flatMap((file) =>
      needs
        .missingIn(readFileSync(file, 'utf8'), GLOBAL)
        .map(([sheet, component]) => `${relative(ROOT, file)}: import '${sheet}'; // ${component}`),
    );
    expect(misses, 'add these imports (or move a sheet every screen needs to src/web/app/styles.ts)').toEqual([]);
  });

  it('reads what a component draws with from Mantine itself', () => {
    expect(needs.sheetsFor('core', 'Button')).toContain('@mantine/core/styles/Button.css');
    expect(needs.sheetsFor('core', 'Select')).toContain('@mantine/core/styles/Combobox.css');
    expect(needs.sheetsFor('core', 'Select')).toContain('@mantine/core/styles/Input.css');
    expect(needs.sheetsFor('charts', 'BarChart')).toContain('@mantine/charts/styles.css');
    expect(needs.sheetsFor('core', 'useCombobox').size).toBe(0);
  });

  it('fails a page that renders a component without its sheet (a deliberate violation)', () => {
    const page = "import { Select, Stack } from '@mantine/core';\nimport { BarChart } from '@mantine/charts';\n";
    const missing = new Map(needs.missingIn(page, GLOBAL));
    expect(missing.get('@mantine/core/styles/Combobox.css')).toBe('Select');
    expect(missing.get('@mantine/charts/styles.css')).toBe('BarChart');
    expect(missing.has('@mantine/core/styles/Stack.css')).toBe(false); // global

    const fixed = `${page}${[...missing.keys()].map((sheet) => `import '${sheet}';`).join('\n')}\n`;
    expect(needs.missingIn(fixed, GLOBAL)).toEqual([]);
  });
});
