import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/**
 * The import rules of .ci/lint.json (layers, feature entries, the @/ alias, the gateway's and the service
 * domain's own rules, no test support in production code, no cycles), run by Biome on small modules placed
 * where the rules apply: each rule refuses what it should and lets the right way pass.
 */
const CASES: Record<string, { code: string; refused?: RegExp }> = {
  'src/web/features/box-office/internal.ts': {
    code: "import { CustomerPicker } from '../customers/customer-picker';",
    refused: /only through its public entries/,
  },
  'src/web/features/box-office/internal-by-alias.ts': {
    code: "import { CustomerPicker } from '@/web/features/customers/customer-picker';",
    refused: /only through its public entries/,
  },
  'src/web/features/orders/analysis/nested-internal.ts': {
    code: "import { TagEditor } from '../../customers/tag-editor';",
    refused: /only through its public entries/,
  },
  'src/web/features/box-office/public-entry.ts': {
    code: "import { CustomerPicker } from '../customers/public';",
  },
  'src/web/components/upward.ts': {
    code: "import { areas } from '../app/areas';",
    refused: /never import src\/web\/app/,
  },
  'src/web/lib/to-server.ts': {
    code: "import { config } from '@/server/config';",
    refused: /src\/web never imports src\/server/,
  },
  'src/server/to-web.ts': {
    code: "import { formatMoney } from '../web/lib/format';",
    refused: /src\/server never imports src\/web/,
  },
  'src/contract/impure.ts': {
    code: "import { Hono } from 'hono';",
    refused: /src\/contract is pure/,
  },
  'src/web/features/orders/analysis/climbing.ts': {
    code: "import { CSV_NEWLINE } from '../../../../contract/csv';",
    refused: /uses the @\/ alias/,
  },
  'src/web/features/orders/analysis/by-alias.ts': {
    code: "import { CSV_NEWLINE } from '@/contract/csv';",
  },
  'src/server/service/domain/to-routes.ts': {
    code: "import { pageEnvelope } from '../routes/partner/pages';",
    refused: /domain\/ never imports routes\//,
  },
  'src/server/service/domain/rules/climbing.ts': {
    code: "import { Hall } from '../../../../contract/hall';",
    refused: /uses the @\/ alias/,
  },
  'src/server/service/domain/rules/by-alias.ts': {
    code: "import { Hall } from '@/contract/hall';\nimport { pageEnvelope } from '../../pagination';",
  },
  'src/server/gateway/exports/to-service.ts': {
    code: "import { localDate } from '../../service/domain/time';",
    refused: /only through the ServiceConnection/,
  },
  'src/server/gateway/exports/to-service-by-alias.ts': {
    code: "import { localDate } from '@/server/service/domain/time';",
    refused: /only through the ServiceConnection/,
  },
  'src/server/gateway/service-connection.ts': {
    code: "import { preparedBodyOf } from '../service/prepared-responses';",
  },
  'src/server/gateway/exports/rules/climbing.ts': {
    code: "import { Hall } from '../../../../../contract/hall';",
    refused: /uses the @\/ alias/,
  },
  'src/server/gateway/exports/rules/by-alias.ts': {
    code: "import { Hall } from '@/contract/hall';\nimport type { Database } from '@/server/db/database';",
  },
  'src/server/gateway/uses-test-support.ts': {
    code: "import { createTestGateway } from '../testing/test-gateway';",
    refused: /never imports test support/,
  },
  'src/server/gateway/lazily-uses-test-support.ts': {
    code: "export const load = () => import('@/server/testing/test-gateway');",
    refused: /never imports test support/,
  },
  'src/web/features/seat-plan/uses-test-support.ts': {
    code: "export { syntheticPlan } from '@/web/testing/seat-plans';",
    refused: /never imports test support/,
  },
  'src/server/gateway/gateway.test.ts': {
    code: "import { createTestGateway } from '../testing/test-gateway';",
  },
  'src/web/features/seat-plan/seat-layout.test.ts': {
    code: "import { syntheticPlan } from '@/web/testing/seat-plans';",
  },
  'src/server/testing/test-gateway.ts': {
    code: "import { createTestService } from './test-service';",
  },
  'src/server/bench/gateway-bench.ts': {
    code: "import { startPostgresServer } from '../testing/postgres-server';",
  },
  'src/web/lib/cycle-a.ts': { code: "import { b } from './cycle-b';\nexport const a = () => b;", refused: /cycle/i },
  'src/web/lib/cycle-b.ts': { code: "import { a } from './cycle-a';\nexport const b = () => a;", refused: /cycle/i },
};

interface Diagnostic {
  message: string;
  category: string;
  location: { path: string };
}

let diagnostics: Diagnostic[] = [];
let workspace = '';

beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'foyer-import-rules-'));
  mkdirSync(join(workspace, '.ci'));
  for (const file of readdirSync(join(ROOT, '.ci')))
    copyFileSync(join(ROOT, '.ci', file), join(workspace, '.ci', file));
  copyFileSync(join(ROOT, 'tsconfig.json'), join(workspace, 'tsconfig.json'));
  for (const [path, { code }] of Object.entries(CASES)) {
    mkdirSync(dirname(join(workspace, path)), { recursive: true });
    writeFileSync(join(workspace, path), `${code}\n`);
  }
  const biome = join(ROOT, 'node_modules/.bin/biome');
  const args = ['lint', '--config-path', '.ci/lint.json', '--vcs-enabled=false', '--reporter=json', 'src'];
  let output: string;
  try {
    output = execFileSync(biome, args, { cwd: workspace, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (error) {
    // Biome exits 1 when it finds errors, which is what most cases are for.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  diagnostics = (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics;
}, 60_000);

afterAll(() => rmSync(workspace, { recursive: true, force: true }));

describe('the import rules of .ci/lint.json', () => {
  it.each(Object.entries(CASES))('%s', (path, { refused }) => {
    const found = diagnostics
      .filter((diagnostic) => diagnostic.location.path === path)
      // The import rules: noRestrictedImports overrides, noImportCycles, and the GritQL plugin (category 'plugin').
      .filter((diagnostic) => /^lint\/.*(noRestrictedImports|noImportCycles)|^plugin$/.test(diagnostic.category));
    if (refused) expect(found.map((diagnostic) => diagnostic.message)).toContainEqual(expect.stringMatching(refused));
    else expect(found).toEqual([]);
  });
});
