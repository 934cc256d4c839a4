import type { APIRequestContext, Page } from '@playwright/test';
import { horizontalOverflow } from './app-pages';
import { NO_FINDINGS, seriousFindingsInBothSchemes } from './support/axe';
import { DEMO, expect, signInByApi, test } from './support/fixtures';
import { mirrorSynced } from './support/mirror';

/**
 * Events, productions, halls and occupancy against the real service: every figure the pages show is
 * checked against the API's own answer, fetched through the gateway with the page's session.
 */

const API = `/api/v1/${DEMO.clientName}/partner`;

interface ApiEvent {
  eventId: number;
  productionId: number;
  eventName: string;
  eventType: string | null;
  start: string;
  hallId: number;
  prices: Array<{ priceId?: string; priceName?: string; rankId?: number; rankName?: string; amount: number }>;
  availability?: Array<{ rankId: number; rankName: string; capacity: number; available: number }>;
  blockAvailability?: Array<{ blockType: string; blockName: string; count: number }>;
}

/** Spec 2.8's event types as the app labels them in Dutch (the test's own copy, not the app's). */
const TYPE_LABELS: Record<string, string> = {
  event: 'Voorstelling',
  passepartout: 'Passe-partout',
  voucher: 'Waardebon',
  combi: 'Combi',
  horeca: 'Horeca',
  product: 'Product',
};

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${API}${path}`);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** `YYYY-MM-DD` in the venue's zone (the browser's, see playwright.config.ts), `days` from today. */
function venueDate(days = 0): string {
  const moment = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(moment);
}

const eventsIn = (request: APIRequestContext, from: string, to: string) =>
  apiGet<ApiEvent[]>(request, `/event?startDate=${from}&endDate=${to}`);

/** The event ids of the rows on screen, in order. */
async function rowIds(page: Page): Promise<number[]> {
  const ids = await page
    .getByTestId('event-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-event-id')));
  return ids.map(Number);
}

/** Picks a segment of a segmented control by its visible label (the radio itself is visually hidden). */
const segment = (page: Page, label: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();

const sortedIds = (events: readonly ApiEvent[]) => events.map((event) => event.eventId).sort((a, b) => a - b);
/** The list's count: "1 van 1 voorstelling", "3 van 3 voorstellingen". */
const eventCount = (count: number) => `${count} van ${count} ${count === 1 ? 'voorstelling' : 'voorstellingen'}`;
const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

test.beforeEach(async ({ page, baseURL }) => {
  // Signing in waits behind the server's first full sync of the mirror while it runs.
  test.setTimeout(test.info().timeout + 120_000);
  expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
});

test('the period changes the list: each preset and a custom range show exactly the API’s events', async ({ page }) => {
  const today = venueDate();
  const next60 = await eventsIn(page.request, today, venueDate(60));
  await page.goto('/events');
  await expect(page.getByTestId('events-count')).toHaveText(eventCount(next60.length));
  expect((await rowIds(page)).sort((a, b) => a - b)).toEqual(sortedIds(next60));

  // A custom week, a week from now: typed into the date fields.
  const from = venueDate(7);
  const to = venueDate(13);
  const week = await eventsIn(page.request, from, to);
  expect(week.length, 'demo data has events in the custom week').toBeGreaterThan(0);
  expect(week.length).toBeLessThan(next60.length);
  await segment(page, 'Aangepast');
  await expect(page).toHaveURL(/range=custom/);
  await page.getByLabel('Van', { exact: true }).fill(from);
  await expect(page).toHaveURL(new RegExp(`from=${from}&`));
  await page.getByLabel('Tot en met', { exact: true }).fill(to);
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  await expect(page.getByTestId('events-count')).toHaveText(eventCount(week.length));
  expect((await rowIds(page)).sort((a, b) => a - b)).toEqual(sortedIds(week));

  // The URL holds the period: a reload shows the same list.
  await page.reload();
  await expect(page.getByTestId('events-count')).toHaveText(eventCount(week.length));

  // A preset replaces the custom range.
  const todays = await eventsIn(page.request, today, today);
  await segment(page, 'Vandaag');
  await expect(page).toHaveURL(/range=today/);
  if (todays.length === 0) {
    await expect(page.getByText('Geen voorstellingen in deze periode')).toBeVisible();
  } else {
    await expect(page.getByTestId('events-count')).toHaveText(eventCount(todays.length));
  }
  expect((await rowIds(page)).sort((a, b) => a - b)).toEqual(sortedIds(todays));
});

test('type badges name each event’s type from the API, and the type filter keeps only that type', async ({ page }) => {
  // Every event the service has: the longest list, on a loaded machine.
  test.setTimeout(90_000);
  const all = await apiGet<ApiEvent[]>(page.request, '/event');
  const days = all.map((event) => event.start.slice(0, 10)).sort();
  const [first, last] = [days[0], days.at(-1)];
  // Widen by a day on each side: `start` carries its own offset, the range is in venue days.
  const from = venueDateOf(first, -1);
  const to = venueDateOf(last, 1);
  const inRange = await eventsIn(page.request, from, to);
  expect(new Set(inRange.map((event) => event.eventType))).toEqual(new Set([...Object.keys(TYPE_LABELS), null]));

  await page.goto(`/events?range=custom&from=${from}&to=${to}`);
  await expect(page.getByTestId('events-count')).toHaveText(eventCount(inRange.length), {
    timeout: 30_000,
  });
  const shown = await page.getByTestId('event-row').evaluateAll((rows) =>
    rows.map((row) => {
      const badge = row.querySelector('[data-testid="event-type"]');
      return {
        id: Number(row.getAttribute('data-event-id')),
        type: badge?.getAttribute('data-type') ?? null,
        text: badge?.textContent?.trim() ?? '',
      };
    }),
  );
  const byId = new Map(inRange.map((event) => [event.eventId, event]));
  expect(shown).toHaveLength(inRange.length);
  for (const row of shown) {
    const expected = byId.get(row.id)?.eventType ?? null;
    expect(row.type, `type of event ${row.id}`).toBe(expected ?? '');
    // Mantine's badge shows its label in capitals with CSS; the text itself is the label.
    expect(row.text, `badge of event ${row.id}`).toBe(expected ? TYPE_LABELS[expected] : '–');
  }

  await page.getByLabel('Soort').selectOption('passepartout');
  await expect(page).toHaveURL(/type=passepartout/);
  const passes = inRange.filter((event) => event.eventType === 'passepartout');
  await expect(page.getByTestId('event-row')).toHaveCount(passes.length);
  expect((await rowIds(page)).sort((a, b) => a - b)).toEqual(sortedIds(passes));
});

/** The venue date `days` from a `YYYY-MM-DD` date. */
function venueDateOf(date: string | undefined, days: number): string {
  const [y, m, d] = (date ?? '').split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** An upcoming performance with blocked seats of at least two types, as the API reports it. */
async function blockedPerformance(request: APIRequestContext): Promise<ApiEvent> {
  const upcoming = (await eventsIn(request, venueDate(), venueDate(60))).filter((event) => event.eventType === 'event');
  for (const event of upcoming) {
    const detail = await apiGet<ApiEvent>(request, `/event/${event.eventId}`);
    if ((detail.blockAvailability ?? []).filter((block) => block.count > 0).length >= 2) return detail;
  }
  throw new Error('the demo data has no upcoming performance with blocked seats of two types');
}

test('an event’s block counts, prices and rank capacities are the API’s', async ({ page }) => {
  const event = await blockedPerformance(page.request);
  await page.goto(`/events/${event.eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: event.eventName })).toBeVisible();
  await expect(page.getByTestId('event-page')).toBeVisible();

  // Blocks: one row per type the service sent, with its count and spec 2.8's meaning beside its label.
  const blocks = event.blockAvailability ?? [];
  await expect(page.getByTestId('block-row')).toHaveCount(blocks.length);
  for (const block of blocks) {
    const row = page.locator(`[data-testid="block-row"][data-block-type="${block.blockType}"]`);
    await expect(row).toContainText(block.blockName);
    expect(digits(await row.getByTestId('block-count').textContent()), block.blockType).toBe(block.count);
  }
  await expect(page.locator('[data-block-type="wheel"]')).toContainText('Rolstoelplaatsen');
  const blocked = blocks.reduce((total, block) => total + block.count, 0);
  await expect(page.getByTestId('capacity-summary')).toContainText(`${blocked.toLocaleString('nl-NL')} geblokkeerd`);
  // Taken is not sold: the service's availability counts reservations and carts too, and the page says so (it read
  // "419 verkocht" beside the sales figures' 342).
  await expect(page.getByTestId('capacity-summary')).toContainText(' bezet, ');
  await expect(page.getByTestId('capacity-taken-note')).toContainText('alleen verkochte plaatsen');

  // Prices: every amount of the API in the row of its price name and the column of its rank.
  const matrix = page.getByTestId('price-matrix');
  const headers = (await matrix.locator('thead th').allTextContents()).map((text) => text.trim());
  const names = new Set(event.prices.map((price) => price.priceName ?? 'Standaard'));
  await expect(matrix.getByTestId('price-row')).toHaveCount(names.size);
  for (const price of event.prices) {
    const row = matrix
      .getByTestId('price-row')
      .filter({ has: page.getByRole('rowheader', { name: price.priceName, exact: true }) });
    const column = headers.indexOf(price.rankName ?? '');
    expect(column, `rank column ${price.rankName}`).toBeGreaterThan(0);
    const cell = row.locator('td').nth(column - 1);
    expect(Number(await cell.getAttribute('data-amount')), `${price.priceName} × ${price.rankName}`).toBe(price.amount);
  }

  // Ranks: capacity per rank as the API has it (available may move while other tests sell).
  const ranks = event.availability ?? [];
  await expect(page.getByTestId('rank-availability')).toHaveCount(ranks.length);
  for (const [index, rank] of ranks.entries()) {
    const item = page.getByTestId('rank-availability').nth(index);
    await expect(item).toContainText(rank.rankName);
    await expect(item).toContainText(`van ${rank.capacity.toLocaleString('nl-NL')} vrij`);
  }

  // Those sales figures are one click away (the page named them and led nowhere).
  await page.getByRole('link', { name: 'Verkoopcijfers' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/occupancy\\?event=${event.eventId}$`));
});

test('a device in another time zone shows a performance at the venue’s time, as the service writes it', async ({
  browser,
  page,
  baseURL,
}) => {
  // A manager abroad, or a desk computer left on UTC: the times followed the device (20:15 read as 14:15).
  const event = await blockedPerformance(page.request);
  const written = /T(\d{2}:\d{2})/.exec(event.start)?.[1] ?? '';
  expect(event.start).toMatch(/[+-]\d{2}:\d{2}$/);
  const abroad = await browser.newContext({ baseURL, timezoneId: 'America/New_York', locale: 'nl-NL' });
  try {
    const away = await abroad.newPage();
    expect((await signInByApi(away.request, baseURL ?? '', DEMO)).status()).toBe(200);
    await away.goto(`/events/${event.eventId}`);
    await expect(away.locator(`time[datetime="${event.start}"]`)).toContainText(written);
  } finally {
    await abroad.close();
  }
});

test('the event with the longest word in its name, its seat plan and its hall fit a phone and a tablet, its production title unbroken at 1280 px', async ({
  page,
}) => {
  const events = await eventsIn(page.request, venueDate(-30), venueDate(365));
  const longestWord = (event: ApiEvent) => Math.max(...event.eventName.split(/\s+/).map((word) => word.length));
  const event = [...events].sort((a, b) => longestWord(b) - longestWord(a))[0];
  if (!event) throw new Error('no events');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/events/${event.eventId}`);
  const production = page.getByTestId('production-link');
  await expect(production).not.toHaveText(/^Productie \d+$/);
  // In six equal columns "Oudejaarsconference" broke inside the word: one line per word at most now.
  const broken = await production.evaluate((link) => {
    const range = document.createRange();
    range.selectNodeContents(link);
    const words = (link.textContent ?? '').trim().split(/\s+/).length;
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > words;
  });
  expect(broken, `"${await production.textContent()}" broken inside a word`).toBe(false);
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('heading', { level: 1, name: event.eventName })).toBeVisible();
  expect((await horizontalOverflow(page)).page).toBeLessThanOrEqual(0);
  // Its seat plan's heading ("Zaalplan: Oudejaarsconference …") too; and its hall's website, one long word, at 768 px.
  await page.goto(`/events/${event.eventId}/seats`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(event.eventName);
  expect((await horizontalOverflow(page)).page).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 768, height: 800 });
  await page.goto(`/halls/${event.hallId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('event-row').first()).toBeVisible();
  expect((await horizontalOverflow(page)).page).toBeLessThanOrEqual(0);
});

test('a production lists its events, with their availability', async ({ page }) => {
  const [first] = await eventsIn(page.request, venueDate(), venueDate(60));
  if (!first) throw new Error('no upcoming events in the demo data');
  const production = await apiGet<{ title: string; artist: string | null; events: ApiEvent[] }>(
    page.request,
    `/production/${first.productionId}`,
  );
  await page.goto(`/events/${first.eventId}`);
  await page.getByTestId('production-link').click();
  await expect(page).toHaveURL(new RegExp(`/productions/${first.productionId}$`));
  await expect(page.getByRole('heading', { level: 1, name: production.title })).toBeVisible();
  await expect(page.getByTestId('event-row')).toHaveCount(production.events.length);
  expect((await rowIds(page)).sort((a, b) => a - b)).toEqual(sortedIds(production.events));
  await expect(page.getByTestId('availability-cell')).toHaveCount(production.events.length);
});

test('a hall lists its events, with address and website', async ({ page }) => {
  const halls = await apiGet<Array<{ hallId: number; hallName: string; hallCity: string; hallUrl: string }>>(
    page.request,
    '/hall',
  );
  const upcoming = await eventsIn(page.request, venueDate(), venueDate(60));
  const hall = halls.find((candidate) => upcoming.some((event) => event.hallId === candidate.hallId));
  if (!hall) throw new Error('no hall with upcoming events');
  await page.goto('/halls');
  await page.getByRole('link', { name: hall.hallName, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/halls/${hall.hallId}$`));
  await expect(page.getByRole('heading', { level: 1, name: hall.hallName })).toBeVisible();
  await expect(page.getByTestId('hall-page')).toContainText(hall.hallCity);
  await expect(page.getByRole('link', { name: hall.hallUrl })).toHaveAttribute('href', hall.hallUrl);
  const inHall = upcoming.filter((event) => event.hallId === hall.hallId);
  await expect(page.getByTestId('event-row')).toHaveCount(inHall.length);
  expect((await rowIds(page)).sort((a, b) => a - b)).toEqual(sortedIds(inHall));
});

test('occupancy: every performance in the period counted, fullest and emptiest ranked, chart drawn', async ({
  page,
}) => {
  // Some 30 details, read by the gateway and again here, and the mirror's first sync, on a loaded machine.
  test.setTimeout(600_000);
  const from = venueDate();
  const to = venueDate(60);
  const performances = (await eventsIn(page.request, from, to)).filter(
    (event) => event.eventType === 'event' || event.eventType === null,
  );
  await page.goto('/events');
  await page.getByRole('link', { name: 'Bezetting' }).click();
  await expect(page).toHaveURL(/\/events\/occupancy$/);
  // Done when every detail is in (the progress bar goes away with it).
  await expect(page.getByTestId('occupancy-results')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('occupancy-progress')).toBeHidden();
  await expect(page.getByTestId('occupancy-performances')).toHaveText(String(performances.length));
  await expect(page.locator('[data-testid="occupancy-chart"] .recharts-bar-rectangle').first()).toBeVisible();

  // The figures agree with the API's details (capacity does not move; sold might, so it is compared loosely).
  let capacity = 0;
  for (const event of performances) {
    const detail = await apiGet<ApiEvent>(page.request, `/event/${event.eventId}`);
    for (const rank of detail.availability ?? []) capacity += rank.capacity;
  }
  expect(digits(await page.getByTestId('occupancy-capacity').textContent())).toBe(capacity);

  const shares = async (list: string) =>
    (await page.getByTestId(list).getByTestId('ranked-share').allTextContents()).map((text) => digits(text));
  const fullest = await shares('occupancy-fullest');
  const emptiest = await shares('occupancy-emptiest');
  expect(fullest).toHaveLength(Math.min(5, performances.length));
  expect(fullest).toEqual([...fullest].sort((a, b) => b - a));
  expect(emptiest).toEqual([...emptiest].sort((a, b) => a - b));
  expect(fullest[0]).toBeGreaterThanOrEqual(emptiest[0] ?? 0);

  // The table view is in the URL and lists every performance; a ranked name leads to its event.
  await page.getByRole('button', { name: 'Als tabel tonen' }).click();
  await expect(page).toHaveURL(/table=1/);
  await expect(page.getByTestId('occupancy-table').locator('tbody tr')).toHaveCount(performances.length);

  // A performance's sales from the mirror: booking pace, prices, channels, blocked seats, waiting list.
  await mirrorSynced(page.request);
  const fullestId = await page.getByTestId('ranked-performance').first().getAttribute('data-event-id');
  await page.getByTestId('performance-choose').selectOption(fullestId ?? '');
  await expect(page).toHaveURL(new RegExp(`event=${fullestId}`));
  const sales = page.getByTestId('performance-sales');
  await expect(sales).toHaveAttribute('data-event-id', fullestId ?? '');
  await expect(sales.getByRole('heading', { name: 'Boekingsverloop' })).toBeVisible();
  await expect(sales.getByTestId('pace-chart').or(sales.getByText('Nog geen verkochte plaatsen.'))).toBeVisible({
    timeout: 30_000,
  });
  await expect(sales.getByRole('heading', { name: 'Geblokkeerde plaatsen per soort' })).toBeVisible();
  await expect(sales.getByRole('heading', { name: 'Plaatsen per prijsnaam' })).toBeVisible();

  await page.getByTestId('occupancy-fullest').getByRole('link').first().click();
  await expect(page.getByTestId('event-page')).toBeVisible();

  // Another period: the figures follow it.
  const week = (await eventsIn(page.request, venueDate(7), venueDate(13))).filter(
    (event) => event.eventType === 'event' || event.eventType === null,
  );
  await page.goto(`/events/occupancy?range=custom&from=${venueDate(7)}&to=${venueDate(13)}`);
  await expect(page.getByTestId('occupancy-results')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('occupancy-performances')).toHaveText(String(week.length));

  // On a 390-px phone the figures fit their half of the screen: the revenue at 24 px widened the page by 31 px.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/events/occupancy');
  await expect(page.getByTestId('occupancy-results')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('occupancy-revenue')).toBeVisible();
  expect((await horizontalOverflow(page)).page).toBeLessThanOrEqual(0);
});

test('axe, light and dark: no serious or critical findings on the list, event, production, hall and occupancy pages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [first] = await eventsIn(page.request, venueDate(), venueDate(60));
  if (!first) throw new Error('no upcoming events in the demo data');
  const pages: Array<[string, () => Promise<void>]> = [
    ['/events', () => expect(page.getByTestId('event-row').first()).toBeVisible()],
    [`/events/${first.eventId}`, () => expect(page.getByTestId('block-table')).toBeVisible()],
    [`/productions/${first.productionId}`, () => expect(page.getByTestId('availability-cell').first()).toBeVisible()],
    ['/halls', () => expect(page.getByTestId('hall-row').first()).toBeVisible()],
    [`/halls/${first.hallId}`, () => expect(page.getByTestId('event-row').first()).toBeVisible()],
    ['/events/occupancy', () => expect(page.getByTestId('occupancy-fullest')).toBeVisible()],
  ];
  for (const [path, ready] of pages) {
    await page.goto(path);
    await ready();
    await page.waitForLoadState('networkidle');
    expect(await seriousFindingsInBothSchemes(page), path).toEqual(NO_FINDINGS);
  }
});
