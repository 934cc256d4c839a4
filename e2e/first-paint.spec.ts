import { DEMO, expect, signInByApi, test } from './support/fixtures';

/** The app's entry, as index.html preloads it for before-paint.js to start (src/build/first-paint.ts). */
const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/;

test.describe('the first screen comes drawn with the page', () => {
  test('signed out: the sign-in page, in the chosen language and colour scheme, before the app runs', async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: 'foyer-locale', value: 'en-GB', url: baseURL ?? '' }]);
    await page.addInitScript(() => {
      localStorage.setItem('mantine-color-scheme-value', 'dark');
    });
    // The app's code never arrives: what shows is the page as the gateway sent it.
    await page.route(APP_ENTRY, (route) => route.abort());
    await page.goto('/orders/42');
    await expect(page.getByRole('heading', { name: 'Sign in to Foyer' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByLabel('Email address')).toBeFocused();
    // Nothing can be sent before the app is there to send it (a native submit would put the password in the URL).
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  });

  test('the app takes over without losing what was typed meanwhile, and signs in', async ({ page }) => {
    let releaseApp = () => {};
    const appHeld = new Promise<void>((resolve) => {
      releaseApp = resolve;
    });
    await page.route(APP_ENTRY, async (route) => {
      await appHeld;
      await route.continue();
    });
    await page.goto('/sign-in');
    await page.getByLabel('E-mailadres').fill(DEMO.email);
    await page.getByLabel(/^Wachtwoord/).fill(DEMO.password);
    releaseApp();
    const submit = page.getByRole('button', { name: 'Aanmelden', exact: true });
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel(/^Wachtwoord/)).toHaveValue(DEMO.password);
    await submit.click();
    await expect(page).toHaveURL(/\/$/);
    expect(page.url()).not.toContain(DEMO.password);
  });

  test("signed in: the shell and the dashboard loading, with the person's name, before the app runs", async ({
    page,
    baseURL,
  }) => {
    await signInByApi(page.request, baseURL ?? '');
    await page.route(APP_ENTRY, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Overzicht', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: /hoofdnavigatie/i })).toBeVisible();
    await expect(page.getByTestId('signed-in-person')).toHaveText('Aangemeld als Ada Admin');
  });
});
