import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expectDashboard } from './app-pages';
import { DEMO, expect, signInByApi, test } from './support/fixtures';

async function seriousFindings(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} — ${node.html.slice(0, 140)} — ${node.failureSummary ?? ''}`),
    }));
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test('sign-in page: no serious or critical axe findings, also with an error shown', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.getByRole('heading', { name: 'Aanmelden bij Foyer' })).toBeVisible();
      expect(await seriousFindings(page)).toEqual([]);
      await page.getByLabel(/klantnaam/i).fill('demo');
      await page.getByLabel(/api-sleutel/i).fill('wrong');
      await page.getByRole('button', { name: 'Aanmelden' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      expect(await seriousFindings(page)).toEqual([]);
    });

    test('dashboard: no serious or critical axe findings', async ({ page, baseURL }) => {
      expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
      await page.goto('/');
      await expectDashboard(page);
      await page.waitForLoadState('networkidle');
      expect(await seriousFindings(page)).toEqual([]);
    });
  });
}
