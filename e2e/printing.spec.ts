import type { APIRequestContext, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { ticketQrDataUrl } from '../src/web/features/desk/ticket-qr-code';
import { NO_FINDINGS, seriousFindings, seriousFindingsInBothSchemes } from './support/axe';
import { openBoxOffice, sellAtDesk } from './support/box-office';
import { BOX_OFFICE, expect, MANAGER, signInByApi, test } from './support/fixtures';
import { mirrorSynced } from './support/mirror';

/**
 * Printing at the desk and the reservations queue, against the real server. Each printed QR code is drawn
 * onto a canvas in the page and decoded with jsQR, as a scanner at the door would read it; its image is
 * also the order key's code made again with the same package and options.
 */

/**
 * A customer of the demo, by the export (page 1), for the picker to find by email: read by the administrator
 * in a context of its own (the seller may not list customers).
 */
async function existingCustomerEmail(request: APIRequestContext, baseURL: string | undefined, origin: string) {
  expect((await signInByApi(request, baseURL ?? '')).status()).toBe(200);
  const response = await request.post('/api/v1/demo/partner/export/customers', { headers: { origin } });
  expect(response.status()).toBe(200);
  const customers = ((await response.json()) as { data: { email: string }[] }).data;
  const customer = customers.find((entry) => entry.email.includes('@'));
  if (!customer) throw new Error('no customer with an email');
  return customer.email;
}

/** Two general-admission tickets sold at the desk by the box office, paid by card: the sale screen with its order. */
async function sellTwoTickets(page: Page, request: APIRequestContext, baseURL: string | undefined, origin: string) {
  const email = await existingCustomerEmail(request, baseURL, origin);
  await openBoxOffice(page, baseURL, '/box-office', BOX_OFFICE);
  return sellAtDesk(page, { tickets: 2, email, payment: 'card' });
}

/** Pages of a PDF that Chromium wrote (one `/Type /Page` object per page). */
function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
}

/** What a scanner reads from a printed QR image: rasterised at 400 px in the page, decoded with jsQR. */
async function decodeQr(image: ReturnType<Page['getByTestId']>): Promise<string | null> {
  const size = 400;
  // The pixels come back as base64: as an array of 640,000 numbers they took 7-8 s a code to pass (at load 5),
  // a minute of this file's time; as base64, 0.1 s.
  const pixels = await image.evaluate((element: HTMLImageElement, side: number) => {
    const canvas = document.createElement('canvas');
    canvas.width = side;
    canvas.height = side;
    const context = canvas.getContext('2d');
    if (!context) return '';
    context.fillStyle = '#fff';
    context.fillRect(0, 0, side, side);
    context.imageSmoothingEnabled = false;
    context.drawImage(element, 0, 0, side, side);
    const bytes = context.getImageData(0, 0, side, side).data;
    let binary = '';
    for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return btoa(binary);
  }, size);
  return jsQR(new Uint8ClampedArray(Buffer.from(pixels, 'base64')), size, size)?.data ?? null;
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
  test('the box office prints a two-seat sale: two tickets with QR codes of the order key, on A4 and 80 mm, and a receipt', async ({
    page,
    request,
    baseURL,
    origin,
  }) => {
    test.setTimeout(240_000);
    // The print dialog is the browser's; here it is counted instead of opened.
    await page.addInitScript(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    const sale = await sellTwoTickets(page, request, baseURL, origin);

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
    // The seller from the audit trail; no shift recorded yet.
    await expect(receipt.getByTestId('receipt-seller')).toHaveText('Bo Kassa');
    await expect(receipt.getByTestId('receipt-shift')).toHaveText('geen');
    await expect(receipt).toContainText('Pin');
    expect(await seriousFindings(page)).toEqual([]);
    await page.emulateMedia({ media: 'print' });
    expect(pdfPageCount(await page.pdf({ width: '80mm' }))).toBeGreaterThanOrEqual(1);
  });
});

test.describe('printing, dark colour scheme on screen', () => {
  test.use({ colorScheme: 'dark' });

  test('the box office reprints from the order page: marked on every ticket, as the audit trail counts it', async ({
    page,
    request,
    baseURL,
    origin,
  }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => {
      window.print = () => undefined;
    });
    const sale = await sellTwoTickets(page, request, baseURL, origin);
    // The seller opens the order (without the order list) and prints from there.
    await page.goto(`/orders/${sale.orderId}`);
    await expect(page.getByTestId('seats-table')).toBeVisible();
    await expect(page.getByTestId('field-sold-by')).toContainText('Bo Kassa');
    expect(await seriousFindings(page)).toEqual([]);
    await page.getByTestId('print-links').getByRole('link', { name: 'Tickets afdrukken' }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${sale.orderId}/print\\?kind=tickets`));
    await expectTwoTicketsWithTheKey(page, sale.orderKey);
    // The first print is recorded as such; the second, for the same order and kind, is a reprint.
    await page.getByTestId('print-button').click();
    await expect(page.getByTestId('print-recorded')).toHaveText('Vastgelegd als afdruk 1');
    await expect(page.getByTestId('reprint-mark')).toHaveCount(0);
    await page.getByTestId('print-button').click();
    await expect(page.getByTestId('print-recorded')).toHaveText('Vastgelegd als afdruk 2');
    await expect(page.getByTestId('reprint-mark')).toHaveCount(2);
    await expect(page.getByTestId('reprint-mark').first()).toHaveText('HERDRUK / REPRINT (afdruk 2)');
    expect(await seriousFindings(page)).toEqual([]);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('reprint-mark').nth(1)).toBeVisible();
  });
});

test.describe('reservations queue', () => {
  test('the box office lists the running reservations soonest first with a countdown, the lapsed ones apart', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(600_000);
    expect((await signInByApi(page.request, baseURL ?? '', BOX_OFFICE)).status()).toBe(200);
    // The queue reads the organisation's mirror of the orders.
    await mirrorSynced(page.request);
    await page.goto('/reservations');
    await expect(page.getByRole('heading', { level: 1, name: 'Reserveringen' })).toBeVisible();
    const rows = page.getByTestId('reservation-row');
    await expect(rows.first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('reading-progress')).toHaveCount(0, { timeout: 60_000 });
    // The webshop's orders awaiting payment are for those who read orders.
    await expect(page.getByRole('heading', { name: 'Online bestellingen die op betaling wachten' })).toHaveCount(0);

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
    // Light and dark here, on the queue this test has waited for anyway: a test of its own in a11y.spec.ts was
    // among the suite's first and kept its worker waiting some two and a half minutes for the first full sync.
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
    await page.emulateMedia({ colorScheme: 'light' });

    // The lapsed ones: "verlopen", the most recently lapsed first. The demo's reservations all run, so the
    // gateway's answer is read with two of them lapsed an hour and two hours ago.
    const lapsedIds: number[] = [];
    await page.route('**/api/desk/open-orders?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        orders: { orderId: number; orderStatus: string; timeOut: string | null }[];
      };
      const reservations = body.orders.filter((order) => order.orderStatus === 'res').slice(0, 2);
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
    expect(await seriousFindings(page)).toEqual([]);

    // A reservation opens its order, for the seller too.
    const orderId = await rows.first().getAttribute('data-order-id');
    await rows.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
    await expect(page.getByTestId('field-status')).toContainText('res');
    await expect(page.getByRole('link', { name: /Terug naar de reserveringen/ })).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('a manager sees the reservations and the webshop orders awaiting payment', async ({ page, baseURL }) => {
    test.setTimeout(600_000);
    expect((await signInByApi(page.request, baseURL ?? '', MANAGER)).status()).toBe(200);
    await mirrorSynced(page.request);
    await page.goto('/reservations');
    await expect(page.getByTestId('reservation-row').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'Online bestellingen die op betaling wachten' })).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);

    // A buyer at the desk gives their name: the search narrows the queue to them, and the URL keeps it (a
    // walkthrough scrolled a queue of hundreds for one name).
    const rows = page.getByTestId('reservation-row');
    const before = await rows.count();
    const firstOrder = (await rows.first().getAttribute('data-order-id')) ?? '';
    // A buyer with a name (not an anonymous order, nor one whose customer the mirror has not read).
    const names = (await rows.locator('td:nth-child(2)').allInnerTexts()).map((text) => text.trim());
    const name = names.find((text) => /^\p{L}/u.test(text) && !/^(anoniem|klant )/i.test(text)) ?? '';
    expect(name).not.toBe('');
    const lastWord = name.split(' ').at(-1) ?? '';
    await page.getByTestId('reservations-search').fill(lastWord.toUpperCase());
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(lastWord.toUpperCase());
    // The narrowed list comes with the URL's change (the router's transition): read until it has come.
    await expect
      .poll(async () => {
        const names = await rows.locator('td:nth-child(2)').allInnerTexts();
        return names.length > 0 && names.every((text) => text.toLowerCase().includes(lastWord.toLowerCase()));
      })
      .toBe(true);
    await page.getByTestId('reservations-search').fill(firstOrder);
    await expect(rows).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId('reservations-search')).toHaveValue(firstOrder);
    await expect(rows).toHaveCount(1, { timeout: 60_000 });
    await page.getByTestId('reservations-search').fill('zzzgeenklant');
    await expect(page.getByText('Niets gevonden voor ‘zzzgeenklant’').first()).toBeVisible();
    await page.getByTestId('reservations-search').fill('');
    await expect(rows).toHaveCount(before);
  });
});
