import { seriousFindings } from './support/axe';
import { expect, MANAGER, MARKETING, signInByApi, test } from './support/fixtures';

/**
 * The freshness of the gateway's mirror on the pages that read it, and "Nu verversen", against the real
 * server (which fills the mirror by a full sync shortly after it starts).
 */

interface Status {
  running: boolean;
  resources: { resource: string; lastSuccessAt: string | null; fullSync: { finishedAt: string | null } }[];
}

test.describe('mirror freshness', () => {
  // The first test waits for the server's first full sync; the second then does not run during it.
  test.describe.configure({ mode: 'serial' });

  test('the customers page says how fresh the copy is, and "Nu verversen" syncs it again', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    expect((await signInByApi(page.request, baseURL ?? '', MARKETING)).status()).toBe(200);
    // The server's first full sync (20,000 customers, 50,000 orders) may still be running.
    await expect
      .poll(
        async () => {
          const status = (await (await page.request.get('/api/mirror/status')).json()) as Status;
          return status.resources.every((resource) => resource.fullSync.finishedAt !== null);
        },
        { timeout: 240_000, intervals: [2000] },
      )
      .toBe(true);

    await page.goto('/customers');
    await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();
    const freshness = page.getByRole('group', { name: 'Actualiteit van de gegevens' });
    await expect(freshness).toContainText(/Bijgewerkt (zojuist|\d+ s geleden|\d+ min geleden)/);
    const before = (await (await page.request.get('/api/mirror/status')).json()) as Status;
    const customersBefore = before.resources.find((resource) => resource.resource === 'customers')?.lastSuccessAt;

    const refreshed = page.waitForResponse(
      (response) => response.url().endsWith('/api/mirror/refresh') && response.request().method() === 'POST',
    );
    await freshness.getByRole('button', { name: 'Nu verversen' }).click();
    expect((await refreshed).status()).toBe(202);
    await expect(freshness).toContainText(/Bijgewerkt (zojuist|[1-9] s geleden)/, { timeout: 30_000 });
    await expect(freshness.getByRole('button', { name: 'Nu verversen' })).toBeEnabled();
    const after = (await (await page.request.get('/api/mirror/status')).json()) as Status;
    const customersAfter = after.resources.find((resource) => resource.resource === 'customers')?.lastSuccessAt;
    expect(Date.parse(customersAfter ?? '')).toBeGreaterThan(Date.parse(customersBefore ?? ''));

    expect(await seriousFindings(page)).toEqual([]);
  });

  test('the first full sync shows its progress', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    expect((await signInByApi(page.request, baseURL ?? '', MANAGER)).status()).toBe(200);
    // A server in the middle of its first sync, as the app would be told.
    const part = (resource: string, done: number) => ({
      resource,
      watermark: null,
      lastAttemptAt: new Date().toISOString(),
      lastSuccessAt: null,
      lastError: null,
      fullSync: { startedAt: new Date().toISOString(), finishedAt: null, total: 50_000, done },
    });
    await page.route('**/api/mirror/status', (route) =>
      route.fulfill({
        json: {
          intervalSeconds: 30,
          running: true,
          resources: [part('customers', 10_000), part('orders', 20_000), part('waitinglist', 0)],
        },
      }),
    );
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellingen' })).toBeVisible();
    const freshness = page.getByRole('group', { name: 'Actualiteit van de gegevens' });
    await expect(freshness).toContainText('Eerste synchronisatie: 40');
    await expect(freshness.getByRole('progressbar', { name: 'Voortgang eerste synchronisatie' })).toBeVisible();
    await expect(freshness.getByRole('button', { name: 'Nu verversen' })).toBeDisabled();
    expect(await seriousFindings(page)).toEqual([]);
  });
});
