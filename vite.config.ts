/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import { firstPaint } from './src/build/first-paint.ts';
import { firstScreenChunks } from './src/build/first-screen-chunks.ts';
import { reactRouterProduction } from './src/build/react-router-production.ts';
import { scrollAreaWithoutFloatingUi } from './src/build/scroll-area-without-floating-ui.ts';
import { zodWithoutJsonSchema } from './src/build/zod-without-json-schema.ts';

/*
 * How the app is cut into files lives in src/build: the first screens' chunks (first-screen-chunks.ts), the
 * first paint drawn into index.html (first-paint.ts), one dependency kept out of every table's chunk
 * (scroll-area-without-floating-ui.ts), and what dependencies carry for development or the server only
 * (react-router-production.ts, zod-without-json-schema.ts); `npm run bench:bundle` prints what each file
 * weighs. Mantine's styles are imported per component next to the code that renders them;
 * src/build/mantine-styles.test.ts checks that none is missing.
 */
const firstScreens = firstScreenChunks();

const GLOBAL_SETUP_TEST = 'src/server/testing/global-setup.test.ts';

// The app is built into dist/web and served by the gateway; in `npm run dev` Vite serves it with hot reload
// and the gateway handles /api.
export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    zodWithoutJsonSchema(),
    firstScreens.plugin,
    scrollAreaWithoutFloatingUi(),
    firstPaint(),
  ],
  // `@/…` is src/ (tsconfig.json's paths): for imports that would climb three or more folders.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The first screens' code in two chunks instead of dozens (see src/build/first-screen-chunks.ts).
        codeSplitting: { groups: firstScreens.groups },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on CI's two, where the server
    // suites spend much of their time waiting for PostgreSQL and each file's start-up leaves a core idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'src/build/**/*.test.ts'],
          exclude: [...configDefaults.exclude, GLOBAL_SETUP_TEST],
          globalSetup: ['src/server/testing/global-setup.ts'],
          // Each file in a fresh worker re-imported the whole server (Hono, zod, PGlite, pg, the gateway's
          // concerns): 1.5-2 s of CPU per file, over 150 files, for tests that build their services per file
          // anyway and close them in afterAll. One worker runs file after file now; a file's state lives in
          // the services it creates, not in modules.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The global setup's own test replaces a module with vi.mock: it keeps a worker of its own, so that
          // the stand-in never reaches another file's imports.
          name: 'server-mocked',
          environment: 'node',
          include: [GLOBAL_SETUP_TEST],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/testing/setup.ts'],
          // A fresh worker and jsdom per file cost ~1.5 s each (47 files: over a minute on CI) for tests that
          // take milliseconds; the setup file unmounts after every test, and the files also pass in shuffled
          // orders without isolation (--sequence.shuffle.files, several seeds, one and two workers).
          isolate: false,
          // jsdom tests of a few milliseconds alone, but on two cores they share the machine with the server
          // suites: once, under load, three data-table tests passed the default 5 s.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
