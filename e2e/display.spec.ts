import { type APIRequestContext, type Browser, request as playwrightRequest } from '@playwright/test';
import { seriousFindings } from './support/axe';
import { chooseCustomer, openBoxOffice } from './support/box-office';
import { BOX_OFFICE, DEMO, expect, signInByApi, test } from './support/fixtures';
import { useOwnServer } from './support/own-server';

/**
 * The buyer's screen (issue 31 item 5), against a server of its own: the seller's shift at Kassa 1 must be the
 * only one there (the suite's other specs sell as the same seller). A tablet, in a browser context of its own
 * with nobody signed in, is paired with a code from the sales point's settings and follows the sale live.
 */

const API = '/api/v1/demo';

async function newPage(browser: Browser, url: string, options: { viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext({
    baseURL: url,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    ...options,
  });
  return context.newPage();
}

/** The first future performance in the reserved-seating "Grote Zaal". */
async function performanceWithSeats(request: APIRequestContext): Promise<number> {
  const halls = (await (await request.get(`${API}/partner/hall`)).json()) as { hallId: number; hallName: string }[];
  const hall = halls.find((candidate) => candidate.hallName === 'Grote Zaal');
  const events = (await (await request.get(`${API}/partner/event`)).json()) as {
    eventId: number;
    hallId: number;
    start: string;
  }[];
  const event = events
    .filter((candidate) => candidate.hallId === hall?.hallId && Date.parse(candidate.start) > Date.now() + 86_400_000)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0];
  if (!event) throw new Error('no future performance in the Grote Zaal');
  return event.eventId;
}

test.describe("the buyer's screen", () => {
  test.describe.configure({ mode: 'serial' });
  const server = useOwnServer();

  test('a tablet paired with a code from Kassa 1 shows the cart lines and total as the seller adds seats, then thanks after a cash checkout', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const url = server.url;
    const origin = new URL(url).origin;
    const admin: APIRequestContext = await playwrightRequest.newContext({ baseURL: url });
    expect((await signInByApi(admin, url, DEMO)).status()).toBe(200);
    const kassa = (await (
      await admin.post('/api/sales-points', {
        headers: { origin },
        data: {
          name: 'Kassa 1',
          receiptPrinter: null,
          ticketPrinter: null,
          cashDrawer: false,
          paymentMethodIds: [],
          allowedRange: null,
        },
      })
    ).json()) as { id: number };
    // The seller's picker finds the buyer by their exact email, asked of the service: no need to wait for the mirror.
    const customers = await admin.post(`${API}/partner/export/customers`, { data: {}, headers: { origin } });
    const buyer = ((await customers.json()) as { data: { email: string; customerFirstName: string }[] }).data.find(
      (entry) => entry.email.includes('@') && entry.customerFirstName !== '',
    );
    if (!buyer) throw new Error('no demo customer with an email');
    const eventId = await performanceWithSeats(admin);

    // The administrator makes a pairing code in Kassa 1's settings.
    const settings = await newPage(browser, url);
    expect((await signInByApi(settings.request, url, DEMO)).status()).toBe(200);
    await settings.goto('/sales-points');
    const row = settings.getByTestId('sales-point-row').filter({ hasText: 'Kassa 1' });
    await row.getByTestId('sales-point-screens').click();
    const dialog = settings.getByRole('dialog', { name: 'Klantschermen van Kassa 1' });
    await dialog.getByTestId('display-new-code').click();
    const code = ((await dialog.getByTestId('display-pairing-code').textContent()) ?? '').trim();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await seriousFindings(settings)).toEqual([]);

    // The tablet, in portrait, with nobody signed in: it types the code and is paired with Kassa 1.
    const tablet = await newPage(browser, url, { viewport: { width: 800, height: 1280 } });
    await tablet.goto('/display');
    // A code typed wrong is refused in the app's language.
    await tablet.getByTestId('display-code').fill('AAAA-AAAA');
    await tablet.getByTestId('display-pair').click();
    await expect(tablet.getByText('Deze code is onbekend, al gebruikt of verlopen', { exact: false })).toBeVisible();
    await tablet.getByTestId('display-code').fill(code.toLowerCase());
    await tablet.getByTestId('display-pair').click();
    await expect(tablet).toHaveURL(new RegExp(`/display/${kassa.id}$`));
    await expect(tablet.getByTestId('display-idle')).toBeVisible();
    await expect(tablet.getByRole('navigation')).toHaveCount(0);
    expect(await seriousFindings(tablet)).toEqual([]);
    // The screen's cookie opens nothing else.
    expect((await tablet.request.get('/api/session')).status()).toBe(401);

    // The seller opens a shift at Kassa 1 and adds two of the best seats of the Grote Zaal.
    const seller = await newPage(browser, url);
    expect((await signInByApi(seller.request, url, BOX_OFFICE)).status()).toBe(200);
    const shift = await seller.request.post('/api/shifts', {
      headers: { origin },
      data: { salesPointId: kassa.id, desk: 'Kassa 1', openingFloatCents: 10_000, timeZone: 'Europe/Amsterdam' },
    });
    expect(shift.status()).toBe(201);
    await openBoxOffice(seller, url, `/box-office?event=${eventId}&view=quantity`, BOX_OFFICE);
    await expect(seller.getByTestId('ticket-quantity')).toBeVisible();
    // The seller can pair another screen from the shift bar: a code for the sales point of their shift.
    await seller.getByTestId('pair-buyer-screen').click();
    const pairing = seller.getByRole('dialog', { name: 'Klantscherm koppelen aan Kassa 1' });
    await pairing.getByTestId('display-new-code').click();
    await expect(pairing.getByTestId('display-pairing-code')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await seller.keyboard.press('Escape');
    await expect(pairing).toBeHidden();
    await seller.getByRole('heading', { name: 'Kaarten' }).focus();
    await seller.keyboard.press('2');
    await seller.keyboard.press('Enter');
    await expect(seller.getByTestId('cart-line')).toHaveCount(2);
    const cartTotal = ((await seller.getByTestId('cart-total').textContent()) ?? '').trim();

    // The tablet shows both lines with their seats, and the same total, while the sale goes on.
    await expect(tablet.getByTestId('display-line')).toHaveCount(2);
    await expect(tablet.getByTestId('display-line').first()).toContainText(/rij \d+, stoel \d+/);
    await expect(tablet.getByTestId('display-total')).toContainText(cartTotal);
    await expect(tablet.getByRole('img', { name: /Uw plaatsen in/ }).first()).toBeVisible();
    expect(await seriousFindings(tablet)).toEqual([]);

    // Cash checkout, a note handed over (the first amount offered above the total): thanks, with the buyer's own
    // name and nothing else of theirs, and the change the seller counts out.
    await seller.keyboard.press('c');
    await chooseCustomer(seller, buyer.email);
    // A method with a fee chosen: the tablet's total is the one the seller asks for (it left the fee out).
    await seller.keyboard.press('4');
    await expect(seller.getByRole('radio', { name: /iDEAL/ })).toBeChecked();
    const withFee = ((await seller.getByTestId('checkout-total').textContent()) ?? '').trim();
    expect(withFee).not.toBe(cartTotal);
    await expect(tablet.getByTestId('display-total')).toContainText(withFee);
    await seller.keyboard.press('1');
    await expect(seller.getByRole('radio', { name: /Contant/ })).toBeChecked();
    await seller.getByRole('group', { name: 'Veelgegeven bedragen' }).getByRole('button').nth(1).click();
    const change = ((await seller.getByTestId('change-due').textContent()) ?? '').trim();
    expect(change).toMatch(/^€\s[\d.]+,\d\d$/);
    await seller.getByTestId('pay-button').click();
    await expect(seller.getByTestId('payment-status')).toHaveText('Betaald');
    await expect(tablet.getByTestId('display-thanks')).toContainText(`Bedankt, ${buyer.customerFirstName}`);
    await expect(tablet.getByTestId('display-change')).toContainText(change);
    await expect(tablet.getByTestId('display-thanks')).not.toContainText(buyer.email);
    expect(await seriousFindings(tablet)).toEqual([]);

    // A new sale: the tablet goes back to its welcome.
    await seller.keyboard.press('n');
    await expect(tablet.getByTestId('display-idle')).toBeVisible();
    await admin.dispose();
  });
});
