import { fileURLToPath } from 'node:url';
import { type Plugin, type Rollup, runnerImport } from 'vite';
import {
  CLIENT_PLACEHOLDER,
  FIRST_PAINT_MANIFEST,
  type FirstPaintManifest,
  type FirstScreen,
} from './first-paint-manifest.ts';
import { AREA_ROUTES, SIGN_IN, SIGNED_IN } from './first-screen-chunks.ts';

const FIRST_SCREENS_MODULE = fileURLToPath(new URL('../web/app/first-paint/first-screens.tsx', import.meta.url));
const BEFORE_PAINT_SCRIPT = fileURLToPath(new URL('../web/app/first-paint/before-paint.js', import.meta.url));

type FirstScreens = Pick<FirstScreen, 'markup'>['markup'];
interface FirstScreensModule {
  renderFirstScreens(clientName: string): { signIn: FirstScreens; dashboard: FirstScreens };
}

/**
 * Style sheets mean nothing to the prerender (they reach the page through index.html and the screens'
 * chunks); each import of one becomes an empty module.
 */
const withoutStyles: Plugin = {
  name: 'foyer:prerender-without-styles',
  enforce: 'pre',
  resolveId: (source) => (source.endsWith('.css') ? '\0foyer:no-style' : null),
  load: (id) => (id === '\0foyer:no-style' ? 'export {};' : null),
};

/**
 * The static first paint. The largest paint of the first screens used to wait for the app's code (0.7 s of
 * evaluation on a 4× slower CPU before anything rendered, plus the render); now the page arrives with them
 * drawn. After the bundle is written out:
 * - the sign-in page and the signed-in shell with the dashboard loading are rendered by the real components
 *   with react-dom/server (src/web/app/first-paint/first-screens.tsx), in both languages — rendered, not
 *   copied by hand, so they cannot drift from what the app draws;
 * - with each, the chunks and style sheets the screen loads beyond the entry (the shell's CSS must be there
 *   at the first paint; the code is fetched along with the entry instead of after it);
 * - all in first-paint.json, from which the gateway fills #root (src/server/gateway/static-app.ts);
 * - index.html gets before-paint.js, which sets what only the browser knows (colour scheme, remembered
 *   client name) before the first paint, and starts the app after it (see there).
 */
export function firstPaint(): Plugin {
  let root = process.cwd();
  let base = '/';
  let beforePaint = '';
  return {
    name: 'foyer:first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    buildStart() {
      // A chunk of its own, to be minified like the rest; it neither imports nor exports anything, so it runs
      // as a classic script as well.
      beforePaint = this.emitFile({ type: 'chunk', id: BEFORE_PAINT_SCRIPT, name: 'before-paint' });
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
        const graph = new ChunkGraph(chunks);
        const entry = graph.closure(chunks.filter((chunk) => chunk.isEntry));
        const index = bundle['index.html'];
        if (index?.type !== 'asset' || typeof index.source !== 'string') {
          this.error('index.html is not in the bundle');
        }
        // The app's entry is fetched at once but started by before-paint.js after the first paint: as a module
        // script of the page, fetched before the page is parsed, it would run before that paint. Its preload comes
        // after the style sheet, which the first paint needs more than the app's code. before-paint.js comes before
        // every <link>: it loads a style sheet that failed once more, so it listens before the first is requested
        // (the browser's preload scanner still fetches the style sheet while the script is fetched).
        const appScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const entrySrc = appScript.exec(index.source)?.[1];
        if (!entrySrc) this.error('index.html has no module script for the app');
        index.source = index.source
          .replace(appScript, '')
          .replace(
            /\n(\s*)<link /,
            (link, indent) => `\n${indent}<script src="${base}${this.getFileName(beforePaint)}"></script>${link}`,
          )
          .replace('</head>', `  <link rel="modulepreload" crossorigin href="${entrySrc}" data-foyer-app>\n  </head>`);

        const { module } = await runnerImport<FirstScreensModule>(FIRST_SCREENS_MODULE, {
          configFile: false,
          root,
          resolve: { tsconfigPaths: true },
          logLevel: 'warn',
          plugins: [withoutStyles],
        });
        const screens = module.renderFirstScreens(CLIENT_PLACEHOLDER);
        const files = (modulePaths: string[]) => {
          const own = [...graph.closure(graph.holding(modulePaths), entry)];
          return {
            modules: own.map((chunk) => `${base}${chunk.fileName}`),
            stylesheets: own.flatMap((chunk) =>
              [...(chunk.viteMetadata?.importedCss ?? [])].map((css) => `${base}${css}`),
            ),
          };
        };
        const manifest: FirstPaintManifest = {
          signIn: { markup: screens.signIn, ...files(SIGN_IN) },
          dashboard: { markup: screens.dashboard, ...files(SIGNED_IN) },
          signedInPage: files([...SIGNED_IN, ...AREA_ROUTES]),
        };
        this.emitFile({ type: 'asset', fileName: FIRST_PAINT_MANIFEST, source: JSON.stringify(manifest) });
      },
    },
  };
}

/** The output chunks and their static imports. */
class ChunkGraph {
  private readonly byName: Map<string, Rollup.OutputChunk>;

  constructor(private readonly chunks: Rollup.OutputChunk[]) {
    this.byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  }

  /** The chunks holding any of these modules (by path from the project root). */
  holding(modulePaths: string[]): Rollup.OutputChunk[] {
    return this.chunks.filter((chunk) => chunk.moduleIds.some((id) => modulePaths.some((path) => id.endsWith(path))));
  }

  /** These chunks and all they import statically, less those in `loaded` (and what only they import). */
  closure(start: Rollup.OutputChunk[], loaded: Set<Rollup.OutputChunk> = new Set()): Set<Rollup.OutputChunk> {
    const seen = new Set<Rollup.OutputChunk>();
    const visit = (chunk: Rollup.OutputChunk | undefined) => {
      if (!chunk || seen.has(chunk) || loaded.has(chunk)) return;
      seen.add(chunk);
      for (const name of chunk.imports) visit(this.byName.get(name));
    };
    for (const chunk of start) visit(chunk);
    return seen;
  }
}
