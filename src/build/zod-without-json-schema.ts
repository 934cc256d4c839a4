import type { Plugin } from 'vite';

/** The classic zod module that gives every schema its JSON Schema methods (zod 4). */
export const CLASSIC_SCHEMAS = '/zod/v4/classic/schemas.js';

/** Its two imports of the JSON Schema generator, and what the app's build puts in their place. */
const REPLACEMENTS: ReadonlyArray<readonly [string, string]> = [
  [
    'import * as processors from "../core/json-schema-processors.js";',
    // Only the checks' summary is read outside the generator (a string schema's `minLength` and the like).
    'import { aggregateChecks } from "../core/json-schema-processors.js"; const processors = { aggregateChecks };',
  ],
  [
    'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";',
    'const createToJSONSchemaMethod = () => () => { throw new Error("JSON Schema is not part of the app\'s build"); };' +
      ' const createStandardJSONSchemaMethod = createToJSONSchemaMethod;',
  ],
];

/** The module's code without the generator; throws when zod's code no longer reads as expected. */
export function withoutJsonSchema(code: string): string {
  return REPLACEMENTS.reduce((result, [statement, replacement]) => {
    if (!result.includes(statement)) {
      throw new Error(
        `foyer:zod-without-json-schema: ${CLASSIC_SCHEMAS} no longer has \`${statement}\` (a new zod?); ` +
          'adapt src/build/zod-without-json-schema.ts or drop it',
      );
    }
    return result.replace(statement, replacement);
  }, code);
}

/**
 * Classic zod (the contract's schemas, and the forms') attaches `toJSONSchema()` and the standard schema's
 * `jsonSchema` to every schema, so its whole JSON Schema generator (to-json-schema.js and
 * json-schema-processors.js: 4.7 kB gzip) comes along wherever the app parses with it, although the browser
 * never asks a schema for its JSON Schema (the gateway does, for its OpenAPI document; this is the app's
 * build only). In the app's build those methods throw instead, and the generator stays out.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'foyer:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      return id.includes(`/node_modules${CLASSIC_SCHEMAS}`) ? { code: withoutJsonSchema(code), map: null } : null;
    },
  };
}
