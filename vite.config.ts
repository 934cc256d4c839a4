/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenChunks } from './build/first-screen-chunks.ts';

const firstScreens = firstScreenChunks();

// The app is built into dist/web and served by the gateway; in `npm run dev` Vite serves it with hot reload
// and the gateway handles /api.
export default defineConfig({
  plugins: [react(), firstScreens.plugin],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The first screens' code in two chunks instead of dozens (see build/first-screen-chunks.ts).
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
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/testing/setup.ts'],
        },
      },
    ],
  },
});
