import type { Plugin } from 'vite';

/**
 * The app's entry: index.html, which Vite reads as a module importing its module script. By path, not as any
 * entry: before-paint.js is an entry chunk of its own (src/build/first-paint.ts) and stays out of `app`.
 */
const ENTRY = ['/index.html'];
/** The two first screens, by module path: the sign-in page, and the signed-in shell with the dashboard. */
export const SIGN_IN = ['/src/web/features/sign-in/sign-in-page.tsx'];
export const SIGNED_IN = ['/src/web/app/shell/app-layout.tsx', '/src/web/features/dashboard/dashboard-page.tsx'];
/** Every area's routes but the dashboard's, which join the router on the first visit to one (app/router.tsx). */
export const AREA_ROUTES = ['/src/web/app/area-routes.ts'];

/** What buildEnd may ask of the bundler (Rollup's plugin context, as Rolldown implements it). */
interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { code: string | null; importedIds: readonly string[] } | null;
  resolve(source: string, importer: string): Promise<{ id: string; external?: unknown } | null>;
}

/** One static import or re-export: where from, and which names (null: all of it, or for its side effects). */
interface ImportStatement {
  source: string;
  names: string[] | null;
}

const STATIC_IMPORT =
  /(?:^|[;\n}])\s*(?:import\s*(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s*[\w$]+)?\s*(?:from\s*)?|export\s*(?:\{([^}]*)\}|\*(?:\s*as\s*[\w$]+)?)\s*from\s*)["']([^"'\n]+)["']/g;
const LOCAL_EXPORT = /(?:^|[;\n])\s*export\s*\{([^}]*)\}\s*;?\s*(?=$|\n)/g;

/** `a, b as c, type d` → [[a, a], [b, c]]: the name in the source module, and the name here. */
function specifiers(list: string): Array<[string, string]> {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [imported = part, local = imported] = part.split(/\s+as\s+/);
      return [imported.trim(), local.trim()];
    });
}

function importStatements(code: string): ImportStatement[] {
  const statements: ImportStatement[] = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const [, defaultName, named, reexported, source = ''] = match;
    const list = named ?? reexported;
    const whole = defaultName !== undefined || (list === undefined && /\*|import\s*["']/.test(match[0]));
    statements.push({ source, names: whole || list === undefined ? null : specifiers(list).map(([name]) => name) });
  }
  return statements;
}

/** A module that only re-exports others (`@mantine/core`'s index): nothing of its own but imports and exports. */
function isBarrel(code: string): boolean {
  const rest = code
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(STATIC_IMPORT, '')
    .replace(LOCAL_EXPORT, '')
    .replace(/["']use client["'];?/g, '');
  return /^[\s;]*$/.test(rest);
}

/**
 * Chunks cut for the two first screens. Left to itself the bundler splits the code that lazy routes share
 * into dozens of small chunks (one per set of routes using it); the signed-in dashboard then loads ~35
 * files, and each costs a request, import and export lists and a gzip stream of its own. From the module
 * graph, after it is complete (buildEnd comes before chunking):
 * - `app`: what the entry imports statically, plus what the sign-in page and the signed-in shell both use;
 * - `signed-in`: the rest of what the shell and the dashboard import statically, in one chunk.
 * Imports through a barrel (`import { Group } from '@mantine/core'`) count only the modules that export the
 * names used, not the barrel's hundreds of others. The sign-in page's own code and other routes stay as the
 * bundler splits them. Pass `groups` to `output.codeSplitting.groups`.
 */
export function firstScreenChunks() {
  const app = new Set<string>();
  const signedIn = new Set<string>();

  const plugin: Plugin = {
    name: 'foyer:first-screen-chunks',
    apply: 'build',
    async buildEnd(error) {
      if (error) return;
      const graph = this as unknown as ModuleGraph;
      const ids = [...graph.getModuleIds()];
      const resolved = new Map<string, Promise<ImportStatement[]>>();
      /**
       * A module's static imports, resolved, in the order of its code; then any import the bundler knows
       * that the pattern missed, taken whole (never less than the bundler's own graph).
       */
      const importsOf = (id: string) => {
        let result = resolved.get(id);
        if (!result) {
          const info = graph.getModuleInfo(id);
          result = Promise.all(
            importStatements(info?.code ?? '').map(async ({ source, names }) => {
              const target = await graph.resolve(source, id);
              return { source: target && !target.external ? target.id : '', names };
            }),
          ).then((list) => {
            const known = new Set(list.map((statement) => statement.source));
            const missed = (info?.importedIds ?? []).filter((imported) => !known.has(imported));
            return [...list, ...missed.map((source) => ({ source, names: null }))];
          });
          resolved.set(id, result);
        }
        return result;
      };
      const barrelExports = new Map<string, Promise<Map<string, string> | null>>();
      /** For a barrel: exported name → the module it comes from; null for any other module. */
      const exportsOf = (id: string) => {
        let result = barrelExports.get(id);
        if (!result) {
          const code = graph.getModuleInfo(id)?.code ?? '';
          result = isBarrel(code) ? barrelMap(id, code) : Promise.resolve(null);
          barrelExports.set(id, result);
        }
        return result;
      };
      const barrelMap = async (id: string, code: string) => {
        const targets = await importsOf(id);
        // Local name → module, from `import { a as b } from` and `export { a as b } from`.
        const localSource = new Map<string, string>();
        const exported = new Map<string, string>();
        [...code.matchAll(STATIC_IMPORT)].forEach((match, index) => {
          const target = targets[index]?.source;
          if (!target) return;
          if (match[2]) for (const [, local] of specifiers(match[2])) localSource.set(local, target);
          if (match[3]) for (const [, name] of specifiers(match[3])) exported.set(name, target);
        });
        for (const match of code.matchAll(LOCAL_EXPORT)) {
          for (const [local, name] of specifiers(match[1] ?? '')) {
            const target = localSource.get(local);
            if (target) exported.set(name, target);
          }
        }
        return exported;
      };
      const staticClosure = async (roots: string[]) => {
        const seen = new Set<string>();
        const visit = async (id: string): Promise<void> => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const { source, names } of await importsOf(id)) {
            if (source === '') continue;
            const barrel = names ? await exportsOf(source) : null;
            if (!barrel || !names) {
              await visit(source);
              continue;
            }
            // Only what is used of the barrel; a name it does not list sends us through all of it.
            const targets = names.map((name) => barrel.get(name));
            if (targets.some((target) => target === undefined)) await visit(source);
            for (const target of targets) if (target) await visit(target);
          }
        };
        for (const root of roots) await visit(root);
        return seen;
      };
      const byPath = (paths: string[]) => ids.filter((id) => paths.some((path) => id.endsWith(path)));
      const entry = await staticClosure(byPath(ENTRY));
      const signIn = await staticClosure(byPath(SIGN_IN));
      const shell = await staticClosure(byPath(SIGNED_IN));
      app.clear();
      signedIn.clear();
      for (const id of entry) app.add(id);
      for (const id of shell) {
        if (entry.has(id)) continue;
        if (signIn.has(id)) app.add(id);
        else signedIn.add(id);
      }
    },
  };

  const groups = [
    { name: 'app', test: (id: string) => app.has(id), priority: 2 },
    { name: 'signed-in', test: (id: string) => signedIn.has(id), priority: 1 },
  ];
  return { plugin, groups };
}
