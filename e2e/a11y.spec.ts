import { expectDashboard } from './app-pages';
import { seriousFindings } from './support/axe';
import { DEMO, expect, signInByApi, test } from './support/fixtures';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${scheme})`, () => {
    test.use({ colorScheme: scheme });

    test('sign-in page: no serious or critical axe findings, also with an error shown', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.getByRole('heading', { name: 'Aanmelden bij Foyer' })).toBeVisible();
      expect(await seriousFindings(page)).toEqual([]);
      await page.getByLabel('E-mailadres').fill(DEMO.email);
      await page.getByLabel(/^Wachtwoord/).fill('not-the-password');
      await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
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
