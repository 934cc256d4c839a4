import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { NO_FINDINGS, seriousFindingsInBothSchemes } from './support/axe';
import { DEMO, expect, signInByApi, test } from './support/fixtures';

interface ApiEvent {
  eventId: number;
  hallId: number;
  start: string;
}

/** The first future event in the hall named `hallName` (the demo data has a 20,400-seat "Arena"). */
async function futureEventIn(request: APIRequestContext, hallName: string): Promise<number> {
  const halls = (await (await request.get('/api/v1/demo/partner/hall')).json()) as {
    hallId: number;
    hallName: string;
  }[];
  const hall = halls.find((candidate) => candidate.hallName === hallName);
  if (!hall) throw new Error(`No hall ${hallName} in the demo data`);
  const events = (await (await request.get('/api/v1/demo/partner/event')).json()) as ApiEvent[];
  const now = Date.now();
  const event = events
    .filter((candidate) => candidate.hallId === hall.hallId && Date.parse(candidate.start) > now)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0];
  if (!event) throw new Error(`No future event in ${hallName}`);
  return event.eventId;
}

async function openSeatPlan(page: Page, baseURL: string | undefined, hallName = 'Arena'): Promise<number> {
  expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
  const eventId = await futureEventIn(page.request, hallName);
  await page.goto(`/events/${eventId}/seats`);
  await expect(page.getByTestId('seat-plan-page')).toBeVisible();
  return eventId;
}

const scaleOf = async (canvas: Locator) => Number(await canvas.getAttribute('data-scale'));

/**
 * The arena's first drawing: its 20,400 seats' states from the server, laid out and drawn. Beside the other worker's
 * axe pass on CI's two cores it once took just over the 10 s an expectation waits (the plan was on screen in the
 * failure's snapshot), twice in three runs of the whole suite.
 */
const FIRST_DRAWING = { timeout: 25_000 };

/** Opens the arena's plan and waits until it is drawn: its canvas, the scale it fits at, and its centre on the page. */
async function openFittedPlan(page: Page, baseURL: string | undefined) {
  await openSeatPlan(page, baseURL);
  const canvas = page.getByTestId('seat-plan-canvas');
  await expect(canvas).toHaveAttribute('data-scale', /\d/, FIRST_DRAWING);
  const fitted = await scaleOf(canvas);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('The plan is not visible');
  return { canvas, fitted, centre: { x: box.x + box.width / 2, y: box.y + box.height / 2 } };
}

/**
 * Moves the pointer over the plan until the tooltip shows a seat in `state`; returns that point. One read of the
 * tooltip per point (its count and then its text took two more round trips each: at load 10 the search outlasted the
 * test's 30 s).
 */
async function findSeat(page: Page, canvas: Locator, state: RegExp): Promise<{ x: number; y: number }> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('The plan is not visible');
  const tooltip = page.getByTestId('seat-tooltip');
  for (let y = box.y + box.height * 0.3; y < box.y + box.height * 0.8; y += 7) {
    for (let x = box.x + box.width * 0.2; x < box.x + box.width * 0.8; x += 9) {
      await page.mouse.move(x, y);
      const text = await tooltip.evaluateAll((shown) => shown[0]?.textContent ?? '');
      if (state.test(text)) return { x, y };
    }
  }
  throw new Error(`No seat ${state} found on the plan`);
}

test.describe('seat plan', () => {
  test('the arena plan draws, zooms with the buttons, shows a tooltip and selects a seat by clicking', async ({
    page,
    baseURL,
  }) => {
    // The arena's 20,400 seats, then some 150 pointer moves to find a free one: 31.7 s once at load 10.
    test.setTimeout(60_000);
    await openSeatPlan(page, baseURL);
    const canvas = page.getByTestId('seat-plan-canvas');
    await expect(canvas).toHaveAttribute('data-scale', /\d/, FIRST_DRAWING);
    await expect(page.getByTestId('seat-plan-viewer')).toHaveAttribute('data-seat-count', '20400');
    const firstDraw = await page.evaluate(() =>
      performance
        .getEntriesByName('seatplan:draw', 'measure')
        .map((entry) => (entry as PerformanceMeasure).detail as { kind: string; seats: number }),
    );
    expect(firstDraw[0]).toEqual({ kind: 'first', seats: 20400 });
    // The legend names every rank with its prices in euros.
    await expect(page.getByTestId('legend-rank')).toHaveCount(4);
    await expect(page.getByTestId('legend-rank').first()).toContainText(/Normaal €\s\d+,\d\d/);

    const fitted = await scaleOf(canvas);
    await page.getByRole('button', { name: 'Inzoomen' }).click();
    await page.getByRole('button', { name: 'Inzoomen' }).click();
    await expect.poll(() => scaleOf(canvas)).toBeGreaterThan(fitted * 1.9);
    await page.getByRole('button', { name: 'Uitzoomen' }).click();
    await expect.poll(() => scaleOf(canvas)).toBeLessThan(fitted * 1.5);
    await page.getByRole('button', { name: 'Inzoomen' }).click();
    await page.getByRole('button', { name: 'Inzoomen' }).click();
    await page.getByRole('button', { name: 'Inzoomen' }).click();
    await page.getByRole('button', { name: 'Passend maken' }).click();
    await expect.poll(() => scaleOf(canvas)).toBeCloseTo(fitted, 3);
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Inzoomen' }).click();

    const point = await findSeat(page, canvas, /Vrij/);
    const tooltip = page.getByTestId('seat-tooltip');
    await expect(tooltip).toContainText(/(Vloer|Tribune) \w+, rij \d+, stoel \d+/);
    await expect(tooltip).toContainText(/(Vloer|Tribune laag|Tribune hoog|Zicht beperkt) · €\s\d+,\d\d/);
    await page.mouse.click(point.x, point.y);
    await expect(page.getByTestId('seat-selection-summary')).toHaveText(/^1 gekozen, €\s\d+,\d\d$/);
    await expect(tooltip).toContainText('Gekozen');
    const select = await page.evaluate(() => performance.getEntriesByName('seatplan:select', 'measure').length);
    expect(select).toBeGreaterThan(0);
    // A second click releases it.
    await page.mouse.click(point.x, point.y);
    await expect(page.getByTestId('seat-selection-summary')).toHaveText('0 gekozen');
  });

  test('a seat can be chosen through the list alternative with the keyboard alone', async ({ page, baseURL }) => {
    await openSeatPlan(page, baseURL);
    const list = page.getByTestId('seat-list');
    await expect(list).toBeVisible();
    // Reach the list from the "best available" button by tabbing: the legend has no stops in between.
    await page.getByRole('button', { name: 'Kies beste' }).focus();
    await page.keyboard.press('Tab');
    await expect(list.getByRole('combobox', { name: 'Vak' })).toBeFocused();
    // Go to a floor section with free seats in row 1, by keyboard.
    let found = false;
    for (let step = 0; step < 8 && !found; step++) {
      await page.keyboard.press('Tab');
      const rowLabel = await list.getByRole('combobox', { name: 'Rij' }).evaluate((element) => {
        const select = element as HTMLSelectElement;
        return select.options[select.selectedIndex]?.text ?? '';
      });
      if (!/\(0 vrij\)/.test(rowLabel)) {
        found = true;
        break;
      }
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('ArrowDown');
    }
    expect(found).toBe(true);
    await expect(list.getByRole('combobox', { name: 'Rij' })).toBeFocused();
    // Into the seats: Tab stops at the first seat that can be chosen (unavailable ones are disabled).
    await page.keyboard.press('Tab');
    const focusedSeat = page.locator('[data-testid="seat-list"] input[type="checkbox"]:focus');
    await expect(focusedSeat).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(focusedSeat).toBeChecked();
    await expect(page.getByTestId('seat-selection-summary')).toHaveText(/^1 gekozen, €\s\d+,\d\d$/);
  });

  test('the plan itself works by keyboard: arrows move, the focus shows a tooltip, Enter chooses', async ({
    page,
    baseURL,
  }) => {
    await openSeatPlan(page, baseURL);
    const canvas = page.getByTestId('seat-plan-canvas');
    // Into the plan from the controls after it by Shift+Tab (a keyboard focus: it shows the seat in focus).
    await page.getByRole('button', { name: 'Inzoomen' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(canvas).toBeFocused();
    const announcement = page.getByTestId('seat-announcement');
    await expect(announcement).toContainText(/rij \d+, stoel \d+/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('seat-tooltip')).toContainText(/rij \d+, stoel \d+/);
    // Find a free seat by walking right, then choose it with Enter.
    for (let i = 0; i < 60 && !/Vrij$/.test((await announcement.textContent()) ?? ''); i++) {
      await page.keyboard.press('ArrowRight');
    }
    await expect(announcement).toHaveText(/Vrij$/);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('seat-selection-summary')).toHaveText(/^1 gekozen/);
    await expect(announcement).toHaveText(/Gekozen$/);
  });

  test('the wheel zooms, a drag pans and a shift-drag chooses every free seat in the box', async ({
    page,
    baseURL,
  }) => {
    const { canvas, fitted, centre } = await openFittedPlan(page, baseURL);
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -500);
    await expect.poll(() => scaleOf(canvas)).toBeGreaterThan(fitted * 2);
    // A plain drag moves the plan and chooses nothing.
    const summary = page.getByTestId('seat-selection-summary');
    await page.mouse.down();
    await page.mouse.move(centre.x - 60, centre.y - 30, { steps: 4 });
    await page.mouse.up();
    await expect(summary).toHaveText('0 gekozen');
    // Shift-drag over a block of seats: several seats at once (the arena's middle has free seats after zooming).
    await page.keyboard.down('Shift');
    await page.mouse.move(centre.x - 80, centre.y - 60);
    await page.mouse.down();
    await page.mouse.move(centre.x + 80, centre.y + 60, { steps: 6 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await expect(summary).toHaveText(/^([2-9]|\d\d+) gekozen, €\s[\d.]+,\d\d$/);
  });

  test('on a touchscreen two fingers pinch the plan larger, and choose nothing', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1024, height: 768 },
      hasTouch: true,
      locale: 'nl-NL',
      timezoneId: 'Europe/Amsterdam',
    });
    const page = await context.newPage();
    const { canvas, fitted, centre } = await openFittedPlan(page, baseURL);
    // Two touch points moving apart, as the browser gets them from a touchscreen.
    const touch = await context.newCDPSession(page);
    const fingers = (spread: number) => [
      { x: centre.x - spread, y: centre.y, id: 1 },
      { x: centre.x + spread, y: centre.y, id: 2 },
    ];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
    for (let spread = 30; spread <= 120; spread += 10) {
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    }
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => scaleOf(canvas)).toBeGreaterThan(fitted * 3);
    await expect(page.getByTestId('seat-selection-summary')).toHaveText('0 gekozen');
    await context.close();
  });

  test('"best 4 available" chooses four seats side by side', async ({ page, baseURL }) => {
    await openSeatPlan(page, baseURL);
    await page.getByTestId('best-quantity').selectOption('4');
    await page.getByRole('button', { name: 'Kies beste' }).click();
    await expect(page.getByTestId('seat-selection-summary')).toHaveText(/^4 gekozen, €\s\d/);
    await expect(page.getByTestId('seat-plan-notice')).toHaveCount(0);
  });

  test('the event page links to the seat plan', async ({ page, baseURL }) => {
    expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
    const eventId = await futureEventIn(page.request, 'Arena');
    await page.goto(`/events/${eventId}`);
    await page.getByRole('link', { name: 'Zaalplan' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/${eventId}/seats$`));
    await expect(page.getByTestId('seat-plan-canvas')).toBeVisible();
  });

  test('a general-admission event shows its available count instead of seats', async ({ page, baseURL }) => {
    await openSeatPlan(page, baseURL, 'Kleine Zaal (staand)');
    await expect(page.getByTestId('general-admission')).toBeVisible();
    await expect(page.getByTestId('general-admission-available')).toHaveText(/^[\d.]+ beschikbaar$/);
    await expect(page.getByTestId('seat-plan-canvas')).toHaveCount(0);
  });

  test('a style sheet that fails to load once is asked for again: the page comes styled', async ({ page, baseURL }) => {
    // One of each kind fails once: the app's own in index.html (this test's flake: an unstyled page, axe's contrast
    // findings), the shell's that Vite's loader adds for the signed-in routes, and the plan viewer's, added for a
    // component loaded later (each failure used to leave a route error instead).
    const requests = new Map<string, number>();
    await page.route(/\/assets\/(index|signed-in|seat-plan-viewer)-[\w-]+\.css$/, async (route) => {
      const name = new URL(route.request().url()).pathname;
      const count = (requests.get(name) ?? 0) + 1;
      requests.set(name, count);
      if (count === 1) await route.fulfill({ status: 503, body: 'busy' });
      else await route.continue();
    });
    await openSeatPlan(page, baseURL, 'Grote Zaal');
    await expect(page.getByTestId('seat-plan-canvas')).toHaveAttribute('data-scale', /\d/);
    expect([...requests.values()]).toEqual([2, 2, 2]);
    // Every sheet of the page has its rules, and they apply: the theme's colours and the shell's grid.
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({
        href: new URL(link.href).pathname,
        rules: link.sheet?.cssRules.length ?? 0,
      })),
    );
    expect(sheets.filter((sheet) => sheet.rules === 0)).toEqual([]);
    expect(sheets.length).toBeGreaterThanOrEqual(3);
    await expect(page.locator('html')).toHaveCSS('--mantine-color-body', /#|rgb/);
    await expect(page.locator('.foyer-shell')).toHaveCSS('display', 'grid');
  });

  test('no serious or critical axe findings, light and dark', async ({ page, baseURL }) => {
    // Two axe passes over a plan of hundreds of seats.
    test.setTimeout(90_000);
    await openSeatPlan(page, baseURL);
    await expect(page.getByTestId('seat-plan-canvas')).toHaveAttribute('data-scale', /\d/, FIRST_DRAWING);
    expect(await seriousFindingsInBothSchemes(page)).toEqual(NO_FINDINGS);
  });
});
