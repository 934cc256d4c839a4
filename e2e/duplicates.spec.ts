import type { APIRequestContext } from '@playwright/test';
import { seriousFindings } from './support/axe';
import { BOX_OFFICE, DEMO, expect, MARKETING, signInByApi, test } from './support/fixtures';
import { mirrorSynced } from './support/mirror';

/**
 * The duplicate review queue (issue 30, item 6) against the real server: two pairs created through the API,
 * found by the gateway's scan, one marked not the same and one merged from the page; the box office has no queue.
 */
const API = `/api/v1/${MARKETING.clientName}`;

interface Created {
  customerId: number;
}

async function createCustomer(request: APIRequestContext, origin: string, body: Record<string, string>) {
  const response = await request.post(`${API}/partner/customer`, { data: body, headers: { origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Created).customerId;
}

/**
 * Two records of one person: the same Gmail address but for a dot, the same phone in two forms, the same name and
 * zip (a score near 100, above the demo data's look-alikes); the second has more fields.
 */
async function createPair(request: APIRequestContext, origin: string, tag: string, phone: string) {
  const first = await createCustomer(request, origin, {
    email: `fenna.${tag}@gmail.com`,
    customerFirstName: 'Fenna',
    customerLastName: `Dubbel${tag}`,
    customerPhone: `06${phone}`,
    customerZip: '3511AB',
  });
  const second = await createCustomer(request, origin, {
    email: `fenna${tag}@gmail.com`,
    customerFirstName: 'Fenna',
    customerLastName: `Dubbel${tag}`,
    customerPhone: `+316${phone}`,
    customerZip: '3511 AB',
    customerCity: 'Utrecht',
    customerAddress: 'Oudegracht 1',
  });
  return { a: Math.min(first, second), b: Math.max(first, second), first };
}

test('marketing marks one pair not the same and merges another; the queue has no serious axe findings', async ({
  page,
  baseURL,
  origin,
}) => {
  // The scan waits for the server's first complete sync of the mirror (its status is the administrator's to read).
  test.setTimeout(660_000);
  expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
  await mirrorSynced(page.request);
  expect((await signInByApi(page.request, baseURL ?? '', MARKETING)).status()).toBe(200);
  const run = Date.now().toString(36);
  const digits = String(Date.now()).slice(-8);
  const kept = await createPair(page.request, origin, `keep${run}`, digits);
  const apart = await createPair(page.request, origin, `apart${run}`, String(Number(digits) + 1).padStart(8, '0'));
  expect((await page.request.post('/api/duplicates/scans', { headers: { origin } })).status()).toBe(202);
  const row = (pair: { a: number; b: number }) => `${pair.a}-${pair.b}`;
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/duplicates?reason=phone');
        const queue = (await response.json()) as {
          data: Array<{ a: { customerId: number }; b: { customerId: number } }>;
          scan: unknown;
        };
        const rows = queue.data.map((pair) => `${pair.a.customerId}-${pair.b.customerId}`);
        // Not found yet: the scan's state and the first rows say why (in the failure's message).
        return rows.includes(row(kept)) && rows.includes(row(apart))
          ? 'found'
          : JSON.stringify({ want: [row(kept), row(apart)], rows: rows.slice(0, 5), scan: queue.scan });
      },
      { timeout: 120_000, intervals: [1000, 2000, 5000] },
    )
    .toBe('found');

  await page.goto('/customers/duplicates?reason=phone');
  await expect(page.getByRole('heading', { level: 1, name: 'Dubbele klanten' })).toBeVisible();
  await expect(page.getByText('Bestellingen kunnen via de interface niet')).toBeVisible();
  const apartRow = page.locator(`[data-pair="${row(apart)}"]`);
  const keptRow = page.locator(`[data-pair="${row(kept)}"]`);
  await expect(apartRow).toBeVisible();
  await expect(keptRow).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);

  // Not the same: select the row, press n.
  await apartRow.click();
  await expect(apartRow).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('n');
  await expect(apartRow).toHaveCount(0);

  // Same: select the other, keep the record made first, see what is copied, press m and confirm.
  await keptRow.click();
  const compare = page.getByTestId('pair-compare');
  await compare.getByText(`Record ${kept.first} bewaren`).click();
  await expect(compare.locator('[data-copied]')).toHaveCount(2);
  await page.keyboard.press('m');
  const dialog = page.getByRole('dialog', { name: 'Klanten samenvoegen' });
  await expect(dialog.getByText('Bestellingen kunnen via de interface niet')).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Samenvoegen' }).click();
  await expect(dialog).toBeHidden();
  await expect(keptRow).toHaveCount(0);

  const customer = await page.request.get(`${API}/partner/customer/${kept.first}`);
  expect(await customer.json()).toMatchObject({ customerCity: 'Utrecht', customerAddress: 'Oudegracht 1' });
});

test('the box office cannot see the duplicate queue', async ({ page, baseURL }) => {
  expect((await signInByApi(page.request, baseURL ?? '', BOX_OFFICE)).status()).toBe(200);
  expect((await page.request.get('/api/duplicates')).status()).toBe(403);
  await page.goto('/customers/duplicates');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('duplicate-queue')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Dubbele klanten' })).toHaveCount(0);
});
