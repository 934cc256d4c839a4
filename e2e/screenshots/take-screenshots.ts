import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { createBenchContext, launchBrowser, startServer } from '../bench/web-bench-kit';

/**
 * The README's screenshots, taken from the app as it is: `npx tsx e2e/screenshots/take-screenshots.ts`
 * (builds the app, starts the gateway with the demo data, signs in as the demo administrator).
 */
const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await createBenchContext(browser, server.baseURL, 1).newContext({ signedIn: true });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('performance-card').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sold-of-capacity').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: fileURLToPath(new URL('./dashboard.png', import.meta.url)) });
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
