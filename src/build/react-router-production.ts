import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';

const DEVELOPMENT = '/dist/development/';
const PRODUCTION = '/dist/production/';

/**
 * React Router's package exports name only its development build (remix-run/react-router#12532, #14102), so a
 * production bundle carries its development warnings: `ENABLE_DEV_WARNINGS = true` keeps a dozen warning
 * blocks and their long texts in the app's entry. The production build beside it is the same code with the
 * flag off; the build takes that one instead (the dev server and the tests keep the warnings).
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'foyer:react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes(DEVELOPMENT)) return resolved;
      const production = resolved.id.replace(DEVELOPMENT, PRODUCTION);
      return existsSync(production) ? { ...resolved, id: production } : resolved;
    },
  };
}
