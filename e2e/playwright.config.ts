import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, testChromium } from './support/e2e-env';

/**
 * The server's URL, read from its start-up line by webServer.wait (below), which stores the named groups in
 * the runner's environment; the workers, started after the server, inherit them (FOYER_E2E_APP_DIR, the
 * server's build, and FOYER_E2E_RUN_DIR, its temporary folder, too).
 */
const baseURL = process.env.FOYER_E2E_BASE_URL;
const ci = process.env.CI === 'true' || process.env.CI === '1';

/**
 * Browser tests against the real server: built app + gateway + embedded service on a fresh temporary
 * DATA_DIR with the demo data (e2e/support/serve-e2e.ts), in the system Chromium.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  testIgnore: ['bench/**'],
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: ci ? [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]] : 'list',
  use: {
    baseURL,
    headless: true,
    // Recording a trace of every test (to keep those that fail) took a quarter of the browser tests' time
    // on two cores; a failure retried on CI records one, and `--trace on` records one locally.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: testChromium(), args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/support/serve-e2e.ts',
    cwd: '..',
    wait: {
      stdout:
        /Foyer e2e run: (?<foyer_e2e_run_dir>.+)\nFoyer e2e app: (?<foyer_e2e_app_dir>.+)\n[\s\S]*Foyer is running at (?<foyer_e2e_base_url>http:\/\/[\d.:]+)/,
    },
    // A first run builds the app and seeds the full demo data.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server close its database and the wrapper remove the temporary directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
