import { NO_FINDINGS, seriousFindingsInBothSchemes } from './support/axe';
import { DEMO, expect, signInByApi, test } from './support/fixtures';

test.describe('staff administration accessibility, light and dark', () => {
  // Two or three axe passes per test, on two cores shared with the other specs.
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page, baseURL }) => {
    expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
  });

  test('people, with the invite dialog and a field error: no serious or critical axe findings', async ({ page }) => {
    await page.goto('/staff');
    await expect(page.getByTestId('person-status').first()).toBeVisible();
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
    await page.getByRole('button', { name: 'Iemand uitnodigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Iemand uitnodigen' });
    await expect(dialog.getByRole('textbox', { name: 'Naam' })).toBeFocused();
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
    await dialog.getByRole('button', { name: 'Uitnodigen' }).click();
    await expect(dialog.getByText('Vul de naam in')).toBeVisible();
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
  });

  test('roles, with the role dialog open: no serious or critical axe findings', async ({ page }) => {
    await page.goto('/staff/roles');
    await expect(page.getByTestId('role-card').first()).toBeVisible();
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
    await page.getByRole('button', { name: 'Nieuwe rol' }).click();
    await expect(page.getByRole('dialog', { name: 'Nieuwe rol' })).toBeVisible();
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
  });

  test('connection, also with a refused key: no serious or critical axe findings', async ({ page }) => {
    await page.goto('/staff/connection');
    await expect(page.getByTestId('connection-facts')).toBeVisible();
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
    await page.getByLabel('Nieuwe API-sleutel').fill('not-the-key');
    await page.getByRole('button', { name: 'Sleutel controleren en vervangen' }).click();
    await expect(page.getByText('De Ticketing Service accepteert deze klantnaam en API-sleutel niet')).toBeVisible();
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
  });
});
