import type { Page } from '@playwright/test';
import { seriousFindings } from './support/axe';
import { chooseCustomer, choosePerformance, openBoxOffice } from './support/box-office';
import { DEMO, expect, signInByApi, test } from './support/fixtures';

/** The audit trail (Logboek) and "Verkocht door", against the real server. */

async function firstCustomer(page: Page, origin: string) {
  const response = await page.request.post('/api/v1/demo/partner/export/customers', { headers: { origin } });
  expect(response.status()).toBe(200);
  const customers = (
    (await response.json()) as { data: { customerId: number; email: string; customerFirstName: string }[] }
  ).data;
  const customer = customers.find((entry) => entry.email.includes('@'));
  if (!customer) throw new Error('no customer with an email');
  return customer;
}

test.describe('audit trail', () => {
  test('a customer edit shows in the trail with old → new, filtered by that customer in the URL', async ({
    page,
    baseURL,
    origin,
  }) => {
    expect((await signInByApi(page.request, baseURL ?? '')).status()).toBe(200);
    const customer = await firstCustomer(page, origin);
    const newName = `Audit${Date.now().toString(36)}`;
    const edited = await page.request.put(`/api/v1/demo/partner/customer/${customer.customerId}`, {
      data: { customerFirstName: newName },
      headers: { origin },
    });
    expect(edited.status()).toBe(200);

    await page.goto(`/audit?customer=${customer.customerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Logboek' })).toBeVisible();
    await expect(page.getByTestId('audit-filter-customer')).toHaveValue(String(customer.customerId));
    const change = page.getByTestId('audit-change').filter({ hasText: newName }).first();
    await expect(change).toContainText(`Voornaam: ${customer.customerFirstName} → ${newName}`);
    await expect(page.getByRole('row').filter({ hasText: newName }).first()).toContainText(DEMO.email);
    await expect(page.getByTestId('audit-chain')).toContainText('Keten intact');
    await expect(page.getByTestId('audit-csv')).toHaveAttribute(
      'href',
      `/api/audit/export.csv?customer=${customer.customerId}`,
    );

    expect(await seriousFindings(page)).toEqual([]);
  });

  test('a sign-in reads in words: the role as the reader calls it, the method in Dutch', async ({ page, baseURL }) => {
    // A walkthrough read "administrator" and "method: password" as recorded.
    expect((await signInByApi(page.request, baseURL ?? '')).status()).toBe(200);
    await page.goto('/audit?action=sign-in');
    const row = page.getByRole('row').filter({ hasText: DEMO.email }).first();
    await expect(row).toContainText('Beheerder');
    await expect(row).toContainText('Aanmeldwijze: wachtwoord');
    await expect(row).not.toContainText('administrator');
    await expect(row).not.toContainText('method:');
  });

  test('an order sold at the box office shows "Verkocht door" on its order page', async ({ page, baseURL, origin }) => {
    test.setTimeout(60_000);
    await openBoxOffice(page, baseURL);
    const customer = await firstCustomer(page, origin);
    await choosePerformance(page, 'Racoon Akoestisch');
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line')).toContainText('Racoon Akoestisch');
    await page.keyboard.press('c');
    await chooseCustomer(page, customer.email);
    await page.keyboard.press('2');
    await expect(page.getByRole('radio', { name: /Pin/ })).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('payment-status')).toHaveText('Betaald');
    const orderId = Number(await page.getByTestId('order-id').textContent());

    await page.goto(`/orders/${orderId}`);
    const soldBy = page.getByTestId('field-sold-by');
    await expect(soldBy).toContainText('Verkocht door');
    await expect(soldBy).toContainText('Ada Admin');
  });

  test('a role change reads as what changed, the table fits a 1280-px laptop, and a reversed range says why it finds nothing', async ({
    page,
    baseURL,
    origin,
  }) => {
    expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
    const name = `Deur${Date.now().toString(36)}`;
    const created = await page.request.post('/api/roles', {
      data: { name, permissions: ['events:read', 'sales:sell'] },
      headers: { origin },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const changed = await page.request.put(`/api/roles/${id}`, {
      data: { name: `${name} avond`, permissions: ['events:read', 'sales:sell', 'orders:read'] },
      headers: { origin },
    });
    expect(changed.status()).toBe(200);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/audit?action=role');
    const row = page
      .getByRole('row')
      .filter({ hasText: `${name} avond` })
      .first();
    // It read "old: {"name":…,"permissions":[…]}" and "new: {…}" beside each other, wider than the window.
    await expect(row.getByTestId('audit-change').filter({ hasText: 'Naam:' })).toHaveText(
      `Naam: ${name} → ${name} avond`,
    );
    await expect(row.getByTestId('audit-change').filter({ hasText: 'Rechten:' })).toHaveText('Rechten: +orders:read');
    await expect(row).not.toContainText('{"');
    const table = page.locator('.foyer-table-scroll').first();
    expect(await table.evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth)).toBeLessThanOrEqual(0);

    await page.goto('/audit?from=2026-12-01&to=2026-11-01');
    await expect(page.getByTestId('audit-filter-to')).toHaveAccessibleDescription('Ligt vóór de datum bij Van');
  });

  test('the action badges show their whole label on a laptop and on a narrower window', async ({ page, baseURL }) => {
    expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
    for (const width of [1366, 1000]) {
      await page.setViewportSize({ width, height: 768 });
      await page.goto('/audit');
      const badges = page.getByRole('table').locator('.mantine-Badge-label');
      await expect(badges.first()).toBeVisible({ timeout: 30_000 });
      // A label cut with an ellipsis ("STAFF CH…") is wider inside than its box.
      const cut = await badges.evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent),
      );
      expect(cut, `at ${width} px`).toEqual([]);
    }
  });

  // A walkthrough on a tablet and a phone found entries 455 px tall: the request column took 215 px and the details
  // broke inside their words ("Chan / ged / since") in 75.
  test('on a tablet and a phone each entry is a card, its details whole; on a laptop the details have the room', async ({
    page,
    baseURL,
  }) => {
    expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
    for (const width of [390, 820]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.goto('/audit');
      await expect(page.locator('table[data-stacked]')).toBeVisible({ timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(
        width,
      );
      const tallest = await page
        .locator('table[data-stacked] tbody tr')
        .evaluateAll((rows) => Math.max(...rows.map((row) => row.getBoundingClientRect().height)));
      expect(tallest, `at ${width} px`).toBeLessThan(455);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/audit');
    const details = page.getByRole('columnheader', { name: 'Details' });
    await expect(details).toBeVisible({ timeout: 30_000 });
    expect(await details.evaluate((th) => th.clientWidth)).toBeGreaterThan(150);
  });
});
