import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, expect, signInByApi, test } from './support/fixtures';

/**
 * The box office against the real server: sales through the app, checked against what the service
 * holds (read back through the gateway with the page's own session).
 */

const CART_ID_KEY = 'foyer.box-office.cartId';

async function openBoxOffice(page: Page, baseURL: string | undefined, path = '/box-office') {
  expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Kassa' })).toBeVisible();
}

/** `/`, the name, Enter: the first performance matching it. */
async function choosePerformance(page: Page, search: string) {
  // The list has loaded (the placeholder says "Laden…" until then).
  await expect(page.getByRole('combobox', { name: 'Voorstelling' })).toHaveAttribute('placeholder', /Zoek een/);
  await page.keyboard.press('/');
  await expect(page.getByRole('combobox', { name: 'Voorstelling' })).toBeFocused();
  await page.keyboard.type(search);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Voorstelling' })).toHaveValue(new RegExp(search));
  await expect(page.getByTestId('ticket-quantity')).toBeVisible();
  // Choosing hands the focus on, so the sale's keys (digits, Enter) reach the page at once.
  await expect(page.getByRole('heading', { name: 'Kaarten' })).toBeFocused();
}

async function cartIdOf(page: Page): Promise<string> {
  const cartId = await page.evaluate((key) => sessionStorage.getItem(key), CART_ID_KEY);
  expect(cartId).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  return cartId as string;
}

interface ApiCart {
  cartId: string;
  amount: number;
  cartItems: { itemType: string; itemId: string; eventId: number | null; numberOfTickets?: number; amount: number }[];
}

async function serviceCart(page: Page, cartId: string): Promise<ApiCart> {
  const response = await page.request.get(`/api/v1/demo/partner/cart/${cartId}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiCart;
}

test.describe('box office', () => {
  test('general admission by quantity: digits and Enter add one line of N tickets to a partner cart', async ({
    page,
    baseURL,
  }) => {
    await openBoxOffice(page, baseURL);
    await choosePerformance(page, 'Racoon Akoestisch');
    await page.keyboard.press('4');
    await expect(page.getByTestId('ticket-quantity')).toHaveValue('4');
    await page.keyboard.press('Enter');
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('4 × Racoon Akoestisch');
    await expect(page.getByTestId('hold-countdown')).toContainText(/Plaatsen vastgehouden nog 1[45]:\d\d/);

    const cart = await serviceCart(page, await cartIdOf(page));
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0]).toMatchObject({ itemType: 'ticket', numberOfTickets: 4 });
    await expect(page.getByTestId('cart-total')).toHaveText(`€ ${cart.amount.toFixed(2).replace('.', ',')}`);
  });

  test('donations and items join the cart; it survives a reload; a line and the whole cart can go', async ({
    page,
    baseURL,
  }) => {
    await openBoxOffice(page, baseURL);
    await page.getByLabel('Bedrag van de donatie').fill('abc');
    await page.getByRole('button', { name: 'Donatie toevoegen' }).click();
    await expect(page.getByText('Vul een bedrag in')).toBeVisible();
    await page.getByLabel('Bedrag van de donatie').fill('12,50');
    await page.getByRole('button', { name: 'Donatie toevoegen' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await page.getByLabel('Bon of artikel').selectOption({ label: 'Programmaboek · Normaal · € 15,00' });
    await page.getByRole('textbox', { name: 'Aantal', exact: true }).fill('2');
    await page.getByRole('button', { name: 'Artikel toevoegen' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(page.getByTestId('cart-total')).toHaveText('€ 42,50');

    const cartId = await cartIdOf(page);
    await page.reload();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    expect(await cartIdOf(page)).toBe(cartId);
    // Only the id is kept: nothing else of the sale is in the browser's storage.
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).length + Object.keys(localStorage).length),
    ).toBeLessThanOrEqual(2);

    await page.getByRole('button', { name: /Verwijder Programmaboek/ }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    expect((await serviceCart(page, cartId)).cartItems.map((item) => item.itemType)).toEqual(['donation']);

    await page.getByRole('button', { name: 'Winkelwagen leegmaken' }).click();
    await page.getByRole('button', { name: 'Winkelwagen leegmaken' }).click();
    await expect(page.getByText('De winkelwagen is leeg.')).toBeVisible();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), CART_ID_KEY)).toBeNull();
    expect((await page.request.get(`/api/v1/demo/partner/cart/${cartId}`)).status()).toBe(404);
  });

  test('a 422 of the service (per-order maximum) appears beside the quantity, and nothing is added', async ({
    page,
    baseURL,
  }) => {
    await openBoxOffice(page, baseURL);
    await choosePerformance(page, 'Racoon Akoestisch');
    const priceSelect = page.getByLabel('Prijs voor alle kaarten');
    // The demo's "Duoticket" allows at most 2 per order.
    const duo = await priceSelect.locator('option', { hasText: 'Duoticket' }).getAttribute('value');
    await priceSelect.selectOption(duo ?? '');
    await page.getByTestId('ticket-quantity').fill('3');
    await page.getByTestId('add-tickets').click();
    await expect(page.getByTestId('ticket-quantity')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/At most 2/)).toBeVisible();
    await expect(page.getByText('De winkelwagen is leeg.')).toBeVisible();
  });
});

/**
 * A second server of its own with a short CART_TIMEOUT_SECONDS (serve-e2e.ts passes the environment
 * through), so the main suite's server keeps the default; a small customer seed keeps its start quick.
 */
async function startServer(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = resolve(import.meta.dirname, '..');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/serve-e2e.ts'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Foyer is running at (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) resolveUrl(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the short-timeout server stopped (${code}): ${output.slice(-2000)}`)));
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

test.describe('box office with a short cart timeout', () => {
  const TIMEOUT_SECONDS = 25;
  let server: { url: string; stop: () => Promise<void> } | undefined;

  test.beforeAll(async () => {
    // A first start builds the app (unless E2E_APP_DIR names a build) and seeds the demo data.
    test.setTimeout(300_000);
    server = await startServer({ CART_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS), SEED_CUSTOMERS: '100' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the countdown warns, the hold lapses, the cart says so and offers to start again', async ({ browser }) => {
    test.setTimeout(120_000);
    const url = server?.url ?? '';
    const context = await browser.newContext({ baseURL: url, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
    const page = await context.newPage();
    await openBoxOffice(page, url);
    await choosePerformance(page, 'Racoon Akoestisch');
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    const cartId = await cartIdOf(page);
    // Less than two minutes from the start: the warning shows at once.
    await expect(page.getByTestId('hold-countdown')).toContainText(/Nog 0:[0-2]\d: rond de verkoop af/);

    await expect(page.getByTestId('cart-lapsed')).toBeVisible({ timeout: (TIMEOUT_SECONDS + 15) * 1000 });
    await expect(page.getByTestId('cart-lapsed')).toContainText('De vastgehouden plaatsen zijn vervallen');
    await expect(page.getByTestId('cart-line')).toHaveCount(0);
    const lapsed = await page.request.get(`/api/v1/demo/partner/cart/${cartId}`);
    expect(((await lapsed.json()) as ApiCart).cartItems).toEqual([]);

    await page.getByRole('button', { name: 'Opnieuw beginnen' }).click();
    await expect(page.getByTestId('cart-lapsed')).toHaveCount(0);
    await expect(page.getByText('De winkelwagen is leeg.')).toBeVisible();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), CART_ID_KEY)).toBeNull();
    expect((await page.request.get(`/api/v1/demo/partner/cart/${cartId}`)).status()).toBe(404);
    await context.close();
  });
});
