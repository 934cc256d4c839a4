import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Which Mantine style sheets a module of the app needs. The app imports Mantine's styles per component
 * (src/web/app/styles.ts says why), so a module that renders `<Select>` must import the sheets of Select and
 * of everything Select draws with (Combobox, Input, Popover…), or the page shows it unstyled — and only
 * where no other module of the same chunk happened to import them, which is how such a miss goes unseen.
 *
 * The needs are read from Mantine's own code: a component needs the sheet of every `*.module.mjs` (its class
 * names) that its module reaches through relative imports. @mantine/core ships one sheet per such module
 * (`@mantine/core/styles/Combobox.css`); the other packages (charts, spotlight, notifications, dates) ship
 * one sheet each (`@mantine/charts/styles.css`), and need core's sheets for the core components they use.
 */

const PACKAGES = ['core', 'charts', 'dates', 'notifications', 'spotlight'] as const;
type MantinePackage = (typeof PACKAGES)[number];

const RELATIVE_IMPORT = /(?:import\s*\{([^}]*)\}\s*from|from|import)\s*"(\.[^"]+)"/g;
const CORE_NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g;
const APP_NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*'@mantine\/(core|charts|dates|notifications|spotlight)'/g;
const APP_STYLE_IMPORT = /import\s*'(@mantine\/[\w-]+\/styles(?:\/\w+)?\.css)'/g;

/** `A, B as C, type D` → [A, B]: the exported names of the values imported. */
function importedNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]?.trim() ?? '')
    .filter((name) => /^[A-Z]/.test(name));
}

/**
 * Whether the module uses these imports only to hang them on a component (`Checkbox.Card = CheckboxCard;`):
 * a page that renders `<Checkbox>` does not draw a CheckboxCard, and needs its sheet only if it renders
 * `<Checkbox.Card>`, which missingIn reads as a component of its own.
 */
function onlyAttached(code: string, names: readonly string[]): boolean {
  if (names.length === 0) return false;
  const body = code.replace(/^import\s[^;]*;$/gm, '');
  return names.every((name) => {
    const uses = body.match(new RegExp(`\\b${name}\\b`, 'g'))?.length ?? 0;
    const attached = body.match(new RegExp(`^\\w+\\.\\w+ = ${name};$`, 'gm'))?.length ?? 0;
    return uses === attached;
  });
}

/** The sheet a `*.module.mjs` of a package stands for. */
function sheetOf(mantinePackage: MantinePackage, moduleName: string): string {
  return mantinePackage === 'core' ? `@mantine/core/styles/${moduleName}.css` : `@mantine/${mantinePackage}/styles.css`;
}

/** What the walk needs of one of Mantine's modules. */
interface ParsedModule {
  /** Relative imports of other modules. */
  modules: string[];
  /** `Combobox` for `./Combobox.module.mjs`: the class names, and so the sheet, of a component. */
  styleModules: string[];
  /** Components imported from @mantine/core (by the other packages). */
  coreNames: string[];
}

export class MantineStyleNeeds {
  readonly #esm: (mantinePackage: MantinePackage) => string;
  readonly #exports = new Map<MantinePackage, Map<string, string>>();
  readonly #modules = new Map<string, ParsedModule>();
  readonly #needs = new Map<string, ReadonlySet<string>>();

  /** `nodeModules`: where @mantine/* are installed. */
  constructor(nodeModules: string) {
    this.#esm = (mantinePackage) => join(nodeModules, '@mantine', mantinePackage, 'esm');
  }

  /** The sheets that rendering `name` from `@mantine/<mantinePackage>` needs (empty for hooks and helpers). */
  sheetsFor(mantinePackage: MantinePackage, name: string): ReadonlySet<string> {
    const key = `${mantinePackage}:${name}`;
    let sheets = this.#needs.get(key);
    if (!sheets) {
      // Set before walking: a core component reached again through its own imports adds nothing new.
      this.#needs.set(key, new Set());
      const file = this.#moduleOf(mantinePackage, name);
      sheets = file ? this.#sheetsOfModule(mantinePackage, file) : new Set<string>();
      this.#needs.set(key, sheets);
    }
    return sheets;
  }

  /**
   * The sheets `code` (a module of the app) renders without importing them, each with the component that
   * needs it: `[sheet, component]`. Sheets in `provided` (the app's global ones) count as imported.
   */
  missingIn(code: string, provided: ReadonlySet<string>): Array<[string, string]> {
    const imported = new Set([...provided, ...styleImportsIn(code)]);
    const missing = new Map<string, string>();
    for (const match of code.matchAll(APP_NAMED_IMPORT)) {
      const mantinePackage = match[2] as MantinePackage;
      for (const name of importedNames(match[1] ?? '')) {
        // `<Checkbox.Indicator>`: a part hung on the component draws with its own sheets.
        const parts = [...code.matchAll(new RegExp(`\\b${name}\\.([A-Z]\\w*)`, 'g'))].map(
          (part) => `${name}.${part[1]}`,
        );
        for (const component of [name, ...new Set(parts)]) {
          for (const sheet of this.sheetsFor(mantinePackage, component)) {
            if (!imported.has(sheet) && !missing.has(sheet)) missing.set(sheet, component);
          }
        }
      }
    }
    return [...missing];
  }

  /** The module of an exported component, or of a part hung on one (`Checkbox.Indicator`). */
  #moduleOf(mantinePackage: MantinePackage, name: string): string | undefined {
    const [component = '', part] = name.split('.');
    const file = this.#exportsOf(mantinePackage).get(component);
    if (!file || !part) return file;
    const code = readFileSync(file, 'utf8');
    const local = new RegExp(`^${component}\\.${part} = (\\w+);$`, 'm').exec(code)?.[1];
    const source =
      local && new RegExp(`import\\s*\\{[^}]*\\b${local}\\b[^}]*\\}\\s*from\\s*"(\\.[^"]+)"`).exec(code)?.[1];
    return source ? resolve(dirname(file), source) : undefined;
  }

  #exportsOf(mantinePackage: MantinePackage): Map<string, string> {
    let exports = this.#exports.get(mantinePackage);
    if (!exports) {
      exports = new Map();
      const index = join(this.#esm(mantinePackage), 'index.mjs');
      if (existsSync(index)) {
        for (const match of readFileSync(index, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
          for (const name of importedNames(match[1] ?? '')) exports.set(name, resolve(dirname(index), match[2] ?? ''));
        }
      }
      this.#exports.set(mantinePackage, exports);
    }
    return exports;
  }

  /** Every sheet the module reaches: its own and those of all it imports, recursively. */
  #sheetsOfModule(mantinePackage: MantinePackage, start: string): ReadonlySet<string> {
    const sheets = new Set<string>();
    const seen = new Set<string>();
    const pending = [start];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const { modules, styleModules, coreNames } = this.#parsed(file);
      for (const name of styleModules) sheets.add(sheetOf(mantinePackage, name));
      for (const name of coreNames) for (const sheet of this.sheetsFor('core', name)) sheets.add(sheet);
      pending.push(...modules);
    }
    return sheets;
  }

  #parsed(file: string): ParsedModule {
    let parsed = this.#modules.get(file);
    if (!parsed) {
      const code = readFileSync(file, 'utf8');
      parsed = { modules: [], styleModules: [], coreNames: [] };
      for (const match of code.matchAll(RELATIVE_IMPORT)) {
        const target = resolve(dirname(file), match[2] ?? '');
        const styleModule = /\/(\w+)\.module\.mjs$/.exec(target)?.[1];
        if (styleModule) parsed.styleModules.push(styleModule);
        else if (target.endsWith('.mjs') && !onlyAttached(code, importedNames(match[1] ?? '')))
          parsed.modules.push(target);
      }
      for (const match of code.matchAll(CORE_NAMED_IMPORT)) parsed.coreNames.push(...importedNames(match[1] ?? ''));
      this.#modules.set(file, parsed);
    }
    return parsed;
  }
}

/** The Mantine sheets a module of the app imports. */
export function styleImportsIn(code: string): string[] {
  return [...code.matchAll(APP_STYLE_IMPORT)].map((match) => match[1] ?? '');
}
