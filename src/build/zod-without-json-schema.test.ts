import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { withoutJsonSchema, zodWithoutJsonSchema } from './zod-without-json-schema';

const ROOT = join(import.meta.dirname, '../..');

/** A module that parses with classic zod the way the app does, and reports what it saw. */
const PROBE = `
import { z } from 'zod';
const person = z.object({ name: z.string().trim().min(2), age: z.number().int().nullable() });
let jsonSchema;
try { person.toJSONSchema(); jsonSchema = 'made'; } catch (error) { jsonSchema = error.message; }
export const seen = {
  valid: person.safeParse({ name: ' Ann ', age: 4 }),
  invalid: person.safeParse({ name: 'A', age: 1.5 }).error.issues.map((issue) => issue.path.join('.')),
  minLength: person.shape.name.minLength,
  jsonSchema,
};
`;

const probe: Plugin = {
  name: 'probe',
  enforce: 'pre',
  resolveId: (source) => (source === 'probe' ? '\0probe' : null),
  load: (id) => (id === '\0probe' ? PROBE : null),
};

describe('zod without its JSON Schema generator (the app build)', () => {
  it('fits the installed zod and leaves the generator out while zod parses as before', async () => {
    const result = (await build({
      root: ROOT,
      configFile: false,
      logLevel: 'silent',
      plugins: [probe, zodWithoutJsonSchema()],
      build: { write: false, minify: false, rolldownOptions: { input: 'probe', preserveEntrySignatures: 'strict' } },
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    const entry = [result].flat()[0]?.output.find((file) => file.type === 'chunk' && file.isEntry);
    const code = entry?.type === 'chunk' ? entry.code : '';
    expect(code).toContain('safeParse');
    expect(code).not.toContain('function stringProcessor');
    expect(code).not.toContain('json-schema.org');

    const dir = mkdtempSync(join(tmpdir(), 'zod-probe-'));
    try {
      writeFileSync(join(dir, 'probe.mjs'), code);
      const { seen } = await import(pathToFileURL(join(dir, 'probe.mjs')).href);
      expect(seen).toEqual({
        valid: { success: true, data: { name: 'Ann', age: 4 } },
        invalid: ['name', 'age'],
        minLength: 2,
        jsonSchema: "JSON Schema is not part of the app's build",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops the build when zod no longer reads as expected', () => {
    expect(() => withoutJsonSchema('export const nothing = 1;')).toThrow(/a new zod\?/);
  });
});
