import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { NO_FINDINGS, seriousFindings, seriousFindingsInBothSchemes } from './support/axe';
import { DEMO, expect, signInByApi, test } from './support/fixtures';

/**
 * Promoter access and the accounting preset (issue 33 items 3-5) in the browser: a promoter's role is scoped to
 * one production; they see only that production, its dashboard and its scheduled report (written at once with
 * "write now", downloaded from the list) and nothing else of the app; the accounting preset sees the shifts
 * (their Z-reports) and cannot edit a customer.
 */

const API = '/api/v1/demo';

interface PartnerEvent {
  eventId: number;
  productionId: number;
  eventType: string | null;
}

// A loaded machine takes its time over the first load of each page (two cores, two workers).
test.setTimeout(120_000);

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Hoofdnavigatie' });

test('a promoter sees only their production, its dashboard and its scheduled report, without serious axe findings', async ({
  page,
  browser,
  baseURL,
  origin,
}) => {
  const admin = (await browser.newContext({ baseURL })).request;
  expect((await signInByApi(admin, baseURL ?? '')).status()).toBe(200);
  const events = (await (await admin.get(`${API}/partner/event`)).json()) as PartnerEvent[];
  const performances = events.filter((event) => event.eventType === null || event.eventType === 'event');
  const [mine, other] = [...new Set(performances.map((event) => event.productionId))] as [number, number];
  const titleOf = async (id: number) =>
    ((await (await admin.get(`${API}/partner/production/${id}`)).json()) as { title: string }).title;
  const [myTitle, otherTitle] = [await titleOf(mine), await titleOf(other)];

  const suffix = Date.now().toString(36);
  const role = await admin.post('/api/roles', {
    data: { name: `Promotor ${suffix}`, permissions: ['events:read', 'orders:read', 'reports:read'] },
    headers: { origin },
  });
  expect(role.status()).toBe(201);
  const roleId = ((await role.json()) as { id: number }).id;
  const scoped = await admin.put(`/api/roles/${roleId}/scope`, {
    data: { productionIds: [mine], eventIds: [] },
    headers: { origin },
  });
  expect(scoped.status()).toBe(200);
  const invited = await admin.post('/api/staff/invitations', {
    data: { name: 'Pim Promotor', email: `promoter-${suffix}@venue.test`, roleId },
    headers: { origin },
  });
  expect(invited.status()).toBe(201);
  const token = ((await invited.json()) as { link: string }).link.split('/').at(-1);
  // The promoter accepts the invitation in this browser: it is signed in as them.
  const accepted = await page.request.post(`/api/links/${token}/password`, {
    data: { password: 'promotor-wachtwoord-2026' },
    headers: { origin },
  });
  expect(accepted.status()).toBe(200);

  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/production-sales$/, { timeout: 30_000 });
  await expect(navigation(page).locator('.foyer-nav-link')).toHaveText(['Producties']);
  const cards = page.getByTestId('production-card');
  await expect(cards).toHaveCount(1, { timeout: 30_000 });
  await expect(cards).toContainText(myTitle);
  await expect(page.getByText(otherTitle, { exact: true })).toHaveCount(0);
  expect(await seriousFindings(page)).toEqual([]);

  await cards.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: myTitle })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('tickets-sold')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Afdrukken' })).toBeVisible();

  // The scheduled report: planned daily, written now (the scheduler is poked), its printable page downloaded.
  await page.getByTestId('report-time').fill('06:30');
  await page.getByRole('button', { name: 'Rapportage plannen' }).click();
  const schedule = page.getByTestId('report-schedule').filter({ hasText: 'Dagelijks om 06:30' });
  await expect(schedule).toContainText('Nog niet gemaakt');
  await schedule.getByRole('button', { name: 'Nu maken' }).click();
  await expect(schedule).toContainText('Laatst gemaakt:', { timeout: 60_000 });
  const files = page.getByTestId('report-files').getByRole('link');
  await expect(files).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent('download'), files.filter({ hasText: /\.html$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^foyer-demo-production-${mine}-\\d{8}-\\d{4}\\.html$`));
  const printable = await readFile(await download.path(), 'utf8');
  expect(printable).toContain(myTitle);
  expect(printable).not.toContain(otherTitle);
  expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
  await page.emulateMedia({ colorScheme: 'light' });

  // Another production is one that does not exist, in the app as in the gateway.
  await page.goto(`/production-sales/${other}`);
  await expect(page.getByRole('heading', { level: 1, name: /bestaat niet/ })).toBeVisible();
  expect((await page.request.get(`/api/promoter/productions/${other}`)).status()).toBe(404);
  // The organisation's pages are not theirs, whatever the address bar says.
  await page.goto('/orders?status=paid');
  await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  // The page asked for is named, and kept in the address (it was /no-access alone).
  await expect(page.getByTestId('no-access-page')).toContainText('/orders?status=paid');
  // Their role's scope is what refuses it, not its permissions (it said the role gave no access).
  await expect(page.getByText(/ziet alleen de producties van zijn bereik/)).toBeVisible();
  await expect(page).toHaveURL(/\/no-access\?page=%2Forders%3Fstatus%3Dpaid$/);
  // The gateway answers the order analysis cut to their production, and keeps the organisation's exports.
  expect((await page.request.get('/api/reports/orders?from=2024-01-01&to=2026-12-31')).status()).toBe(200);
  expect((await page.request.get('/api/exports/files')).status()).toBe(403);
  // The app itself asked for nothing it was refused.
  expect(refused).toEqual([]);
});

test('the accounting preset sees the shifts and Z-reports, and cannot edit a customer', async ({
  page,
  baseURL,
  origin,
}) => {
  expect((await signInByApi(page.request, baseURL ?? '', { ...DEMO, email: 'accounting@demo.test' })).status()).toBe(
    200,
  );
  await page.goto('/shifts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const labels = (await navigation(page).locator('.foyer-nav-link').allTextContents()).map((label) => label.trim());
  expect(labels).toEqual(expect.arrayContaining(['Bestellingen', 'Diensten', 'Exports']));
  expect(labels).not.toContain('Klanten');
  expect(labels).not.toContain('Kassa');
  expect((await page.request.get('/api/shifts')).status()).toBe(200);
  const edit = await page.request.put(`${API}/partner/customer/1`, {
    data: { customerFirstName: 'Niet' },
    headers: { origin },
  });
  expect(edit.status()).toBe(403);
  const sale = await page.request.post(`${API}/cart/`, { data: {}, headers: { origin } });
  expect(sale.status()).toBe(403);
  expect(await seriousFindings(page)).toEqual([]);
});
