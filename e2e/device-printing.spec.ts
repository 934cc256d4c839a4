import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { decodeEscPos } from '../src/server/testing/printer-simulator';
import { seriousFindings } from './support/axe';
import { openBoxOffice, openShiftAt, sellAtDesk } from './support/box-office';
import { BOX_OFFICE, DEMO, expect, signInByApi, test } from './support/fixtures';
import { waitForCustomerMirror } from './support/mirror';
import { useOwnServer } from './support/own-server';

/**
 * A sales point whose receipt printer hangs on the seller's serial port, against a server of its own (the
 * seller's shift must be the only one there). WebSerial is a page-level test double (test-only, added before the
 * app loads): its port keeps each job's bytes, which the printer simulator's decoder reads as a printer would.
 */

const API = '/api/v1/demo';
/** A text only the USB/serial sender's module holds: a script with it is that module's chunk. */
const SENDER_MARK = 'bulk OUT endpoint';

interface SerialWindow {
  serialJobs: number[][];
  serialOpenedAt: number[];
  printDialogs: number;
}

/** A seller's page whose navigator.serial is the double (or, with `serial: false`, absent as in Firefox). */
async function sellerPage(browser: Browser, url: string, serial: boolean): Promise<{ page: Page; scripts: string[] }> {
  const context = await browser.newContext({ baseURL: url, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
  const page = await context.newPage();
  await page.addInitScript((withSerial: boolean) => {
    const own = window as unknown as SerialWindow;
    own.printDialogs = 0;
    window.print = () => {
      own.printDialogs += 1;
    };
    if (!withSerial) {
      delete (Navigator.prototype as { serial?: unknown }).serial;
      return;
    }
    own.serialJobs = [];
    own.serialOpenedAt = [];
    const port = {
      writable: null as WritableStream<Uint8Array> | null,
      async open({ baudRate }: { baudRate: number }) {
        own.serialOpenedAt.push(baudRate);
        port.writable = new WritableStream<Uint8Array>({
          write(chunk) {
            own.serialJobs.push(Array.from(chunk));
          },
        });
      },
      getInfo: () => ({}),
    };
    Object.defineProperty(navigator, 'serial', {
      configurable: true,
      value: { getPorts: async () => [port], requestPort: async () => port },
    });
  }, serial);
  // The scripts the page loaded, to tell whether the sender's chunk is among them.
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text().catch(() => ''));
  });
  return { page, scripts };
}

const senderLoaded = (scripts: readonly string[]) => scripts.some((script) => script.includes(SENDER_MARK));

test.describe('a serial receipt printer on the seller’s machine', () => {
  test.describe.configure({ mode: 'serial' });
  const server = useOwnServer();

  test('the browser sends the receipt, the tickets with their QR codes and the cuts to the serial port; the sender loads only there; without WebSerial the chip says so', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const url = server.url;
    const admin: APIRequestContext = await playwrightRequest.newContext({ baseURL: url });
    expect((await signInByApi(admin, url, DEMO)).status()).toBe(200);
    // The customer picker searches the mirror's customers (the orders' sync is not waited for).
    await waitForCustomerMirror(admin);
    const customers = await admin.post(`${API}/partner/export/customers`, { data: {}, headers: { origin: url } });
    const email = ((await customers.json()) as { data: { email: string }[] }).data.find((entry) =>
      entry.email.includes('@'),
    )?.email;
    if (!email) throw new Error('no demo customer with an email');

    // The administrator sets up "Kassa Serieel": a receipt printer on the serial port at 9600 baud, with a drawer.
    const settingsContext = await browser.newContext({ baseURL: url, locale: 'nl-NL' });
    const settings = await settingsContext.newPage();
    expect((await signInByApi(settings.request, url, DEMO)).status()).toBe(200);
    await settings.goto('/sales-points');
    await settings.getByTestId('sales-point-add').click();
    const dialog = settings.getByRole('dialog', { name: 'Nieuw kassapunt' });
    await expect(dialog.getByTestId('sales-point-name')).toBeFocused();
    await settings.keyboard.type('Kassa Serieel');
    await dialog.getByTestId('receipt-printer-on').check();
    await dialog.getByTestId('receipt-connection').getByText('Serieel').click();
    await expect(dialog.getByTestId('receipt-host')).toHaveCount(0);
    await expect(dialog.getByTestId('receipt-baud-rate')).toHaveValue('9600');
    await dialog.getByTestId('sales-point-drawer').check();
    expect(await seriousFindings(settings)).toEqual([]);
    await dialog.getByTestId('sales-point-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(settings.getByTestId('sales-point-row').filter({ hasText: 'Kassa Serieel' })).toContainText(
      'serial 9600 baud',
    );
    await settingsContext.close();

    // The seller's box office carries no sender until the shift is at a sales point with such a printer.
    const { page: seller, scripts } = await sellerPage(browser, url, true);
    await openBoxOffice(seller, url, '/box-office', BOX_OFFICE);
    await expect(seller.getByTestId('shift-bar').getByTestId('open-shift')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(senderLoaded(scripts)).toBe(false);
    await openShiftAt(seller, 'Kassa Serieel');
    await expect(seller.getByTestId('printer-chip')).toHaveAttribute('data-state', 'idle');
    await expect.poll(() => senderLoaded(scripts)).toBe(true);

    // Two seats, cash: straight to the serial port, no dialog.
    await seller.getByRole('heading', { level: 1, name: 'Kassa' }).click();
    const { orderId, orderKey } = await sellAtDesk(seller, { tickets: 2, email, payment: 'cash' });
    await expect(seller.getByTestId('sale-printing')).toHaveAttribute('data-outcome', 'printed', { timeout: 20_000 });
    const written = () => seller.evaluate(() => (window as unknown as SerialWindow).serialJobs);
    const [receipt, tickets] = (await written()).map((bytes) => decodeEscPos(Uint8Array.from(bytes)));
    expect(await seller.evaluate(() => (window as unknown as SerialWindow).serialOpenedAt)).toEqual([9600]);
    expect(receipt?.lines.join('\n')).toContain(`Bestelling ${orderId}`);
    expect(receipt?.pulses).toBe(1);
    expect(receipt?.cuts).toBe(1);
    expect(tickets?.qrCodes).toEqual([orderKey, orderKey]);
    expect(tickets?.cuts).toBe(2);
    await expect(seller.getByTestId('printer-chip')).toHaveAttribute('data-state', 'ok');
    expect(await seller.evaluate(() => (window as unknown as SerialWindow).printDialogs)).toBe(0);

    // A reprint goes the same way, marked on the paper, without the drawer.
    await seller.getByTestId('reprint').click();
    await expect.poll(async () => (await written()).length).toBe(4);
    const [reprintedReceipt, reprintedTickets] = (await written())
      .slice(2)
      .map((bytes) => decodeEscPos(Uint8Array.from(bytes)));
    expect(reprintedReceipt?.lines.join('\n')).toContain('REPRINT (afdruk 2)');
    expect(reprintedReceipt?.pulses).toBe(0);
    expect(reprintedTickets?.lines.filter((line) => line.includes('REPRINT (afdruk 2)'))).toHaveLength(2);

    // A browser without WebSerial (Firefox, Safari): the chip says the printer is not connected, and why.
    const { page: firefoxLike } = await sellerPage(browser, url, false);
    await openBoxOffice(firefoxLike, url, '/box-office', BOX_OFFICE);
    const chip = firefoxLike.getByTestId('printer-chip');
    await expect(chip).toHaveAttribute('data-state', 'not-connected');
    await chip.click();
    await expect(firefoxLike.getByTestId('device-unsupported')).toContainText('Druk af via het afdrukvenster');
    expect(await seriousFindings(firefoxLike)).toEqual([]);
    await admin.dispose();
  });
});
