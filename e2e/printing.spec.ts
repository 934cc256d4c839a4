import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { ticketQrDataUrl } from '../src/web/features/desk/ticket-qr-code';
import { seriousFindings } from './support/axe';
import { chooseCustomer, choosePerformance, openBoxOffice } from './support/box-office';
import { expect, signInByApi, test } from './support/fixtures';

/**
 * Printing at the desk and the reservations queue, against the real server. Each printed QR code is drawn
 * onto a canvas in the page and decoded with jsQR, as a scanner at the door would read it; its image is
 * also the order key's code made again with the same package and options.
 */

/** A customer of the demo, by the export (page 1), for the picker to find by email. */
async function existingCustomerEmail(page: Page, origin: string): Promise<string> {
  const response = await page.request.post('/api/v1/demo/partner/export/customers', { headers: { origin } });
  expect(response.status()).toBe(200);
  const customers = ((await response.json()) as { data: { email: string }[] }).data;
  const customer = customers.find((entry) => entry.email.includes('@'));
  if (!customer) throw new Error('no customer with an email');
  return customer.email;
}

/** Two general-admission tickets sold at the desk, paid by card: the sale screen with its order. */
async function sellTwoTickets(page: Page, baseURL: string | undefined, origin: string) {
  await openBoxOffice(page, baseURL);
  const email = await existingCustomerEmail(page, origin);
  await choosePerformance(page, 'Racoon Akoestisch');
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-line')).toContainText('2 × Racoon Akoestisch');
  await page.keyboard.press('c');
  await chooseCustomer(page, email);
  await page.keyboard.press('2');
  await expect(page.getByRole('radio', { name: /Pin/ })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('payment-status')).toHaveText('Betaald');
  return {
    orderId: Number(await page.getByTestId('order-id').textContent()),
    orderKey: (await page.getByTestId('order-key').textContent()) ?? '',
  };
}

/** Pages of a PDF that Chromium wrote (one `/Type /Page` object per page). */
function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
}

/** What a scanner reads from a printed QR image: rasterised at 400 px in the page, decoded with jsQR. */
async function decodeQr(image: ReturnType<Page['getByTestId']>): Promise<string | null> {
  const size = 400;
  const pixels = await image.evaluate((element: HTMLImageElement, side: number) => {
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    if (!context) return [];
    context.fillStyle = '#fff';
    context.fillRect(0, 0, side, side);
    context.imageSmoothingEnabled = false;
    context.drawImage(element, 0, 0, side, side);
    return Array.from(context.getImageData(0, 0, side, side).data);
  }, size);
  return jsQR(Uint8ClampedArray.from(pixels), size, size)?.data ?? null;
}

async function expectTwoTicketsWithTheKey(page: Page, orderKey: string) {
  await expect(page.getByTestId('ticket')).toHaveCount(2);
  const codes = page.getByTestId('ticket-qr');
  await expect(codes).toHaveCount(2);
  const expected = await ticketQrDataUrl(orderKey);
  for (const code of await codes.all()) {
    await expect(code).toBeVisible();
    expect(await code.getAttribute('src')).toBe(expected);
    // Drawn, not a broken image.
    expect(await code.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await decodeQr(code)).toBe(orderKey);
  }
  await expect(page.getByTestId('ticket').first()).toContainText('Racoon Akoestisch');
  await expect(page.getByTestId('ticket-place').first()).toHaveText('Vrije plaatsing');
}

test.describe('printing at the desk', () => {
  test('a two-seat sale prints two tickets with QR codes of the order key, on A4 and on 80 mm, and a receipt', async ({
    page,
    baseURL,
    origin,
  }) => {
    test.setTimeout(90_000);
    // The print dialog is the browser's; here it is counted instead of opened.
    await page.addInitScript(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    const sale = await sellTwoTickets(page, baseURL, origin);

    // From the sale screen to the print view.
    await page.getByTestId('print-links').getByRole('link', { name: 'Tickets afdrukken' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${sale.orderId}/print\\?kind=tickets`));
    await expect(page.getByRole('heading', { level: 1, name: `Afdrukken bestelling ${sale.orderId}` })).toBeVisible();
    await expectTwoTicketsWithTheKey(page, sale.orderKey);
    await expect(page.getByTestId('ticket-order').first()).toHaveText(String(sale.orderId));
    expect(await seriousFindings(page)).toEqual([]);

    // Print: recorded in the audit trail first (the first print: no reprint mark), then the dialog.
    await page.getByTestId('print-button').click();
    await expect(page.getByTestId('print-recorded')).toHaveText('Vastgelegd als afdruk 1');
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expect(page.getByTestId('reprint-mark')).toHaveCount(0);

    // In print: only the tickets, no toolbar, no shell.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('print-button')).toBeHidden();
    await expect(page.locator('.foyer-shell-nav')).toBeHidden();
    await expect(page.locator('.foyer-shell-header')).toBeHidden();
    await expectTwoTicketsWithTheKey(page, sale.orderKey);
    const a4 = await page.pdf({ format: 'A4' });
    expect(a4.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(a4)).toBe(1);

    // 80 mm: one ticket per length of paper.
    await page.emulateMedia({ media: 'screen' });
    await page.getByText('Bonprinter 80 mm').click();
    await expect(page).toHaveURL(/layout=80mm/);
    await page.emulateMedia({ media: 'print' });
    await expectTwoTicketsWithTheKey(page, sale.orderKey);
    const thermal = await page.pdf({ width: '80mm' });
    expect(pdfPageCount(thermal)).toBe(2);

    // The receipt: the two lines, the total, the seller; its screen view is accessible too.
    await page.emulateMedia({ media: 'screen' });
    await page.getByText('Bon', { exact: true }).click();
    await expect(page).toHaveURL(/kind=receipt/);
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByTestId('receipt-line')).toHaveCount(2);
    await expect(receipt.getByTestId('receipt-total')).toHaveText('€ 109,00');
    await expect(receipt.getByTestId('receipt-seller')).not.toBeEmpty();
    await expect(receipt).toContainText('Pin');
    expect(await seriousFindings(page)).toEqual([]);
    await page.emulateMedia({ media: 'print' });
    expect(pdfPageCount(await page.pdf({ width: '80mm' }))).toBeGreaterThanOrEqual(1);
  });
});

test.describe('printing, dark colour scheme on screen', () => {
  test.use({ colorScheme: 'dark' });

  test('a reprint is marked on every ticket, as the audit trail counts it', async ({ page, baseURL, origin }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => {
      window.print = () => undefined;
    });
    const sale = await sellTwoTickets(page, baseURL, origin);
    await page.goto(`/orders/${sale.orderId}/print?kind=tickets&layout=a4`);
    await expectTwoTicketsWithTheKey(page, sale.orderKey);
    // The first print is recorded as such; the second, for the same order and kind, is a reprint.
    await page.getByTestId('print-button').click();
    await expect(page.getByTestId('print-recorded')).toHaveText('Vastgelegd als afdruk 1');
    await expect(page.getByTestId('reprint-mark')).toHaveCount(0);
    await page.getByTestId('print-button').click();
    await expect(page.getByTestId('print-recorded')).toHaveText('Vastgelegd als afdruk 2');
    await expect(page.getByTestId('reprint-mark')).toHaveCount(2);
    await expect(page.getByTestId('reprint-mark').first()).toHaveText('HERDRUK / REPRINT 2');
    expect(await seriousFindings(page)).toEqual([]);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('reprint-mark').nth(1)).toBeVisible();
  });
});

test.describe('reservations queue', () => {
  test('lists the running reservations soonest first with a countdown, the lapsed ones apart', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    expect((await signInByApi(page.request, baseURL ?? '')).status()).toBe(200);
    await page.goto('/reservations');
    await expect(page.getByRole('heading', { level: 1, name: 'Reserveringen' })).toBeVisible();
    const rows = page.getByTestId('reservation-row');
    await expect(rows.first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('reading-progress')).toHaveCount(0, { timeout: 60_000 });

    const times = await page
      .getByTestId('reservations-table')
      .locator('tbody time')
      .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
    expect(times.length).toBeGreaterThan(1);
    expect(times.every((time) => time > Date.now() - 5_000)).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // The countdown runs.
    const first = await rows.first().getByTestId('time-left').innerText();
    expect(first).toMatch(/^(\d+d )?\d\d:\d\d:\d\d$/);
    await expect(rows.first().getByTestId('time-left')).not.toHaveText(first, { timeout: 5_000 });
    expect(await seriousFindings(page)).toEqual([]);

    // The lapsed ones: "verlopen", the most recently lapsed first. The demo's reservations all run, so
    // the list's first page is read with two of them lapsed an hour and two hours ago.
    const lapsedIds: number[] = [];
    await page.route('**/api/v1/demo/partner/order?changedSince=*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: { orderId: number; orderStatus: string; timeOut: string | null }[];
      };
      const reservations = body.data.filter((order) => order.orderStatus === 'res').slice(0, 2);
      reservations.forEach((order, index) => {
        order.timeOut = new Date(Date.now() - (index + 1) * 3_600_000).toISOString();
        lapsedIds.push(order.orderId);
      });
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await expect(page.getByText(/^Verlopen \(2\)$/)).toBeVisible({ timeout: 60_000 });
    await page.getByText(/^Verlopen \(2\)$/).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.getByTestId('time-left')).toHaveText(['verlopen', 'verlopen']);
    expect(await rows.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-order-id'))))).toEqual(
      lapsedIds,
    );

    // A reservation opens its order.
    const orderId = await rows.first().getAttribute('data-order-id');
    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await expect(page.getByTestId('field-status')).toContainText('res');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
