import { expectDashboard } from './app-pages';
import { NO_FINDINGS, seriousFindingsInBothSchemes } from './support/axe';
import { BOX_OFFICE, DEMO, expect, MANAGER, signInByApi, test } from './support/fixtures';

test.describe('accessibility, light and dark', () => {
  // Two to four axe passes per test (each check in both schemes), on two cores shared with the other specs.
  test.describe.configure({ timeout: 90_000 });

  test('sign-in page: no serious or critical axe findings, also with an error shown', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('heading', { name: 'Aanmelden bij Foyer' })).toBeVisible();
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
    await page.getByLabel('E-mailadres').fill(DEMO.email);
    await page.getByLabel(/^Wachtwoord/).fill('not-the-password');
    await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
  });

  test('account page: no serious or critical axe findings, also while setting up two-step sign-in', async ({
    page,
    baseURL,
  }) => {
    // Among the suite's first tests: the server is cold and starts its first mirror sync (it ran past 30 s).
    test.setTimeout(90_000);
    // The manager: another test's sign-ins must not change what this page lists (the administrator's sessions).
    expect((await signInByApi(page.request, baseURL ?? '', MANAGER)).status()).toBe(200);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeVisible();
    await expect(page.getByTestId('account-session').first()).toBeVisible();
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
    await page.getByTestId('account-totp').getByRole('button', { name: 'Instellen' }).click();
    await expect(page.getByTestId('totp-secret')).toBeVisible();
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
  });

  test('welcome link page (expired link shown): no serious or critical axe findings', async ({ page }) => {
    await page.goto('/welcome/not-a-real-token-but-long-enough-to-look-up');
    await expect(page.getByRole('alert')).toContainText('Deze link is verlopen of al gebruikt');
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
  });

  test('reservations queue during the mirror’s first sync: its notice says so and reads at 4.5:1', async ({
    page,
    baseURL,
  }) => {
    expect((await signInByApi(page.request, baseURL ?? '', BOX_OFFICE)).status()).toBe(200);
    // The gateway as it answers while its first sync runs: orders incomplete, a customer not read yet.
    const started = new Date().toISOString();
    const part = (resource: string, done: number, total: number) => ({
      resource,
      watermark: null,
      lastAttemptAt: started,
      lastSuccessAt: null,
      lastError: null,
      fullSync: { startedAt: started, finishedAt: null, total, done },
    });
    await page.route('**/api/mirror/status', (route) =>
      route.fulfill({
        json: {
          intervalSeconds: 30,
          running: true,
          resources: [part('customers', 2_000, 20_000), part('orders', 10_000, 50_000), part('waitinglist', 0, 0)],
        },
      }),
    );
    await page.route('**/api/desk/open-orders?**', (route) =>
      route.fulfill({
        json: {
          orders: [
            {
              orderId: 100,
              orderKey: 'k100',
              customerId: 2241,
              orderStatus: 'res',
              orderPaymentStatus: 'none',
              orderDate: started,
              timeOut: new Date(Date.now() + 3_600_000).toISOString(),
              amount: 25,
              lastChanged: started,
              handlingTextPayment: '',
              discountName: null,
              orderChannel: 'sp',
              user: null,
            },
          ],
          withOnline: false,
          since: started.slice(0, 10),
          complete: false,
        },
      }),
    );
    await page.goto('/reservations');
    await expect(page.getByTestId('reservation-row')).toContainText('klant 2241 (naam volgt)');
    await expect(page.getByTestId('first-sync-notice')).toContainText('Eerste synchronisatie: 17');
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
  });

  test('dashboard: no serious or critical axe findings', async ({ page, baseURL }) => {
    expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
    await page.goto('/');
    await expectDashboard(page);
    await page.waitForLoadState('networkidle');
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
  });
});
