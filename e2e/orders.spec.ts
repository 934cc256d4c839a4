import type { APIRequestContext, Page } from '@playwright/test';
import { NO_FINDINGS, seriousFindings, seriousFindingsInBothSchemes } from './support/axe';
import { DEMO, expect, signInByApi, test } from './support/fixtures';
import { mirrorSynced } from './support/mirror';

interface ApiSeat {
  seatId: number;
  eventId: number;
}
interface ApiOrder {
  orderId: number;
  orderKey: string;
  orderDate: string;
  orderChannel: string;
  orderPaymentStatus: string;
  seats: ApiSeat[];
  deletedSeats: ApiSeat[];
}
interface ApiPage {
  data: ApiOrder[];
  total: number;
  last_page: number;
}

/**
 * The server's first full sync of the mirror runs while these tests start; a list page asked for meanwhile
 * waits its turn at the embedded database, so the first list paint gets more time than the default 10 s.
 */
const LIST_TIMEOUT = 30_000;

async function openSignedIn(page: Page, baseURL: string | undefined, path: string) {
  expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
  await page.goto(path);
}

/** A page of the orders list through the gateway, with the page's own session. */
async function apiOrders(request: APIRequestContext, query: string): Promise<ApiPage> {
  const response = await request.get(`/api/v1/demo/partner/order${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiPage;
}

async function shownOrderIds(page: Page): Promise<number[]> {
  return (await page.getByTestId('order-link').allTextContents()).map(Number);
}

test.describe('orders', () => {
  test('at 1280 px the status badges show their whole label; at 390 px the page does not scroll sideways', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openSignedIn(page, baseURL, '/orders');
    await expect(page.getByTestId('order-link')).toHaveCount(100, { timeout: LIST_TIMEOUT });
    // A badge clips its label with an ellipsis when squeezed: its content must fit its box.
    const clipped = await page
      .locator('[data-testid=order-status], [data-testid=payment-status]')
      .evaluateAll((badges) => badges.filter((badge) => badge.scrollWidth > badge.clientWidth + 1).length);
    expect(clipped).toBe(0);
    await expect(page.getByTestId('payment-status').first().locator('xpath=..')).toHaveAttribute(
      'data-tip',
      /^\S.*: .+\(\w+\)$/,
    );
    // The last column is on screen (a walkthrough found "Verkocht door" past the right edge): the fees and
    // donations make way below a wide screen, and the columns menu shows them again.
    const soldBy = await page.getByRole('columnheader', { name: 'Verkocht door' }).boundingBox();
    expect((soldBy?.x ?? 0) + (soldBy?.width ?? 0)).toBeLessThanOrEqual(1280);
    await expect(page.getByRole('columnheader', { name: 'Kosten' })).toHaveCount(0);
    await page.getByTestId('columns-button').click();
    await page.getByRole('menuitem', { name: /^Kosten/ }).click();
    await expect(page.getByRole('columnheader', { name: 'Kosten' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const open = await page.getByRole('button', { name: 'Openen', exact: true }).boundingBox();
    expect((open?.x ?? 0) + (open?.width ?? 0)).toBeLessThanOrEqual(390);
    const label = await page
      .getByRole('button', { name: 'Openen', exact: true })
      .evaluate((button) => button.scrollWidth <= button.clientWidth);
    expect(label).toBe(true);

    // An order whose payment is pending: the hidden tip of its long meaning made a phone's page 659 px wide.
    const pending = (await apiOrders(page.request, '')).data.find((order) => order.orderPaymentStatus === 'pending');
    expect(pending).toBeDefined();
    await page.goto(`/orders/${pending?.orderId}`);
    const badge = page.getByTestId('payment-status');
    await expect(badge).toHaveAttribute('data-value', 'pending');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The meaning still shows on hover.
    await badge.hover();
    const tip = () => badge.locator('xpath=..').evaluate((tipped) => getComputedStyle(tipped, '::after').content);
    await expect.poll(tip).toContain('vertraging bij de bank');
  });

  test('the list is newest first, and page 2 opens by URL', async ({ page, baseURL }) => {
    await openSignedIn(page, baseURL, '/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellingen' })).toBeVisible();
    const first = await apiOrders(page.request, '');
    await expect(page.getByTestId('order-link')).toHaveCount(100, { timeout: LIST_TIMEOUT });
    expect(await shownOrderIds(page)).toEqual(first.data.map((order) => order.orderId));
    const dates = await page
      .getByTestId('order-date')
      .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
    for (let index = 1; index < dates.length; index++) {
      expect(dates[index - 1] ?? 0).toBeGreaterThanOrEqual(dates[index] ?? 0);
    }

    const second = await apiOrders(page.request, '?page=2');
    await page.goto('/orders?page=2');
    await expect(page.getByTestId('order-link').first()).toHaveText(String(second.data[0]?.orderId));
    expect(await shownOrderIds(page)).toEqual(second.data.map((order) => order.orderId));
    // Page 2 continues where page 1 ended.
    expect(Date.parse(second.data[0]?.orderDate ?? '')).toBeLessThanOrEqual(
      Date.parse(first.data[first.data.length - 1]?.orderDate ?? ''),
    );
    await expect(page.getByText(`101–200 van ${second.total.toLocaleString('nl-NL')}`)).toBeVisible();
  });

  test('changedSince filters the list and stays in the URL', async ({ page, baseURL }) => {
    await openSignedIn(page, baseURL, '/orders?changedSince=2026-11-20');
    const filtered = await apiOrders(page.request, '?changedSince=2026-11-20');
    await expect(page.getByTestId('changed-since')).toHaveValue('2026-11-20');
    if (filtered.total === 0) {
      await expect(page.getByText('Geen bestellingen', { exact: true })).toBeVisible();
    } else {
      await expect(page.getByTestId('order-link').first()).toHaveText(String(filtered.data[0]?.orderId));
    }
  });

  test('an order page shows the seats and the deleted seats the API has', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
    let withDeleted: ApiOrder | undefined;
    for (let pageNr = 1; pageNr <= 20 && !withDeleted; pageNr++) {
      const envelope = await apiOrders(page.request, `?page=${pageNr}`);
      withDeleted = envelope.data.find((order) => order.deletedSeats.length > 0 && order.seats.length > 0);
    }
    if (!withDeleted) throw new Error('the demo data has no order with seats and deleted seats in its first pages');

    // Opened by URL, so the page finds the seats itself (nothing handed over from the list).
    await page.goto(`/orders/${withDeleted.orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Bestelling ${withDeleted.orderId}` })).toBeVisible();
    await expect(page.getByTestId('field-order-key')).toContainText(withDeleted.orderKey);
    const seats = page.getByTestId('seats-table').getByTestId('seat-row');
    await expect(seats).toHaveCount(withDeleted.seats.length);
    expect(await seats.evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-seat-id'))))).toEqual(
      withDeleted.seats.map((seat) => seat.seatId),
    );
    const deleted = page.getByTestId('deleted-seats-table').getByTestId('seat-row');
    await expect(deleted).toHaveCount(withDeleted.deletedSeats.length);
    expect(await deleted.evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-seat-id'))))).toEqual(
      withDeleted.deletedSeats.map((seat) => seat.seatId),
    );
    await expect(page.getByTestId('tickets-link')).toHaveAttribute('href', new RegExp(withDeleted.orderKey));
    await expect(page.getByTestId('receipt-link')).toHaveAttribute('href', new RegExp(withDeleted.orderKey));
    await page.waitForLoadState('networkidle');
    expect(await seriousFindings(page)).toEqual([]);
  });

  test('jump to an order by key from the list, and by number from the command palette', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await openSignedIn(page, baseURL, '/orders');
    await expect(page.getByTestId('order-link')).toHaveCount(100, { timeout: LIST_TIMEOUT });
    // An order from page 3: not on screen, so the key page has to find it.
    const target = (await apiOrders(page.request, '?page=3')).data[5] as ApiOrder;
    await page.getByTestId('order-jump').fill(target.orderKey);
    await page.getByRole('button', { name: 'Openen', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${target.orderId}$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: `Bestelling ${target.orderId}` })).toBeVisible();

    // A key that does not exist is said so at once.
    await page.goto('/orders/ThisKeyDoesNotExist123456');
    await expect(page.getByText('Geen bestelling met sleutel ThisKeyDoesNotExist123456')).toBeVisible();

    // By number, all by keyboard, from the command palette.
    const other = (await apiOrders(page.request, '?page=7')).data[0] as ApiOrder;
    await page.keyboard.press('Control+k');
    const search = page.getByRole('textbox', { name: 'Opdrachtpalet' });
    await expect(search).toBeFocused();
    await search.fill(String(other.orderId));
    await expect(page.getByRole('button', { name: new RegExp(`Bestelling ${other.orderId} openen`) })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/orders/${other.orderId}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Bestelling ${other.orderId}` })).toBeVisible();
  });

  test('the analysis reads the mirror: a period’s count, a channel filter, groups, charts and the CSV the server streams', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(600_000);
    expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
    await mirrorSynced(page.request);
    // A week that has ended: no sale of another test lands in it meanwhile.
    const day = (offset: number) => {
      const date = new Date(Date.now() + offset * 86_400_000);
      return date.toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
    };
    const from = day(-8);
    const to = day(-1);
    // The expected figures straight from the service's export: every order changed since `from` (a superset
    // of those placed since), kept when its venue day is in the period.
    let total = 0;
    let sp = 0;
    for (let pageNr = 1; ; pageNr++) {
      const response = await page.request.post(`/api/v1/demo/partner/export/orders?page=${pageNr}`, {
        data: { changedSince: from },
        headers: { origin: new URL(baseURL ?? '').origin },
      });
      expect(response.status()).toBe(200);
      const envelope = (await response.json()) as ApiPage;
      for (const order of envelope.data) {
        const orderDay = order.orderDate.slice(0, 10);
        if (orderDay < from || orderDay > to) continue;
        total += 1;
        if (order.orderChannel === 'sp') sp += 1;
      }
      if (pageNr >= envelope.last_page) break;
    }
    expect(total).toBeGreaterThan(0);

    await page.goto(`/orders/analysis?from=${from}&to=${to}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Analyse van bestellingen' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Actualiteit van de gegevens' })).toBeVisible();
    await expect(page.getByTestId('analysis-count')).toHaveAttribute('data-count', String(total), { timeout: 30_000 });
    // The first page of rows (100 at most), the charts, and the choices with their counts. Only the rows in
    // view are drawn; the table says how many the page has, and the last is there at the end of the scroll.
    const onPage = Math.min(100, total);
    await expect(page.getByTestId('analysis-table')).toHaveAttribute('aria-rowcount', String(onPage + 1));
    await expect(page.getByTestId('analysis-row').first()).toHaveAttribute('aria-rowindex', '2');
    await page.getByTestId('analysis-rows').evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
    await expect(page.getByTestId('analysis-row').last()).toHaveAttribute('aria-rowindex', String(onPage + 1));
    await page.getByTestId('analysis-rows').evaluate((box) => box.scrollTo({ top: 0 }));
    await expect(page.getByTestId('analysis-charts')).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByTestId('filter-channel').locator('option', { hasText: `(${sp.toLocaleString('nl-NL')})` }),
    ).toHaveCount(1);

    await page.getByTestId('filter-channel').selectOption('sp');
    await expect(page).toHaveURL(/channel=sp/);
    await expect(page.getByTestId('analysis-count')).toHaveAttribute('data-count', String(sp));
    await expect(page.getByTestId('total-orders')).toHaveText(sp.toLocaleString('nl-NL'));
    // Charts below the fold are drawn anew once they come near the view: then of the box office's orders only.
    await page.getByTestId('analysis-charts').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('chart-channels')).toContainText('Verkooppunt');
    await expect(page.getByTestId('chart-channels')).not.toContainText('Webshop');
    // Each chart's figures as a table too (a screen reader had the axes' ticks and the names, not the amounts).
    const byChannel = page.getByRole('figure', { name: 'Omzet per kanaal' });
    await byChannel.getByText('Als tabel tonen').click();
    await expect(byChannel.getByRole('row', { name: /Verkooppunt € [\d.]+,\d\d/ })).toBeVisible();
    // On a phone the value axis has as many ticks as its labels have room for (four ran into each other).
    await page.setViewportSize({ width: 390, height: 844 });
    await byChannel.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page.getByTestId('analysis-charts').evaluate(
          (charts) =>
            [...charts.querySelectorAll('.recharts-xAxis')].filter((axis) => {
              const boxes = [...axis.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((tick) =>
                tick.getBoundingClientRect(),
              );
              return boxes.some((box, index) => index > 0 && box.left < (boxes[index - 1]?.right ?? 0));
            }).length,
        ),
      )
      .toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The revenue per day says it is stacked, and its tooltip names the day as the axis does, not "2026-11-07".
    const perDay = page.getByRole('figure', { name: /Omzet per dag, de kanalen op elkaar gestapeld/ });
    await perDay.scrollIntoViewIfNeeded();
    const plot = perDay.locator('.recharts-surface').first();
    await expect(plot).toBeVisible();
    const box = await plot.boundingBox();
    if (!box) throw new Error('the revenue chart is not drawn');
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 5 });
    const tooltip = perDay.locator('.recharts-tooltip-wrapper');
    await expect(tooltip).toContainText('€');
    await expect(tooltip).not.toContainText(/\d{4}-\d{2}-\d{2}/);

    // The filtered set as CSV, made and streamed by the server.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes
      .subarray(3)
      .toString('utf8')
      .split('\r\n')
      .filter((line) => line !== '');
    expect(lines[0]?.startsWith('orderId,orderKey,')).toBe(true);
    expect(lines.length).toBe(sp + 1);
    const audit = await page.request.get('/api/audit?action=export');
    expect(JSON.stringify(await audit.json())).toContain('orders-analysis');

    // Reloading keeps the view (period and filter are in the URL); grouping by status adds up to the count.
    await page.reload();
    await expect(page.getByTestId('analysis-count')).toHaveAttribute('data-count', String(sp), { timeout: 30_000 });
    await page.getByTestId('group-by').selectOption('status');
    await expect(page).toHaveURL(/group=status/);
    const groups = page.getByTestId('analysis-group');
    await expect(groups.first()).toBeVisible();
    const counts = await groups.evaluateAll((rows) =>
      rows.map((row) => Number((row.querySelectorAll('td')[0]?.textContent ?? '0').replace(/\D/g, ''))),
    );
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(sp);
    // A group's name narrows the analysis to it.
    await groups.first().getByRole('button').click();
    await expect(page).toHaveURL(/status=/);
    await expect(page.getByTestId('analysis-count')).toHaveAttribute('data-count', String(counts[0]));
    await page.waitForLoadState('networkidle');
    expect(await seriousFindings(page)).toEqual([]);
  });

  test('the analysis on a 1366 × 768 laptop: the rows fit, and grouping by day follows channel', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(600_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
    await mirrorSynced(page.request);
    await page.goto('/orders/analysis?group=channel');
    await expect(page.getByTestId('analysis-row').first()).toBeVisible({ timeout: 30_000 });
    // Every column in view: the rows' box does not scroll sideways.
    const rows = page.getByTestId('analysis-rows');
    expect(await rows.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);

    // From channel to day: the channels are never shown as days (that threw and took the page down).
    await page.getByTestId('group-by').selectOption('day');
    await expect(page).toHaveURL(/group=day/);
    await expect(page.getByTestId('analysis-group').first()).toHaveAttribute('data-key', /^\d{4}-\d{2}-\d{2}$/, {
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Analyse van bestellingen' })).toBeVisible();
  });

  test('the list has no serious or critical axe findings, light and dark', async ({ page, baseURL }) => {
    // axe over a hundred rows, twice, takes a while on a busy machine.
    test.setTimeout(120_000);
    await openSignedIn(page, baseURL, '/orders');
    await expect(page.getByTestId('order-link')).toHaveCount(100, { timeout: LIST_TIMEOUT });
    await page.waitForLoadState('networkidle');
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
  });
});
