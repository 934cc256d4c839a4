import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import Papa from 'papaparse';
import { NO_FINDINGS, seriousFindingsInBothSchemes } from './support/axe';
import { DEMO, expect, signInByApi, test } from './support/fixtures';
import { mirrorSynced } from './support/mirror';

/**
 * Exports for CRM sync and the waiting list, against the real server with the demo data (~50,000 orders):
 * the gateway makes the files from its mirror (once the server's first full sync is done) and streams them.
 * The browser's save dialog cannot be driven here, so the page takes its download route (Blob + download
 * event): showSaveFilePicker is removed before the app loads.
 */
const API = `/api/v1/${DEMO.clientName}`;

test.beforeEach(async ({ page, baseURL }) => {
  // Signing in waits behind the server's first full sync of the mirror while it runs.
  test.setTimeout(test.info().timeout + 120_000);
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'showSaveFilePicker');
  });
  expect((await signInByApi(page.request, baseURL ?? '')).status()).toBe(200);
});

/** The organisation's watermarks, as the gateway keeps them. */
async function watermarkStreams(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/api/exports/watermarks');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { watermarks: Array<{ stream: string }> }).watermarks.map((w) => w.stream);
}

interface Envelope<Row> {
  data: Row[];
  total: number;
  last_page: number;
}

/** A page of an export through the gateway, as the app calls it. */
async function exportPage<Row>(
  request: APIRequestContext,
  origin: string,
  path: string,
  query: Record<string, string> = {},
): Promise<Envelope<Row>> {
  const url = `${API}${path}?${new URLSearchParams(query)}`;
  // One retry on a reset connection: a kept-alive socket the busy server has just closed.
  const response = await request
    .post(url, { headers: { origin } })
    .catch(() => request.post(url, { headers: { origin } }));
  expect(response.status()).toBe(200);
  return (await response.json()) as Envelope<Row>;
}

/** A sale as a sales point makes it: partner cart, one ticket of a coming event, checkout paid in cash. */
async function sellOneTicket(request: APIRequestContext, origin: string): Promise<number> {
  const headers = { origin };
  const cart = await request.post(`${API}/cart/`, { headers });
  expect(cart.status()).toBe(201);
  const { cart_id: cartId } = (await cart.json()) as { cart_id: string };
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const events = (await (
    await request.get(`${API}/partner/event?startDate=${today}&endDate=${later}`, { headers })
  ).json()) as Array<{ eventId: number; prices: Array<{ priceId: string; rankId: number }> }>;
  let added = false;
  for (const event of events) {
    const price = event.prices[0];
    if (!price) continue;
    const response = await request.post(`${API}/partner/cart/${cartId}`, {
      headers,
      data: [{ eventId: event.eventId, priceId: price.priceId, rankId: price.rankId, numberOfTickets: 1 }],
    });
    if (response.ok()) {
      added = true;
      break;
    }
  }
  expect(added, 'a coming event with a seat to sell').toBe(true);
  const customers = await exportPage<{ customerId: number }>(request, origin, '/partner/export/customers');
  const customerId = customers.data[0]?.customerId;
  const checkout = await request.post(`${API}/partner/cart/${cartId}/checkout`, {
    headers,
    data: { customerId, paymentMethodId: 1 },
  });
  expect(checkout.status()).toBe(200);
  return ((await checkout.json()) as { orderId: number }).orderId;
}

async function exportAndDownload(page: Page): Promise<{ download: Download; text: string }> {
  const downloading = page.waitForEvent('download', { timeout: 400_000 });
  await page.getByRole('button', { name: 'Exporteren', exact: true }).click();
  const download = await downloading;
  const path = await download.path();
  return { download, text: await readFile(path, 'utf8') };
}

function parseCsv(text: string): Array<Record<string, string>> {
  expect(text.charCodeAt(0), 'UTF-8 BOM').toBe(0xfeff);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

test('orders CSV holds exactly `total` rows; right after a sale, the incremental export holds just that order', async ({
  page,
  origin,
}) => {
  // 50,000 orders and the first full sync before them, on a machine shared with other runs.
  test.setTimeout(900_000);
  await mirrorSynced(page.request);
  await page.goto('/exports?kind=orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Exports' })).toBeVisible();
  const { total } = await exportPage(page.request, origin, '/partner/export/orders');
  expect(total).toBeGreaterThanOrEqual(50_000);
  await expect(page.getByTestId('mode-changes')).toBeDisabled();

  const full = await exportAndDownload(page);
  expect(full.download.suggestedFilename()).toMatch(/^foyer-demo-orders-full-\d{8}-\d{4}\.csv$/);
  const rows = parseCsv(full.text);
  expect(rows).toHaveLength(total);
  expect(new Set(rows.map((row) => row.orderId)).size).toBe(total);
  const result = page.getByTestId('export-result');
  await expect(result).toHaveAttribute('data-complete', 'true');
  await expect(result).toHaveAttribute('data-records', String(total));
  // The watermark is the organisation's: the gateway has it, with who made the export.
  await expect(page.getByTestId('watermark-line')).toContainText('door Ada Admin');
  expect(await watermarkStreams(page.request)).toContain('orders');

  const orderId = await sellOneTicket(page.request, origin);

  // The mode lives in the URL; the router applies URL changes in a transition, so the radio shows it a
  // moment after the click (check() would demand it at once).
  await page.getByRole('radio', { name: 'Alleen wijzigingen' }).click();
  await expect(page.getByRole('radio', { name: 'Alleen wijzigingen' })).toBeChecked();
  await expect(page).toHaveURL(/mode=changes/);
  // The sale went through Foyer, so it is in the mirror at once: one order changed since the watermark.
  await expect(page.getByText('1 gewijzigd sindsdien')).toBeVisible({ timeout: 30_000 });
  const changes = await exportAndDownload(page);
  expect(changes.download.suggestedFilename()).toMatch(/^foyer-demo-orders-changes-/);
  const changedRows = parseCsv(changes.text);
  expect(changedRows.map((row) => Number(row.orderId))).toEqual([orderId]);
  expect(changedRows[0]?.orderStatus).toBe('ord');
  expect(changedRows[0]?.seatCount).toBe('1');
  await expect(page.getByTestId('export-result')).toHaveAttribute('data-complete', 'true');
  await expect(page.getByTestId('export-watermark')).toContainText('verschoven');
});

test('waiting list: filtered by type (in the URL) shows exactly the API’s entries of that type', async ({
  page,
  origin,
}) => {
  const first = await exportPage<{ type: string }>(page.request, origin, '/partner/export/waitinglist');
  const all = [...first.data];
  for (let pageNumber = 2; pageNumber <= first.last_page; pageNumber++) {
    all.push(
      ...(
        await exportPage<{ type: string }>(page.request, origin, '/partner/export/waitinglist', {
          page: String(pageNumber),
        })
      ).data,
    );
  }
  const notified = all.filter((entry) => entry.type === 'notified').length;
  expect(notified).toBeGreaterThan(0);

  test.setTimeout(240_000);
  await page.goto('/waiting-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Wachtlijst' })).toBeVisible({ timeout: 90_000 });
  const count = page.getByTestId('waiting-count');
  await expect(count).toContainText(`van ${all.length.toLocaleString('nl-NL')} aanmeldingen`, { timeout: 90_000 });

  await page.getByLabel('Status').selectOption('notified');
  await expect(page).toHaveURL(/type=notified/);
  await expect(count).toContainText(`${notified.toLocaleString('nl-NL')} van`);
  const badges = page.getByRole('table').getByTestId('waiting-type');
  await expect(badges.first()).toBeVisible();
  expect(new Set(await badges.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-type'))))).toEqual(
    new Set(['notified']),
  );

  // The filter survives a reload (it is in the URL) and combines with the event filter.
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('notified');
  // The whole list loads again (12 pages); generous while another test exports 50,000 orders.
  await expect(count).toContainText(`${notified.toLocaleString('nl-NL')} van`, { timeout: 90_000 });
  const eventSelect = page.getByLabel('Voorstelling');
  const firstEvent = await eventSelect.locator('option').nth(1).getAttribute('value');
  await eventSelect.selectOption(firstEvent ?? '');
  await expect(page).toHaveURL(new RegExp(`event=${firstEvent}`));
  const both = all.filter(
    (entry) => entry.type === 'notified' && String((entry as { eventId?: number }).eventId) === firstEvent,
  ).length;
  await expect(count).toContainText(`${both.toLocaleString('nl-NL')} van`);
  // The export takes no filter: said beside its link (a filtered list's "Exporteren" exported all without a word).
  await expect(page.getByRole('link', { name: 'Hele wachtlijst exporteren' })).toBeVisible();
  await expect(page.getByTestId('export-whole-note')).toHaveText(
    'De export bevat alle aanmeldingen: de filters hier gelden alleen voor deze lijst.',
  );
});

/**
 * A stand-in for the browser's save dialog and file (headless Chromium cannot show one): records every
 * write, and whether the file was closed or aborted, in `window.__savedFile`.
 */
async function fakeSavePicker(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const file = { name: '', writes: [] as string[], closed: false, aborted: false };
    Object.assign(window, {
      __savedFile: file,
      showSaveFilePicker: async (options: { suggestedName: string }) => {
        file.name = options.suggestedName;
        return {
          createWritable: async () => ({
            write: async (data: string) => {
              file.writes.push(data);
              // A disk that takes its time: the export must wait for it, not pile chunks up.
              await new Promise((resolve) =>
                setTimeout(resolve, (window as { __writeDelay?: number }).__writeDelay ?? 5),
              );
            },
            close: async () => {
              file.closed = true;
            },
            abort: async () => {
              file.aborted = true;
            },
          }),
        };
      },
    });
  });
}

interface SavedFile {
  name: string;
  writes: string[];
  closed: boolean;
  aborted: boolean;
}

const savedFile = (page: Page) => page.evaluate(() => (window as unknown as { __savedFile: SavedFile }).__savedFile);

test.describe('with a save dialog (File System Access API)', () => {
  // Replaces the beforeEach removal: this init script runs after it and installs the fake picker.
  test.beforeEach(async ({ page }) => fakeSavePicker(page));

  test('waiting list as JSON lines is streamed to the chosen file, chunk by chunk, in order', async ({
    page,
    origin,
  }) => {
    test.setTimeout(600_000);
    await mirrorSynced(page.request);
    const { total } = await exportPage(page.request, origin, '/partner/export/waitinglist');
    await page.goto('/exports?kind=waitinglist&format=jsonl');
    await expect(page.getByText('Het bestand wordt tijdens het laden direct naar schijf geschreven.')).toBeVisible({
      timeout: 90_000,
    });
    await page.getByRole('button', { name: 'Exporteren', exact: true }).click();
    await expect(page.getByTestId('export-result')).toHaveAttribute('data-complete', 'true', { timeout: 120_000 });
    const file = await savedFile(page);
    expect(file.name).toMatch(/^foyer-demo-waitinglist-full-.*\.jsonl$/);
    expect(file.closed).toBe(true);
    // Written as it arrives, chunk by chunk.
    expect(file.writes.length).toBeGreaterThan(0);
    const entries = file.writes
      .join('')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { waitingId: number; createdAt: string });
    expect(entries).toHaveLength(total);
    expect(new Set(entries.map((entry) => entry.waitingId)).size).toBe(total);
    // In the export's own order (createdAt ascending), across chunk boundaries.
    const times = entries.map((entry) => Date.parse(entry.createdAt));
    expect(times.every((time, index) => index === 0 || time >= (times[index - 1] ?? 0))).toBe(true);
  });

  test('cancel aborts the file and leaves the watermark where it was', async ({ page }) => {
    test.setTimeout(600_000);
    await mirrorSynced(page.request);
    // A slow disk, so the export is still running when Annuleren is pressed.
    await page.addInitScript(() => Object.assign(window, { __writeDelay: 200 }));
    await page.goto('/exports?kind=customers');
    await expect(page.getByText(/records in totaal/)).toBeVisible({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Exporteren', exact: true }).click();
    await expect(page.getByTestId('export-progress')).toContainText(/records ·/, { timeout: 90_000 });
    await page.getByRole('button', { name: 'Annuleren' }).click();
    await expect(page.getByText('Export geannuleerd')).toBeVisible();
    const file = await savedFile(page);
    expect(file.aborted).toBe(true);
    expect(file.closed).toBe(false);
    await expect(page.getByTestId('mode-changes')).toBeDisabled();
    expect(await watermarkStreams(page.request)).not.toContain('customers');
  });
});

test('a scheduled export is written on the server and listed for download, and the download is audited', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await mirrorSynced(page.request);
  await page.goto('/exports?kind=waitinglist&format=csv&delimiter=semicolon');
  await expect(page.getByRole('heading', { level: 2, name: 'Geplande exports' })).toBeVisible();
  await page.getByTestId('schedule-time').fill('05:45');
  await page.getByRole('button', { name: 'Plannen' }).click();
  const schedule = page.getByTestId('schedule').filter({ hasText: 'Dagelijks om 05:45' });
  await expect(schedule).toHaveCount(1);
  await expect(schedule).toContainText('Wachtlijst · CSV');
  await expect(schedule).toContainText('Nog niet uitgevoerd');
  const scheduleId = await schedule.getAttribute('data-schedule-id');

  await schedule.getByRole('button', { name: 'Nu uitvoeren' }).click();
  await expect(schedule).toContainText('Laatst:', { timeout: 60_000 });
  const file = page.locator(`[data-testid="export-file"][data-schedule-id="${scheduleId}"]`);
  await expect(file).toHaveCount(1, { timeout: 30_000 });
  const rows = Number(await file.getAttribute('data-rows'));
  expect(rows).toBeGreaterThan(0);
  await expect(file).toContainText(/foyer-demo-waitinglist-full-\d{8}-\d{4}\.csv/);

  const [download] = await Promise.all([page.waitForEvent('download'), file.getByRole('link').click()]);
  expect(download.suggestedFilename()).toMatch(/^foyer-demo-waitinglist-full-.*\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
    delimiter: ';',
  });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data).toHaveLength(rows);

  const audit = (await (await page.request.get('/api/audit?action=export-download')).json()) as {
    data: Array<{ person: string; details: { fileName: string } }>;
  };
  expect(audit.data[0]).toMatchObject({ person: DEMO.email, details: { fileName: download.suggestedFilename() } });

  await schedule.getByRole('button', { name: /Planning .* verwijderen/ }).click();
  await expect(schedule).toHaveCount(0);
  // The file stays listed: deleting a schedule does not take away what it wrote.
  await expect(file).toHaveCount(1);
});

test('axe, light and dark: no serious or critical findings on the waiting list and the exports page', async ({
  page,
}) => {
  // Generous: the other test of this file exports 50,000 orders from the same server meanwhile.
  test.setTimeout(240_000);
  await page.goto('/waiting-list');
  await expect(page.getByTestId('waiting-count')).toBeVisible({ timeout: 90_000 });
  expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);

  await page.goto('/exports?kind=customers');
  await expect(page.getByTestId('mode-full')).toBeVisible();
  await expect(page.getByText(/records in totaal/)).toBeVisible({ timeout: 90_000 });
  expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);

  // Also while an export runs (progress bar) and once it is done (result).
  await page.goto('/exports?kind=waitinglist');
  await page.getByRole('button', { name: 'Exporteren', exact: true }).click();
  await expect(page.getByTestId('export-result')).toBeVisible({ timeout: 90_000 });
  expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
});

// A walkthrough on a phone read the fourth kind as "Cli": four kinds side by side do not fit 390 px.
test('on a phone the kinds stand one under the other, each label whole', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/exports');
  const kinds = page.locator('[aria-labelledby="export-kind"] label');
  await expect(kinds.filter({ hasText: 'Labels (klanttypen)' })).toBeVisible({ timeout: 30_000 });
  // Each label inside the control and the window, drawn whole.
  const cut = await page.locator('[aria-labelledby="export-kind"]').evaluate((control) => {
    const box = control.getBoundingClientRect();
    return [...control.querySelectorAll('label')]
      .filter((label) => {
        const rect = label.getBoundingClientRect();
        return rect.right > Math.min(box.right, window.innerWidth) + 1 || label.scrollWidth > label.clientWidth + 1;
      })
      .map((label) => label.textContent);
  });
  expect(cut).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
