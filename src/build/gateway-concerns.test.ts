import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The gateway's concern folders (src/server/gateway/<concern>/) use each other in one direction only: no cycle
 * between folders (DESIGN.md, "The gateway's shape"). Biome's noImportCycles sees cycles between modules; two
 * folders can still lean on each other through different modules (audit → auth/principal while auth →
 * audit/sign-in-audit), which makes them one lump that cannot be read, moved or tested apart. The modules at the
 * gateway's top (access, errors, principal, request-input, the app's composition) are the kernel every concern
 * may use; they are not a concern.
 *
 * And a concern is used from outside its folder only through its one public entry, its index.ts (`../desk` or
 * `../desk/index`), by other concerns and the kernel alike: what the entry does not export is the folder's own,
 * free to change without reading the rest of the gateway.
 */

const ROOT = join(import.meta.dirname, '../..');
const GATEWAY = join(ROOT, 'src/server/gateway');
const IMPORT = /(?:from|import)\s*\(?\s*['"]((?:\.{1,2}|@)\/[^'"]+)['"]/g;

type Graph = Map<string, Set<string>>;

interface Module {
  path: string;
  source: string;
}

function productionModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionModules(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The concern folder a path of the gateway lies in; null for the kernel at its top, or outside it. */
function concernOf(path: string): string | null {
  const inside = relative(GATEWAY, path);
  if (inside.startsWith('..')) return null;
  const parts = inside.split(sep);
  return parts.length > 1 ? (parts[0] ?? null) : null;
}

/** What a module imports of the source tree: each specifier with the path it names (without extension). */
function importsOf(module: Module): { specifier: string; target: string }[] {
  return [...module.source.matchAll(IMPORT)].flatMap(([, specifier]) => {
    if (!specifier) return [];
    const named = specifier.startsWith('@/')
      ? join(ROOT, 'src', specifier.slice(2))
      : resolve(dirname(module.path), specifier);
    // `../desk` names the folder: the module it resolves to is the folder's index.ts.
    const target = existsSync(join(named, 'index.ts')) ? join(named, 'index') : named;
    return [{ specifier, target }];
  });
}

/** Which concern folder imports which (type-only imports too: they tie the folders as much). */
function concernGraph(modules: readonly Module[]): Graph {
  const graph: Graph = new Map();
  for (const module of modules) {
    const from = concernOf(module.path);
    if (!from) continue;
    for (const { target } of importsOf(module)) {
      const to = concernOf(target);
      if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/**
 * The imports by which a module of the gateway (a concern's, or the kernel's: access.ts, gateway.ts,
 * start-gateway.ts...) reaches into a concern past its index.ts, listed by the concern reached into
 * (`importing module: specifier`, the module from the gateway's folder).
 */
function bypassingImports(modules: readonly Module[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const module of modules) {
    const from = concernOf(module.path);
    for (const { specifier, target } of importsOf(module)) {
      const to = concernOf(target);
      if (!to || to === from) continue;
      const inside = relative(join(GATEWAY, to), target);
      if (inside === '' || inside === 'index') continue;
      found[to] = [...(found[to] ?? []), `${relative(GATEWAY, module.path)}: ${specifier}`];
    }
  }
  return found;
}

/** The groups of folders that reach each other (Tarjan's strongly connected components of two or more). */
function cyclesOf(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member) group.push(member);
    } while (member && member !== node);
    if (group.length > 1) groups.push(group.sort());
  };
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((targets) => [...targets])]);
  for (const node of [...nodes].sort()) if (!index.has(node)) visit(node);
  return groups;
}

describe("the gateway's concern folders", () => {
  const modules = productionModules(GATEWAY).map((path) => ({ path, source: readFileSync(path, 'utf8') }));

  it('import each other without a cycle', () => {
    const graph = concernGraph(modules);
    // The check has something to check: the concerns do use each other.
    expect(graph.size).toBeGreaterThan(5);
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('would be refused with a cycle through any number of folders', () => {
    const graph: Graph = new Map([
      ['audit', new Set(['auth'])],
      ['auth', new Set(['connection'])],
      ['connection', new Set(['audit', 'upstream'])],
      ['upstream', new Set<string>()],
      ['desk', new Set(['audit'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['audit', 'auth', 'connection']]);
    graph.set('connection', new Set(['upstream']));
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('are imported only through their index.ts, by each other and by the kernel', () => {
    // By the concern reached into: a failure names whose entry is bypassed, and by which modules.
    expect(bypassingImports(modules)).toEqual({});
    // The check has something to check: the concerns do use each other's entries.
    expect(modules.some(({ source }) => source.includes("from '../audit'"))).toBe(true);
  });

  it('would refuse an import of another concern past its index.ts', () => {
    const module = {
      path: join(GATEWAY, 'desk/desk-service.ts'),
      source: [
        "import { recordRequestAudit } from '../audit';",
        "import type { RequestAuditEntry } from '../audit/index';",
        "import { countPrints } from '../audit/audit-store';",
        "import { UpstreamClient } from '@/server/gateway/upstream/upstream-client';",
        "import { orderAccess } from './order-access';",
        "import { NotFoundError } from '../errors';",
        "import { SessionStore } from '../auth/sessions';",
      ].join('\n'),
    };
    expect(bypassingImports([module])).toEqual({
      audit: ['desk/desk-service.ts: ../audit/audit-store'],
      upstream: ['desk/desk-service.ts: @/server/gateway/upstream/upstream-client'],
      auth: ['desk/desk-service.ts: ../auth/sessions'],
    });
    const kernel = {
      path: join(GATEWAY, 'gateway.ts'),
      source: "import { registerDeskRoutes } from './desk/desk-routes';",
    };
    expect(bypassingImports([kernel])).toEqual({ desk: ['gateway.ts: ./desk/desk-routes'] });
  });
});
