import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Browser, type Page, request as playwrightRequest } from '@playwright/test';
import { seriousFindings } from './support/axe';
import { openBoxOffice, sellAtDesk } from './support/box-office';
import { BOX_OFFICE, DEMO, expect, MANAGER, signInByApi, test } from './support/fixtures';
import { mirrorSynced } from './support/mirror';
import { useOwnServer } from './support/own-server';

/**
 * Shifts and cash-up against a server of their own: the seller's sales must be the only ones in their shift
 * (the suite's other specs sell as the same demo seller on the shared server).
 */

const API = '/api/v1/demo';
const euro = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const money = (cents: number) => euro.format(cents / 100);
/** How the desk types an amount: Dutch decimals, no currency sign. */
const typed = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

async function signedInApi(url: string, account: typeof DEMO): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: url });
  expect((await signInByApi(api, url, account)).status()).toBe(200);
  return api;
}

async function newPage(browser: Browser, url: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: url,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    colorScheme,
  });
  return context.newPage();
}

/**
 * One sale at the box office (e2e/support/box-office.ts); then "new sale" (N), which leaves the focus in the
 * performance search for the next.
 */
async function sell(page: Page, tickets: number, payment: 'cash' | 'card', email: string) {
  // After "new sale" the focus waits in the search; the page's own `/` finds the performance as at the start.
  await page.getByRole('heading', { level: 1, name: 'Kassa' }).click();
  const { orderId } = await sellAtDesk(page, { tickets, email, payment });
  await page.keyboard.press('n');
  await expect(page.getByTestId('sale-complete')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Voorstelling' })).toBeFocused();
  return orderId;
}

test.describe('shifts and cash-up', () => {
  // One server for both tests, in one worker.
  test.describe.configure({ mode: 'serial' });
  const server = useOwnServer();

  test('a seller opens a shift, sells cash and card, closes €5 short with a reason; a manager signs it off', async ({
    browser,
  }) => {
    test.setTimeout(720_000);
    const url = server.url;
    const admin = await signedInApi(url, DEMO);
    // This server's first mirror sync slows every step of a sale while it runs; the scenario is about the
    // till, so it starts once the sync is done.
    await mirrorSynced(admin);
    const customers = await admin.post(`${API}/partner/export/customers`, { data: {}, headers: { origin: url } });
    const email = ((await customers.json()) as { data: { email: string }[] }).data.find((entry) =>
      entry.email.includes('@'),
    )?.email;
    if (!email) throw new Error('no demo customer with an email');
    const amountOf = async (orderId: number) => {
      const order = await admin.get(`${API}/partner/order/${orderId}`);
      return Math.round(((await order.json()) as { amount: number }).amount * 100);
    };

    // The seller opens a shift at the box office: desk and float.
    const seller = await newPage(browser, url);
    await openBoxOffice(seller, url, '/box-office', BOX_OFFICE);
    const bar = seller.getByTestId('shift-bar');
    await expect(bar.getByTestId('shift-bar-status')).toHaveText('Geen dienst open');
    await bar.getByTestId('open-shift').click();
    const dialog = seller.getByRole('dialog', { name: 'Dienst openen' });
    await expect(dialog.getByLabel('Kassa')).toBeFocused();
    await seller.keyboard.type('Kassa 1');
    // A minus typed stays and is refused on the field (it was dropped: "-150" opened the shift with € 150).
    const float = dialog.getByLabel('Wisselgeld bij opening');
    await float.pressSequentially('-150');
    await float.press('Enter');
    await expect(float).toHaveAccessibleDescription(/Een bedrag van 0 tot 1\.000\.000/);
    await expect(float).toHaveValue('-€ 150');
    // A float counted in the thousands, the dot grouping them: it read € 1,00 (the dot made decimals).
    await float.clear();
    await float.pressSequentially('1.000,50');
    await expect(float).toHaveValue('€ 1.000,50');
    await float.fill('150');
    expect(await seriousFindings(seller)).toEqual([]);
    // The first answer lost on its way back (the shift opened): trying again said a shift was open, while the bar
    // said none was. The shift asked for is taken as the answer.
    let lost = false;
    await seller.route('**/api/shifts', async (route) => {
      if (lost || route.request().method() !== 'POST') return route.fallback();
      lost = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await dialog.getByLabel('Wisselgeld bij opening').press('Enter');
    await expect(dialog.getByRole('alert')).toContainText('niet bereikbaar');
    await dialog.getByLabel('Wisselgeld bij opening').press('Enter');
    await expect(dialog).toHaveCount(0);
    await seller.unroute('**/api/shifts');
    await expect(bar.getByTestId('shift-bar-status')).toContainText('Kassa 1');
    // The focus goes to the bar that now tells the shift (it fell to the page, its button gone).
    await expect(bar).toBeFocused();
    const shiftId = Number(/Dienst (\d+)/.exec((await bar.getByTestId('shift-bar-status').textContent()) ?? '')?.[1]);
    expect(shiftId).toBeGreaterThan(0);

    // Two tickets paid cash, one by card: two sales of the shift.
    const cashOrder = await sell(seller, 2, 'cash', email);
    const cardOrder = await sell(seller, 1, 'card', email);
    const [cash, card] = [await amountOf(cashOrder), await amountOf(cardOrder)];
    const expectedCash = 15_000 + cash;
    await expect(bar.getByTestId('shift-bar-totals')).toContainText('2 verkopen');
    // The bar says what was sold, not what the drawer should hold: that is counted blind at the close.
    await expect(bar.getByTestId('shift-sold-total')).toHaveText(money(cash + card));
    await expect(bar).not.toContainText(money(expectedCash));
    // Paid at the desk: nothing awaits an online payment.
    await expect(bar.getByTestId('shift-awaiting')).toHaveCount(0);

    // Closing: the seller counts blind first (a walkthrough found the expected amount beside the field the count
    // was typed into); the expected totals per method appear once that count is kept.
    await bar.getByTestId('close-shift').click();
    await expect(seller.getByRole('heading', { level: 1, name: `Dienst ${shiftId} afsluiten` })).toBeVisible();
    await expect(seller.getByTestId('close-intro')).toContainText('Tel eerst zonder te kijken');
    await expect(seller.getByTestId('counted-cash')).toBeFocused();
    await expect(seller.getByTestId('expected-cash')).toHaveCount(0);
    await expect(seller.getByTestId('difference')).toHaveCount(0);
    await expect(seller.getByTestId('close-submit')).toHaveCount(0);
    // The first count is €25 short and is kept as it was typed.
    await seller.getByTestId('counted-cash').fill(typed(expectedCash - 2_500));
    await seller.getByTestId('counted-card').fill(typed(card));
    await seller.getByTestId('blind-count-submit').click();
    await expect(seller.getByRole('heading', { name: 'Verwacht' })).toBeFocused();
    await expect(seller.getByTestId('expected-cash')).toContainText(money(expectedCash));
    await expect(seller.getByTestId('expected-card')).toContainText(money(card));
    await expect(seller.getByTestId('method-total')).toHaveCount(2);
    await expect(seller.getByTestId('blind-count')).toContainText(money(expectedCash - 2_500));
    await expect(seller.getByTestId('difference-cash')).toContainText(`${money(-2_500)} (tekort)`);
    // A reload keeps the first count as it was made: no new "blind" count once the expected amount was seen (a
    // walkthrough reloaded and recorded a matching one).
    await seller.reload();
    await expect(seller.getByTestId('expected-cash')).toContainText(money(expectedCash));
    await expect(seller.getByTestId('blind-count')).toContainText(money(expectedCash - 2_500));
    await expect(seller.getByTestId('blind-count-submit')).toHaveCount(0);
    // Counted again: a €20 note was under the tray, so €5 short; a difference needs its reason.
    await seller.getByTestId('counted-card').fill(typed(card));
    await seller.getByTestId('counted-cash').fill(typed(expectedCash - 500));
    await expect(seller.getByTestId('difference-cash')).toContainText(`${money(-500)} (tekort)`);
    await expect(seller.getByTestId('difference-card')).toContainText('(klopt)');
    await seller.getByTestId('close-submit').click();
    await expect(seller.getByText('Geef de reden van het verschil')).toBeVisible();
    await seller.waitForLoadState('networkidle');
    expect(await seriousFindings(seller)).toEqual([]);
    const reason = 'Vijf euro wisselgeld aan de bar gegeven';
    await seller.getByTestId('close-reason').fill(reason);
    await seller.getByTestId('close-submit').click();

    // The Z-report: the expected totals from the two sales, what was counted, the difference and the reason.
    await expect(seller).toHaveURL(new RegExp(`/shifts/${shiftId}/z-report$`));
    const report = seller.getByTestId('z-report');
    await expect(report.getByTestId('z-desk')).toHaveText('Kassa 1');
    await expect(report.getByTestId('z-seller')).toHaveText('Bo Kassa');
    await expect(report.getByTestId('z-float')).toHaveText(money(15_000));
    await expect(report.getByTestId('z-method')).toHaveCount(2);
    await expect(report.getByTestId('z-method').filter({ hasText: 'Contant' })).toContainText(money(cash));
    await expect(report.getByTestId('z-method').filter({ hasText: 'Pin' })).toContainText(money(card));
    await expect(report.getByTestId('z-total')).toContainText(money(cash + card));
    await expect(report.getByTestId('z-performance')).toContainText('3 kaarten');
    await expect(report.getByTestId('z-expected-cash')).toContainText(money(expectedCash));
    await expect(report.getByTestId('z-counted-cash')).toContainText(money(expectedCash - 500));
    await expect(report.getByTestId('z-difference-cash')).toContainText(`${money(-500)} (tekort)`);
    await expect(report.getByTestId('z-expected-card')).toContainText(money(card));
    await expect(report.getByTestId('z-difference-card')).toContainText(`${money(0)} (klopt)`);
    await expect(report.getByTestId('z-difference-total')).toContainText(money(-500));
    await expect(report.getByTestId('z-reason')).toContainText(reason);
    // A desk named by hand has no drawer Foyer opens: the report says the openings were not kept (it said "0×").
    await expect(report.getByTestId('z-drawer-openings')).toContainText('niet bijgehouden');
    await expect(report.getByTestId('z-blind-count')).toContainText(
      `Eerste telling (blind): Contant in de kas ${money(expectedCash - 2_500)}, verschil ${money(-2_500)} (tekort)`,
    );
    await expect(report.getByTestId('z-no-cancellations')).toBeVisible();
    await expect(report.getByTestId('z-sign-off')).toHaveText('Nog niet afgetekend');
    expect(await seriousFindings(seller)).toEqual([]);

    // Printed: only the paper, on A4 and on 80 mm.
    await seller.emulateMedia({ media: 'print' });
    await expect(seller.getByTestId('z-print')).toBeHidden();
    await expect(report).toBeVisible();
    await seller.emulateMedia({ media: 'screen' });
    await seller.getByText('Bonprinter 80 mm').click();
    await expect(seller).toHaveURL(/layout=80mm/);
    // The URL changes before the page has drawn the narrow layout (the search params' update is a transition).
    await expect.poll(() => report.evaluate((element) => element.getBoundingClientRect().width)).toBeLessThan(300);
    expect(await seriousFindings(seller)).toEqual([]);

    // …and as CSV.
    const [download] = await Promise.all([seller.waitForEvent('download'), seller.getByTestId('z-csv').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^z-report-shift-${shiftId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv).toContain(reason);
    expect(csv).toContain('Contant in de kas · Verschil,,,-5.00');
    expect(csv).toContain(`Contant,Contant (kas),1,${(cash / 100).toFixed(2)}`);

    // The seller cannot sign off their own shift: no button, and the gateway refuses.
    await seller.goto(`/shifts/${shiftId}`);
    await expect(seller.getByRole('heading', { level: 1, name: `Dienst ${shiftId}` })).toBeVisible();
    await expect(seller.getByTestId('shift-status')).toHaveText('Afgesloten');
    await expect(seller.getByTestId('sign-off')).toHaveCount(0);
    const refused = await seller.request.post(`/api/shifts/${shiftId}/sign-off`, {
      data: {},
      headers: { origin: url },
    });
    expect(refused.status()).toBe(403);
    // Opening the next shift: the last desk is filled in and selected, so typing replaces it ("Kassa 1Bal" before).
    await seller.goto('/box-office');
    await bar.getByTestId('open-shift').click();
    await expect(dialog.getByLabel('Kassa')).toBeFocused();
    await expect(dialog.getByLabel('Kassa')).toHaveValue('Kassa 1');
    await seller.keyboard.type('Bar');
    await expect(dialog.getByLabel('Kassa')).toHaveValue('Bar');
    // Escape closes the desk's suggestions, if open, then the dialog.
    await seller.keyboard.press('Escape');
    if ((await dialog.count()) > 0) await seller.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // A manager sees it in the list, closed and to be signed off, and signs it off.
    const manager = await newPage(browser, url);
    expect((await signInByApi(manager.request, url, MANAGER)).status()).toBe(200);
    await manager.goto('/shifts?status=closed');
    await expect(manager.getByRole('heading', { level: 1, name: 'Diensten' })).toBeVisible({ timeout: 20_000 });
    const row = manager.getByRole('row').filter({ hasText: `Dienst ${shiftId}` });
    await expect(row).toContainText('Kassa 1');
    await expect(row).toContainText('Bo Kassa');
    await expect(row).toContainText(money(-500));
    await expect(row.getByTestId('list-sign-off')).toBeVisible();
    expect(await seriousFindings(manager)).toEqual([]);
    // On a 1024-px tablet the status reads whole (a walkthrough read "A.." for Afgesloten).
    await manager.setViewportSize({ width: 1024, height: 768 });
    const statusLabel = row.getByTestId('shift-status').locator('.mantine-Badge-label');
    await expect(statusLabel).toHaveText('Afgesloten');
    expect(await statusLabel.evaluate((label) => label.scrollWidth - label.clientWidth)).toBeLessThanOrEqual(0);

    await row.getByRole('link', { name: `Dienst ${shiftId}` }).click();
    await expect(manager.getByRole('heading', { level: 1, name: `Dienst ${shiftId}` })).toBeVisible();
    await expect(manager.getByTestId('field-reason')).toContainText(reason);
    await expect(manager.getByTestId('reconciliation').getByTestId('recon-clean')).toBeVisible({ timeout: 20_000 });
    // The sales' statuses in words, as the order pages say them (the service's codes, "ord / paid", before).
    const firstSale = manager.getByTestId('shift-sale').first();
    await expect(firstSale.getByTestId('order-status')).toContainText('Besteld', { timeout: 20_000 });
    await expect(firstSale.getByTestId('payment-status')).toContainText('Betaald');
    await expect(firstSale).not.toContainText('ord /');
    expect(await seriousFindings(manager)).toEqual([]);
    await manager.getByTestId('sign-off').click();
    const signOff = manager.getByRole('dialog', { name: `Dienst ${shiftId} aftekenen` });
    await signOff.getByLabel('Notitie (niet verplicht)').fill('Verschil besproken');
    expect(await seriousFindings(manager)).toEqual([]);
    await signOff.getByTestId('sign-off-submit').click();
    await expect(signOff).toHaveCount(0);
    await expect(manager.getByTestId('shift-status')).toHaveText('Afgetekend');
    await expect(manager.getByTestId('field-signed-off')).toContainText('Max Manager');
    await expect(manager.getByTestId('sign-off')).toHaveCount(0);

    // An order sold in Foyer shows who sold it and in which shift.
    await manager.goto(`/orders/${cashOrder}`);
    await expect(manager.getByTestId('field-sold-by')).toContainText('Bo Kassa');
    await expect(manager.getByTestId('field-shift')).toContainText(`Dienst ${shiftId} · Kassa 1`);
    // …and so does its receipt.
    await manager.goto(`/orders/${cashOrder}/print?kind=receipt`);
    await expect(manager.getByTestId('receipt-seller')).toHaveText('Bo Kassa');
    await expect(manager.getByTestId('receipt-shift')).toHaveText(`${shiftId} · Kassa 1`);

    await admin.dispose();
  });

  test('the shifts list keeps its filters in the URL and says when nothing matches', async ({ browser }) => {
    const url = server.url;
    const manager = await newPage(browser, url);
    expect((await signInByApi(manager.request, url, MANAGER)).status()).toBe(200);
    await manager.goto('/shifts');
    await expect(manager.getByRole('heading', { level: 1, name: 'Diensten' })).toBeVisible({ timeout: 20_000 });
    await manager.getByTestId('filter-past-midnight').click();
    await expect(manager).toHaveURL(/flag=past-midnight/);
    await expect(manager.getByText('Geen dienst past bij deze filters.')).toBeVisible();
    expect(await seriousFindings(manager)).toEqual([]);
    await manager.reload();
    await expect(manager.getByTestId('filter-past-midnight')).toBeChecked();
    // A reversed range found nothing, and nothing said why: the second date now says so, both kept.
    await manager.getByTestId('shifts-filter-from').fill('2026-12-10');
    await manager.getByTestId('shifts-filter-to').fill('2026-12-01');
    await expect(manager).toHaveURL(/to=2026-12-01/);
    await expect(manager.getByTestId('shifts-filter-to')).toHaveAccessibleDescription(
      'Ligt vóór de datum bij Geopend vanaf',
    );
    await expect(manager.getByTestId('shifts-filter-from')).toHaveValue('2026-12-10');
  });

  test('the shift pages in the dark scheme: no serious or critical axe findings', async ({ browser }) => {
    test.setTimeout(90_000);
    const url = server.url;
    const manager = await newPage(browser, url, 'dark');
    expect((await signInByApi(manager.request, url, MANAGER)).status()).toBe(200);
    // The shift of the first test, signed off.
    await manager.goto('/shifts');
    await expect(manager.getByRole('heading', { level: 1, name: 'Diensten' })).toBeVisible({ timeout: 20_000 });
    await expect(manager.getByTestId('shift-status').first()).toBeVisible();
    expect(await seriousFindings(manager)).toEqual([]);
    await manager.goto('/shifts/1');
    await expect(manager.getByTestId('reconciliation').getByTestId('recon-clean')).toBeVisible({ timeout: 20_000 });
    expect(await seriousFindings(manager)).toEqual([]);
    await manager.goto('/shifts/1/z-report?layout=80mm');
    await expect(manager.getByTestId('z-report')).toBeVisible();
    expect(await seriousFindings(manager)).toEqual([]);

    const seller = await newPage(browser, url, 'dark');
    await openBoxOffice(seller, url, '/box-office', BOX_OFFICE);
    await seller.getByTestId('open-shift').click();
    const dialog = seller.getByRole('dialog', { name: 'Dienst openen' });
    await expect(dialog.getByLabel('Kassa')).toBeFocused();
    await seller.keyboard.type('Foyerkassa');
    await dialog.getByTestId('open-shift-submit').click();
    await expect(seller.getByText('Vul een bedrag in (0 mag)')).toBeVisible();
    expect(await seriousFindings(seller)).toEqual([]);
    await seller.getByLabel('Wisselgeld bij opening').fill('0');
    await seller.getByLabel('Wisselgeld bij opening').press('Enter');
    await expect(seller.getByTestId('shift-bar').getByTestId('close-shift')).toBeVisible();
    expect(await seriousFindings(seller)).toEqual([]);
    await seller.getByTestId('shift-bar').getByTestId('close-shift').click();
    await expect(seller.getByTestId('close-shift-form')).toBeVisible();
    await seller.waitForLoadState('networkidle');
    expect(await seriousFindings(seller)).toEqual([]);
  });
});
