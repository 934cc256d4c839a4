import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousFindings } from './support/axe';
import {
  BOX_OFFICE,
  expect as baseExpect,
  DEMO,
  type DemoAccount,
  MANAGER,
  signInByApi,
  test,
} from './support/fixtures';
import { mirrorSynced, waitForCustomerMirror } from './support/mirror';

/**
 * Privacy requests (issue 30, item 7) in the browser: a manager downloads a customer's subject-access package,
 * anonymises a customer made for the test, and the box office sees none of it.
 */

// On machines shared with other work: wait longer.
const expect = baseExpect.configure({ timeout: 30_000 });

async function signIn(page: Page, baseURL: string | undefined, account: DemoAccount) {
  expect((await signInByApi(page.request, baseURL ?? '', account)).status()).toBe(200);
}

test.describe('privacy', () => {
  // The first test waits for the mirror's first full sync (the package's orders come from it).
  test.describe.configure({ timeout: 480_000 });

  test("a manager downloads a customer's privacy package, and it holds their orders", async ({ page, baseURL }) => {
    await signIn(page, baseURL, MANAGER);
    await mirrorSynced(page.request);
    const orders = await page.request.get('/api/v1/demo/partner/order?page=1');
    expect(orders.status()).toBe(200);
    const { data } = (await orders.json()) as { data: { orderId: number; customerId: number | null }[] };
    const order = data.find((candidate) => candidate.customerId !== null);
    if (!order?.customerId) throw new Error('no order with a customer');

    await page.goto(`/customers/${order.customerId}`);
    const section = page.getByRole('region', { name: 'Privacy' });
    await expect(section).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    // On a phone the letter's button wraps its label instead of cutting it ("Brief om te printen downl…").
    await page.setViewportSize({ width: 390, height: 800 });
    const letterLabel = page.getByTestId('privacy-package-letter').locator('.mantine-Button-label');
    expect(await letterLabel.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 720 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Privacypakket downloaden (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`privacy-package-${order.customerId}.json`);
    const pack = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      customer: { customerId: number };
      orders: { orderId: number }[];
    };
    expect(pack.customer.customerId).toBe(order.customerId);
    expect(pack.orders.map((held) => held.orderId)).toContain(order.orderId);

    await page.goto('/customers/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy en bewaartermijn' })).toBeVisible();
    await expect(page.getByTestId('retention-count')).toBeVisible();
    await expect(page.getByTestId('retention-years')).toHaveValue('7');
    expect(await seriousFindings(page)).toEqual([]);
  });

  test('a manager anonymises a customer made for the test, after typing their email', async ({
    page,
    baseURL,
    origin,
  }) => {
    // Made by the administrator (a manager may not create customers).
    await signIn(page, baseURL, DEMO);
    await waitForCustomerMirror(page.request);
    const email = `wissen.${Date.now().toString(36)}@example.nl`;
    const created = await page.request.post('/api/v1/demo/partner/customer', {
      data: { email, customerFirstName: 'Wim', customerLastName: 'Wisbaar', customerPhone: '0612345678' },
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { customerId } = (await created.json()) as { customerId: number };
    const note = await page.request.post(`/api/customers/${customerId}/notes`, {
      data: { text: 'Belt altijd op vrijdag' },
      headers: { origin },
    });
    expect(note.status(), await note.text()).toBe(201);
    // An edit, as a walkthrough made one before anonymising: its values stayed in the story afterwards.
    const edited = await page.request.put(`/api/v1/demo/partner/customer/${customerId}`, {
      data: { customerCity: 'Zwolle' },
      headers: { origin },
    });
    expect(edited.status(), await edited.text()).toBe(200);

    await signIn(page, baseURL, MANAGER);
    await page.goto(`/customers/${customerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Wim Wisbaar' })).toBeVisible();
    await expect(page.getByTestId('note').filter({ hasText: 'Belt altijd op vrijdag' })).toBeVisible();
    await page.getByTestId('privacy-anonymise').click();
    const dialog = page.getByRole('dialog', { name: 'Klant anonimiseren' });
    await expect(dialog.getByText('Wat blijft')).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Definitief anonimiseren' });
    await expect(confirm).toBeDisabled();
    expect(await seriousFindings(page)).toEqual([]);
    await dialog.getByTestId('anonymise-confirmation').fill(email.toUpperCase());
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('privacy-anonymised')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Geanonimiseerde klant' })).toBeVisible();
    await expect(page.getByTestId('customer-phone')).not.toContainText('0612345678');
    // The note went with the erasure, on screen too (a walkthrough saw it in the notes and the story until a reload).
    await expect(page.getByTestId('no-notes')).toBeVisible();
    await expect(page.getByText('Belt altijd op vrijdag')).toHaveCount(0);
    // The story tells the anonymisation, and no longer the city the edit set.
    const story = page.getByTestId('story-timeline');
    await expect(story.getByTestId('story-anonymised')).toContainText('Geanonimiseerd');
    await expect(story.getByTestId('story-erased').first()).toBeVisible();
    await expect(story).not.toContainText('Zwolle');

    // Not found by the old name any more.
    const found = await page.request.get(`/api/customers?q=${encodeURIComponent('Wim Wisbaar')}`);
    expect(((await found.json()) as { data: { customerId: number }[] }).data.map((c) => c.customerId)).not.toContain(
      customerId,
    );
  });

  test('the box office sees no privacy', async ({ page, baseURL }) => {
    await signIn(page, baseURL, BOX_OFFICE);
    expect((await page.request.get('/api/privacy/settings')).status()).toBe(403);
    expect((await page.request.get('/api/privacy/customers/1/package.json')).status()).toBe(403);
    await page.goto('/customers/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  });
});
