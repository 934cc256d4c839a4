import { join } from 'node:path';
import { build, type Rollup } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/**
 * What the first signed-in screen loads, read from the app's real build: index.html's entry with the signed-in
 * shell and dashboard (first-screen-chunks.ts), the scanner's listener among them; everything these import
 * statically comes with them. Issue 4 keeps the dashboard's JS within 150 kB gzip (`npm run bench:web`, app load);
 * the schema library alone is 23 kB of it, and it crept in once through the scanner host unseen.
 */
const FIRST_SCREEN_CHUNKS = ['signed-in'];
/**
 * The lists people open first, whose JS beyond the dashboard has a budget of 60 kB gzip each (bench:web): with zod
 * off the dashboard, each would pay its 23 kB there (the orders list went to 70.4 kB).
 */
const LISTS_WITHOUT_SCHEMAS = ['customers-list-page', 'orders-list-page', 'events-list-page'];

type Chunk = Rollup.OutputChunk;
let chunks: Map<string, Chunk>;

/** The chunks `roots` import statically, with the roots themselves. */
function staticClosure(roots: Chunk[]): Chunk[] {
  const seen = new Map<string, Chunk>();
  const pending = [...roots];
  for (let chunk = pending.pop(); chunk; chunk = pending.pop()) {
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = chunks.get(file);
      if (imported) pending.push(imported);
    }
  }
  return [...seen.values()];
}

const named = (name: string) => [...chunks.values()].filter((chunk) => chunk.name === name);
const modulesMatching = (closure: Chunk[], pattern: RegExp) =>
  closure.flatMap((chunk) => chunk.moduleIds.filter((id) => pattern.test(id)));
const zodModules = (closure: Chunk[]) => modulesMatching(closure, /\/node_modules\/zod\//);
/** What the command palette and the shortcuts overlay offer (lib/area.ts): the areas' commands and their list. */
const PALETTE_COMMANDS = /\/src\/web\/(features\/[\w-]+\/[\w-]+-commands|app\/area-commands)\.ts$/;

describe("the first screens' code (the app's build)", () => {
  beforeAll(async () => {
    const result = (await build({
      root: ROOT,
      logLevel: 'silent',
      build: { write: false, sourcemap: false },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    const output = [result].flat().flatMap((bundle) => bundle.output);
    chunks = new Map(
      output.filter((file): file is Chunk => file.type === 'chunk').map((chunk) => [chunk.fileName, chunk]),
    );
  }, 120_000);

  const dashboardClosure = () => {
    const entry = [...chunks.values()].filter((chunk) => chunk.isEntry);
    const firstScreen = FIRST_SCREEN_CHUNKS.flatMap(named);
    expect(firstScreen.map((chunk) => chunk.name).sort()).toEqual([...FIRST_SCREEN_CHUNKS].sort());
    return staticClosure([...entry, ...firstScreen]);
  };

  it('the dashboard loads no schema library: the scanner takes its schema with the first scan', () => {
    const closure = dashboardClosure();
    expect(zodModules(closure)).toEqual([]);
    // The listener is there from the first screen on; the scan's answer, with its schema, a dynamic import away.
    expect(modulesMatching(closure, /\/features\/scanner\/scan-listener\.ts$/)).toHaveLength(1);
    const answer = named('scan-answer');
    expect(answer).toHaveLength(1);
    expect(closure.map((chunk) => chunk.name)).not.toContain('scan-answer');
    expect(zodModules(staticClosure(answer)).length).toBeGreaterThan(0);
  });

  it("the dashboard loads no area's commands: they load with the command palette and the shortcuts overlay", () => {
    expect(modulesMatching(dashboardClosure(), PALETTE_COMMANDS)).toEqual([]);
    const palette = named('command-palette');
    expect(palette).toHaveLength(1);
    expect(modulesMatching(staticClosure(palette), PALETTE_COMMANDS)).toContainEqual(
      expect.stringMatching(/app\/area-commands\.ts$/),
    );
  });

  it.each(LISTS_WITHOUT_SCHEMAS)(
    'the %s loads none either: what it shows is read by hand (lib/read.ts), its budget is beyond the dashboard',
    (chunk) => {
      const page = named(chunk);
      expect(page).toHaveLength(1);
      expect(zodModules(staticClosure(page))).toEqual([]);
    },
  );
});
