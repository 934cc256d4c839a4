import type { Locator, Page } from '@playwright/test';
import { DEMO, type DemoAccount, expect, signInByApi } from './fixtures';

/*
 * The box office's steps, shared by the box-office tests and the role tests (a seller of the box-office role
 * sells the same way as the administrator, only finding the buyer differs).
 */

/** Signs `account` in and opens the box office. */
export async function openBoxOffice(
  page: Page,
  baseURL: string | undefined,
  path = '/box-office',
  account: Pick<DemoAccount, 'email' | 'password'> = DEMO,
) {
  expect((await signInByApi(page.request, baseURL ?? '', account)).status()).toBe(200);
  await page.goto(path);
  // A loaded machine (the suite runs in parallel) can take a while for the first paint.
  await expect(page.getByRole('heading', { level: 1, name: 'Kassa' })).toBeVisible({ timeout: 20_000 });
}

/**
 * Types `text` into the focused `field`, and resolves once the field holds all of it, so that an Enter pressed next
 * is the seller's Enter. Synthetic keys come at a barcode scanner's pace: when the loaded machine stalls the page
 * for more than the scanner's quarter-second pause mid-word, the keys after the stall are a fast burst to the app's
 * scanner (features/scanner/scan-detector.ts), which holds them back until the burst pauses, and an Enter pressed at
 * once ends the burst as a scan: the field gets back its text from before the burst, the Enter goes to the scan (the
 * flaky "Racoon Ak" of "Racoon Akoestisch", with an "Onbekende code" toast for "oestisch"). A person's keys are too
 * slow to be a burst; a test's wait for its text lets any held keys be typed (after 250 ms without a key).
 */
async function typeWhole(page: Page, field: Locator, text: string) {
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** `/`, the name, Enter: the first performance matching it. */
export async function choosePerformance(page: Page, search: string) {
  // The list has loaded (the placeholder says "Laden…" until then).
  await expect(page.getByRole('combobox', { name: 'Voorstelling' })).toHaveAttribute('placeholder', /Zoek een/);
  await page.keyboard.press('/');
  await expect(page.getByRole('combobox', { name: 'Voorstelling' })).toBeFocused();
  await typeWhole(page, page.getByRole('combobox', { name: 'Voorstelling' }), search);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Voorstelling' })).toHaveValue(new RegExp(search));
  await expect(page.getByTestId('ticket-quantity')).toBeVisible();
  // Choosing hands the focus on, so the sale's keys (digits, Enter) reach the page at once.
  await expect(page.getByRole('heading', { name: 'Kaarten' })).toBeFocused();
}

/** The customer picker of the checkout: type the email, take the match. */
export async function chooseCustomer(page: Page, email: string) {
  const input = page.getByTestId('customer-picker-input');
  await expect(input).toBeFocused();
  await typeWhole(page, input, email);
  await expect(page.getByTestId('customer-picker-option').first()).toContainText(email, { timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('customer-picker-value')).toContainText(email);
}

/** Opens the seller's shift at sales point `salesPoint` with a float of `float` euros, through the shift bar. */
export async function openShiftAt(page: Page, salesPoint: string, float = '100') {
  await page.getByTestId('shift-bar').getByTestId('open-shift').click();
  const dialog = page.getByRole('dialog', { name: 'Dienst openen' });
  await dialog.getByTestId('open-shift-sales-point').click();
  await page.getByRole('option', { name: salesPoint }).click();
  await expect(dialog.getByRole('combobox', { name: 'Kassa', exact: true })).toHaveValue(salesPoint);
  await dialog.getByLabel('Wisselgeld bij opening').fill(float);
  await dialog.getByLabel('Wisselgeld bij opening').press('Enter');
  await expect(dialog).toHaveCount(0);
}

/** How the sale is paid: the payment method's key in the checkout, and its radio's name. */
const PAYMENT = {
  cash: { key: '1', name: /Contant/ },
  card: { key: '2', name: /Pin/ },
} as const;

/**
 * One whole sale at the box office by keyboard: `/` and the performance, the number of tickets and Enter, `c`
 * for the checkout, the buyer by email, the payment method's key and Enter; resolves once the sale says it is
 * paid, with its order.
 */
export async function sellAtDesk(
  page: Page,
  sale: {
    tickets: number;
    email: string;
    payment: keyof typeof PAYMENT;
    performance?: string;
    /** Cash only: the whole euros handed over, typed into "Ontvangen" (else the exact amount). */
    receivedEuros?: number;
  },
): Promise<{ orderId: number; orderKey: string }> {
  const performance = sale.performance ?? 'Racoon Akoestisch';
  const payment = PAYMENT[sale.payment];
  await choosePerformance(page, performance);
  await page.keyboard.press(String(sale.tickets));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-line')).toContainText(
    sale.tickets > 1 ? `${sale.tickets} × ${performance}` : performance,
  );
  await page.keyboard.press('c');
  await chooseCustomer(page, sale.email);
  await page.keyboard.press(payment.key);
  await expect(page.getByRole('radio', { name: payment.name })).toBeChecked();
  if (sale.receivedEuros !== undefined) {
    // Cash's digit goes on to the amount handed over.
    await expect(page.getByRole('textbox', { name: 'Ontvangen' })).toBeFocused();
    await page.keyboard.type(String(sale.receivedEuros));
  }
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-status')).toHaveText('Betaald');
  return {
    orderId: Number(await page.getByTestId('order-id').textContent()),
    orderKey: ((await page.getByTestId('order-key').textContent()) ?? '').trim(),
  };
}

/** "Winkelwagen leegmaken", confirmed: the cart is empty. */
export async function emptyCart(page: Page) {
  await page.getByRole('button', { name: 'Winkelwagen leegmaken' }).click();
  await page.getByRole('button', { name: 'Winkelwagen leegmaken' }).click();
  await expect(page.getByText('De winkelwagen is leeg.')).toBeVisible();
}
