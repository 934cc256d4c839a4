import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { type PrinterSimulator, startPrinterSimulator } from '../src/server/testing/printer-simulator';
import { seriousFindings } from './support/axe';
import { openBoxOffice, openShiftAt, sellAtDesk } from './support/box-office';
import { BOX_OFFICE, DEMO, expect, signInByApi, test } from './support/fixtures';
import { mirrorSynced } from './support/mirror';
import { useOwnServer } from './support/own-server';

/**
 * A sales point with a network printer (the printer simulator, on 127.0.0.1), against a server of its own: the
 * seller's shift and prints must be the only ones there (the suite's other specs sell as the same seller).
 */

const API = '/api/v1/demo';

async function newPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  const page = await context.newPage();
  // A print dialog would be window.print(): counted, so the test can say there was none.
  await page.addInitScript(() => {
    const counted = window as unknown as { printDialogs: number };
    counted.printDialogs = 0;
    window.print = () => {
      counted.printDialogs += 1;
    };
  });
  return page;
}

test.describe('sales points and printing without a dialog', () => {
  test.describe.configure({ mode: 'serial' });
  const server = useOwnServer();
  let printer: PrinterSimulator | undefined;

  test.beforeAll(async () => {
    printer = await startPrinterSimulator();
  });
  test.afterAll(async () => {
    await printer?.close();
  });

  test('an administrator sets up Kassa 1; a seller sells two seats cash there: receipt, tickets and drawer, no dialog; a reprint says so', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const url = server.url;
    const simulator = printer as PrinterSimulator;
    const admin: APIRequestContext = await playwrightRequest.newContext({ baseURL: url });
    expect((await signInByApi(admin, url, DEMO)).status()).toBe(200);
    await mirrorSynced(admin);
    const customers = await admin.post(`${API}/partner/export/customers`, { data: {}, headers: { origin: url } });
    const email = ((await customers.json()) as { data: { email: string }[] }).data.find((entry) =>
      entry.email.includes('@'),
    )?.email;
    if (!email) throw new Error('no demo customer with an email');

    // The administrator makes sales point "Kassa 1" with the simulator as its receipt printer and a drawer.
    const settings = await newPage(browser, url);
    expect((await signInByApi(settings.request, url, DEMO)).status()).toBe(200);
    await settings.goto('/sales-points');
    await expect(settings.getByRole('heading', { level: 1, name: 'Kassapunten' })).toBeVisible({ timeout: 20_000 });
    expect(await seriousFindings(settings)).toEqual([]);
    await settings.getByTestId('sales-point-add').click();
    const dialog = settings.getByRole('dialog', { name: 'Nieuw kassapunt' });
    await expect(dialog.getByTestId('sales-point-name')).toBeFocused();
    await settings.keyboard.type('Kassa 1');
    await dialog.getByTestId('receipt-printer-on').check();
    await dialog.getByTestId('receipt-host').fill('127.0.0.1');
    // A port out of range is refused on its field, in a red that reads at 4.5:1 (Mantine's own red did not).
    await dialog.getByTestId('receipt-port').fill('99999');
    await dialog.getByTestId('sales-point-save').click();
    await expect(dialog.getByTestId('receipt-port')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousFindings(settings)).toEqual([]);
    await dialog.getByTestId('receipt-port').fill(String(simulator.port));
    await dialog.getByTestId('sales-point-drawer').check();
    expect(await seriousFindings(settings)).toEqual([]);
    await dialog.getByTestId('sales-point-save').click();
    await expect(dialog).toHaveCount(0);
    const row = settings.getByTestId('sales-point-row').filter({ hasText: 'Kassa 1' });
    await expect(row).toContainText(`127.0.0.1:${simulator.port}`);
    await expect(row).toContainText('In gebruik');
    // The state is read whole at 1280 px, beside two printers and three buttons (a walkthrough read "In g…").
    const state = row.locator('.mantine-Badge-label');
    expect(await state.evaluate((label) => label.scrollWidth - label.clientWidth)).toBeLessThanOrEqual(0);
    expect(await seriousFindings(settings)).toEqual([]);

    // The seller opens a shift at Kassa 1.
    const seller = await newPage(browser, url);
    await openBoxOffice(seller, url, '/box-office', BOX_OFFICE);
    await openShiftAt(seller, 'Kassa 1');
    const bar = seller.getByTestId('shift-bar');
    await expect(bar.getByTestId('shift-bar-status')).toContainText('Kassa 1');
    await expect(seller.getByTestId('printer-chip')).toContainText('Kassa 1');

    // Two seats, cash: € 500 handed over.
    await seller.getByRole('heading', { level: 1, name: 'Kassa' }).click();
    const { orderId, orderKey } = await sellAtDesk(seller, { tickets: 2, email, payment: 'cash', receivedEuros: 500 });

    // Straight to the printer: a receipt that opens the drawer, and a ticket per seat with its QR code and a cut.
    await expect(seller.getByTestId('sale-printing')).toHaveAttribute('data-outcome', 'printed');
    // "Printed at Kassa 1" in a green that reads at 4.5:1 (Mantine's teal.6 was 2.6:1 on white).
    await expect(seller.getByTestId('sale-printed')).toBeVisible();
    expect(await seriousFindings(seller)).toEqual([]);
    const [receipt, tickets] = await simulator.waitForJobs(2);
    expect(receipt?.lines.join('\n')).toContain(`Bestelling ${orderId}`);
    expect(receipt?.lines.join('\n')).toContain(orderKey);
    expect(receipt?.pulses).toBe(1);
    expect(receipt?.cuts).toBe(1);
    // What was handed over and the change, as on the browser's receipt (the sales point's paper had neither).
    const amountOn = (label: string) => {
      const line = receipt?.lines.find((candidate) => candidate.startsWith(`${label} `)) ?? '';
      // The euro sign is the printer's code page's; the amount ends the line.
      return Number(/([\d.]+,\d{2})\s*$/.exec(line)?.[1]?.replace(/\./g, '').replace(',', '.') ?? Number.NaN);
    };
    expect(amountOn('Ontvangen')).toBe(500);
    expect(amountOn('TOTAAL')).toBeGreaterThan(0);
    expect(amountOn('Wisselgeld')).toBeCloseTo(500 - amountOn('TOTAAL'), 2);
    expect(tickets?.qrCodes).toEqual([orderKey, orderKey]);
    expect(tickets?.cuts).toBe(2);
    expect(tickets?.pulses).toBe(0);
    expect(await seller.evaluate(() => (window as unknown as { printDialogs: number }).printDialogs)).toBe(0);
    await expect(seller.getByTestId('printer-chip')).toHaveAttribute('data-state', 'ok');

    // Print again: a reprint, said on the paper; no drawer this time.
    await seller.getByTestId('reprint').click();
    // Said on the screen too: the first print's words again left the seller unsure it had printed.
    await expect(seller.getByTestId('sale-printed')).toHaveText(
      'Bon en tickets zijn opnieuw afgedrukt bij Kassa 1, gemarkeerd als herdruk.',
    );
    const [reprintedReceipt, reprintedTickets] = (await simulator.waitForJobs(4)).slice(2);
    expect(reprintedReceipt?.lines.join('\n')).toContain('REPRINT (afdruk 2)');
    expect(reprintedReceipt?.pulses).toBe(0);
    expect(reprintedTickets?.lines.filter((line) => line.includes('REPRINT (afdruk 2)'))).toHaveLength(2);
    const audit = await admin.get('/api/audit?action=print');
    const prints = ((await audit.json()) as { data: { orderId: number; details: { reprint: boolean } }[] }).data;
    expect(prints.filter((entry) => entry.orderId === orderId).map((entry) => entry.details.reprint)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(await seller.evaluate(() => (window as unknown as { printDialogs: number }).printDialogs)).toBe(0);
    await admin.dispose();
  });
});
