import type { APIRequestContext, Page } from '@playwright/test';
import { choosePerformance, openBoxOffice } from './support/box-office';
import { BOX_OFFICE, DEMO, type DemoAccount, expect, MANAGER, MARKETING, signInByApi, test } from './support/fixtures';
import { waitForCustomerMirror } from './support/mirror';

/**
 * Each demo role against the real server: the app shows a person only the areas and actions their role
 * allows, and the gateway refuses the rest (403) whatever the app shows.
 */

const API = '/api/v1/demo';

async function signIn(page: Page, baseURL: string | undefined, account: DemoAccount) {
  expect((await signInByApi(page.request, baseURL ?? '', account)).status()).toBe(200);
}

function navigation(page: Page) {
  return page.getByRole('navigation', { name: 'Hoofdnavigatie' });
}

/** The areas in the navigation, by their labels. */
async function navLabels(page: Page): Promise<string[]> {
  const links = navigation(page).locator('.foyer-nav-link');
  await expect(links.first()).toBeVisible({ timeout: 20_000 });
  return (await links.allTextContents()).map((label) => label.trim());
}

async function expectNoAccess(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible({ timeout: 20_000 });
}

/** Calls of the page's own that the gateway refused: a role's screens ask only for what it allows. */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
  });
  return refused;
}

interface DemoCustomer {
  customerId: number;
  email: string;
  customerFirstName: string;
  customerLastName: string;
  customerZip: string;
}

/**
 * A demo customer with an email and a zip, read by the administrator (the seller may not list customers),
 * once the gateway's copy of the customers (which the buyer lookup searches) holds them.
 */
async function demoCustomer(request: APIRequestContext, baseURL: string | undefined, origin: string) {
  expect((await signInByApi(request, baseURL ?? '', DEMO)).status()).toBe(200);
  await waitForCustomerMirror(request);
  const response = await request.post(`${API}/partner/export/customers`, { data: {}, headers: { origin } });
  expect(response.status()).toBe(200);
  const customers = ((await response.json()) as { data: DemoCustomer[] }).data;
  const customer = customers.find((entry) => entry.email.includes('@') && /^\d{4}[A-Z]{2}$/.test(entry.customerZip));
  if (!customer) throw new Error('no demo customer with an email and a zip');
  return customer;
}

test.describe('roles', () => {
  test('box office: sells to a buyer found by name and zip; no exports, orders, customers or staff', async ({
    page,
    request,
    baseURL,
    origin,
  }) => {
    // It may wait for the mirror's first full sync, which starts with the server.
    test.setTimeout(240_000);
    const customer = await demoCustomer(request, baseURL, origin);
    // The seller's screens never ask for the customer list (the gateway would refuse it), nor anything else refused.
    const refused = watchRefusals(page);
    const listCalls: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes('/partner/export/customers')) listCalls.push(call.url());
    });

    await signIn(page, baseURL, BOX_OFFICE);
    await page.goto('/');
    expect(await navLabels(page)).toEqual(['Overzicht', 'Voorstellingen', 'Kassa', 'Reserveringen', 'Diensten']);
    await expect(navigation(page).locator('a[href="/staff"]')).toHaveCount(0);

    await expectNoAccess(page, '/exports');
    await expectNoAccess(page, '/orders');
    await expectNoAccess(page, '/customers');
    const listRefused = await page.request.post(`${API}/partner/export/customers`, { data: {}, headers: { origin } });
    expect(listRefused.status()).toBe(403);

    await openBoxOffice(page, baseURL, '/box-office', BOX_OFFICE);
    await choosePerformance(page, 'Racoon Akoestisch');
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-line')).toContainText('2 × Racoon Akoestisch');
    await page.keyboard.press('c');

    // The picker searches the customers on the gateway (the buyer lookup): by name and zip, say.
    const input = page.getByTestId('customer-picker-input');
    await expect(input).toBeFocused();
    await expect(input).toHaveAttribute('placeholder', 'Zoek op naam, e-mail, telefoon, postcode of klantnummer');
    const lastName = customer.customerLastName.split(' ').at(-1) ?? customer.customerLastName;
    await page.keyboard.type(`${lastName} ${customer.customerZip.slice(0, 4)} ${customer.customerZip.slice(4)}`);
    await expect(page.getByTestId('customer-picker-option').first()).toContainText(customer.email, {
      timeout: 15_000,
    });
    await page.screenshot({ path: test.info().outputPath('picker-lookup.png') });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('customer-picker-value')).toContainText(customer.email);
    // What the lookup answers is what the picker shows, no more; the customer list stays closed.
    const lookup = await page.request.get(`/api/customers/lookup?q=${encodeURIComponent(customer.email)}`);
    expect(Object.keys(((await lookup.json()) as { data: object[] }).data[0] ?? {}).sort()).toEqual([
      'customerCity',
      'customerFirstName',
      'customerId',
      'customerLastName',
      'customerPhone',
      'customerPreposition',
      'email',
    ]);
    expect((await page.request.get('/api/customers?q=a')).status()).toBe(403);

    await page.keyboard.press('2');
    await expect(page.getByRole('radio', { name: /Pin/ })).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('payment-status')).toHaveText('Betaald');
    const orderId = Number(await page.getByTestId('order-id').textContent());
    const order = await page.request.get(`${API}/partner/order/${orderId}`);
    expect(order.status()).toBe(200);
    expect(((await order.json()) as { customerId: number }).customerId).toBe(customer.customerId);
    // The order as the seller opens it: the buyer by name (the summary a seller may read), not "Klant 381".
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByTestId('field-customer')).toContainText(
      `${customer.customerLastName} (${customer.customerId})`,
    );
    expect(listCalls).toEqual([]);
    expect(refused).toEqual([]);
  });

  test('marketing: edits a customer’s tags, but cannot sell', async ({ page, baseURL, origin }) => {
    const refused = watchRefusals(page);
    await signIn(page, baseURL, MARKETING);
    await page.goto('/');
    // Marketing has no dashboard: it lands on the customers.
    await expect(page).toHaveURL(/\/customers$/, { timeout: 20_000 });
    expect(await navLabels(page)).toEqual(['Klanten', 'Segmenten', 'Exports']);
    await expectNoAccess(page, '/box-office');
    const cart = await page.request.post(`${API}/cart/`, { data: {}, headers: { origin } });
    expect(cart.status()).toBe(403);

    const marker = `Rol${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const created = await page.request.post(`${API}/partner/customer`, {
      data: { email: `${marker.toLowerCase()}@example.nl`, customerFirstName: 'Mara', customerLastName: marker },
      headers: { origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    const customerId = ((await created.json()) as { customerId: number }).customerId;
    const tags = (await (await page.request.get(`${API}/partner/export/clienttypes`)).json()) as string[];
    const tag = tags[0];
    if (!tag) throw new Error('the demo client should have a tag');

    await page.goto(`/customers/${customerId}`);
    await expect(page.getByRole('link', { name: 'Bewerken' })).toBeVisible({ timeout: 20_000 });
    const editor = page.getByRole('group', { name: 'Labels' });
    await editor.getByRole('checkbox', { name: tag, exact: true }).check();
    await page.getByRole('button', { name: 'Labels opslaan' }).click();
    await expect
      .poll(async () => (await page.request.get(`${API}/partner/customer/${customerId}/clienttypes`)).json())
      .toEqual([tag]);
    expect(refused).toEqual([]);
  });

  test('manager: orders and exports, no box office or staff, and no edit buttons on customers', async ({
    page,
    baseURL,
  }) => {
    const refused = watchRefusals(page);
    await signIn(page, baseURL, MANAGER);
    await page.goto('/');
    const labels = await navLabels(page);
    expect(labels).toEqual(expect.arrayContaining(['Bestellingen', 'Exports', 'Klanten']));
    expect(labels).not.toContain('Kassa');
    await expect(navigation(page).locator('a[href="/staff"]')).toHaveCount(0);
    await expectNoAccess(page, '/box-office');

    // An order reads fine, with its ticket and receipt links (GET /order/{key} allows orders:read).
    await page.goto('/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellingen' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page.getByTestId('order-page')).toBeVisible();
    await expect(page.getByTestId('field-customer')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tickets en bon' })).toBeVisible();
    expect(refused).toEqual([]);
    await page.goto('/exports');
    await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
    for (const kind of ['Klanten', 'Bestellingen', 'Wachtlijst']) {
      await expect(page.getByRole('radio', { name: kind })).toHaveCount(1);
    }

    await page.goto('/customers');
    await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nieuwe klant' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Label toevoegen of verwijderen' })).toHaveCount(0);
    const firstRow = page.getByTestId('customer-name').first();
    await expect(firstRow).toBeVisible({ timeout: 30_000 });
    await firstRow.click();
    await expect(page.getByTestId('customer-page')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bewerken' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Labels opslaan' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    expect(refused).toEqual([]);
  });
});
