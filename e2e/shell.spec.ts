import type { Page } from '@playwright/test';
import { expectDashboard, horizontalOverflow } from './app-pages';
import { DEMO, expect, signInByApi, test } from './support/fixtures';
import { waitForCustomerMirror } from './support/mirror';

/** Signed in through the gateway API (the form has its own tests), then the page at `path`. */
async function openSignedIn(page: Page, baseURL: string | undefined, path: string) {
  const response = await signInByApi(page.request, baseURL ?? '', DEMO);
  expect(response.status()).toBe(200);
  await page.goto(path);
}

test.describe('shell', () => {
  test('a new page opens at its top; Back returns to where the list was scrolled', async ({ page, baseURL }) => {
    // It may wait for the mirror's first full sync, which starts with the server.
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openSignedIn(page, baseURL, '/customers');
    // The list shows the gateway's copy of the customers, which the server's first sync may still be filling.
    await waitForCustomerMirror(page.request);
    // The tab says which page it holds: the page's heading, then the app (every tab read "Foyer").
    await expect(page).toHaveTitle('Klanten · Foyer');
    const row = page.getByRole('table', { name: 'Klanten' }).getByRole('row').nth(30);
    await row.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(300);
    await row.click();
    await expect(page).toHaveURL(/\/customers\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // The customer's page: their name (the heading, once loaded), not the list's title.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(page).not.toHaveTitle('Klanten · Foyer');
    await expect
      .poll(async () => (await page.title()) === `${((await heading.textContent()) ?? '').trim()} · Foyer`)
      .toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(/\/customers$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  });

  test('Ctrl+K opens the command palette, which navigates', async ({ page, baseURL }) => {
    await openSignedIn(page, baseURL, '/no-such-page');
    await expect(page.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const search = page.getByRole('textbox', { name: 'Opdrachtpalet' });
    await expect(search).toBeVisible();
    await expect(search).toBeFocused();
    await search.fill('overzicht');
    // The areas' descriptions and commands load with the palette (app/area-commands.ts), not with the shell.
    await expect(page.getByRole('button', { name: /Ga naar Overzicht/ })).toContainText(
      'Voorstellingen van vandaag en de komende dagen',
    );
    await page.getByRole('button', { name: /Ga naar Overzicht/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectDashboard(page);

    // Again, all by keyboard: the palette's own shortcut now that it is loaded, once the palette has closed
    // (in one CI run the key, pressed 0.4 s after the click while it was still closing, opened nothing).
    await expect(search).toBeHidden();
    await page.keyboard.press('Control+k');
    await expect(search).toBeVisible();
    await search.fill('english');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('Ctrl+K opens the palette from a text field too, before and after the palette has loaded', async ({
    page,
    baseURL,
  }) => {
    await openSignedIn(page, baseURL, '/customers');
    const field = page.getByRole('textbox').first();
    const palette = page.getByRole('textbox', { name: 'Opdrachtpalet' });
    for (const round of ['not loaded yet', 'loaded']) {
      await field.focus();
      await page.keyboard.press('Control+k');
      await expect(palette, round).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(palette).toBeHidden();
    }
  });

  test('the shortcuts work from the moment a page shows', async ({ page, baseURL }) => {
    // A key pressed as soon as the page's heading is in the document, before the browser runs anything else:
    // twice in CI a ? or a Ctrl+K pressed right after the heading showed opened nothing, while the shell's
    // listeners were attached in passive effects, which React may run only after the first paint.
    await page.addInitScript(() => {
      const pressed = new Set<string>();
      new MutationObserver(() => {
        const heading = [...document.querySelectorAll('h1')].find((h) => h.textContent === 'Pagina niet gevonden');
        const key = new URL(location.href).searchParams.get('press');
        if (!heading || !key || pressed.has(location.href)) return;
        pressed.add(location.href);
        window.dispatchEvent(new KeyboardEvent('keydown', { key, ctrlKey: key === 'k', bubbles: true }));
      }).observe(document, { childList: true, subtree: true });
    });
    await openSignedIn(page, baseURL, '/no-such-page?press=%3F');
    await expect(page.getByRole('dialog', { name: 'Sneltoetsen' })).toBeVisible();
    await page.goto('/no-such-page?press=k');
    await expect(page.getByRole('textbox', { name: 'Opdrachtpalet' })).toBeVisible();
  });

  test('? shows the keyboard shortcuts, g then d goes to the dashboard', async ({ page, baseURL }) => {
    await openSignedIn(page, baseURL, '/no-such-page');
    await expect(page.getByRole('heading', { name: 'Pagina niet gevonden' })).toBeVisible();
    await page.keyboard.press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Sneltoetsen' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Opdrachtpalet openen');
    await expect(dialog).toContainText('Naar Overzicht');
    // An area's own keys, which load with the overlay (app/area-commands.ts).
    await expect(dialog).toContainText('Kassa: afrekenen');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.keyboard.press('g');
    await page.keyboard.press('d');
    await expect(page).toHaveURL(/\/$/);
    await expectDashboard(page);
  });

  test('shortcuts do not fire while typing in a field', async ({ page, baseURL }) => {
    await openSignedIn(page, baseURL, '/');
    await expectDashboard(page);
    await page.keyboard.press('Control+k');
    const search = page.getByRole('textbox', { name: 'Opdrachtpalet' });
    await search.pressSequentially('?gd');
    await expect(search).toHaveValue('?gd');
    await expect(page.getByRole('dialog', { name: 'Sneltoetsen' })).toHaveCount(0);
  });

  test('each dashboard card counts as taken what is neither available nor blocked, as the API gives it', async ({
    page,
    baseURL,
  }) => {
    await openSignedIn(page, baseURL, '/');
    await expectDashboard(page);
    const cards = page.getByTestId('performance-card');
    await expect(page.getByTestId('sold-of-capacity').first()).toBeVisible();
    const eventIds = await cards.evaluateAll((links) =>
      links.map((link) => Number(link.getAttribute('href')?.split('/').pop())),
    );
    const apiSold = async () => {
      const sold = new Map<number, { sold: number; capacity: number }>();
      for (const eventId of eventIds) {
        // The dashboard reads the organisation's shared copy of the detail (at most 30 s old, issue 32).
        const response = await page.request.get(`/api/catalog/events/${eventId}`);
        expect(response.status()).toBe(200);
        const event = (await response.json()) as {
          availability?: { capacity: number; available: number }[];
          blockAvailability?: { count: number }[];
        };
        const sum = <T>(list: T[] | undefined, value: (item: T) => number) =>
          (list ?? []).reduce((total, item) => total + value(item), 0);
        const capacity = sum(event.availability, (rank) => rank.capacity);
        const available = sum(event.availability, (rank) => rank.available);
        sold.set(eventId, { capacity, sold: capacity - available - sum(event.blockAvailability, (b) => b.count) });
      }
      return sold;
    };
    // Other tests sell meanwhile: the cards are read between two reads of the shared copy, and must lie between
    // them (a copy is replaced only by a newer one).
    const before = await apiSold();
    await page.reload();
    await expectDashboard(page);
    await expect(page.getByTestId('sold-of-capacity').first()).toBeVisible();
    const shown = await cards.evaluateAll((links) =>
      links.map((link) => ({
        eventId: Number(link.getAttribute('href')?.split('/').pop()),
        text: link.querySelector('[data-testid="sold-of-capacity"]')?.textContent ?? null,
      })),
    );
    const after = await apiSold();
    let checked = 0;
    for (const { eventId, text } of shown) {
      const match = text?.match(/^([\d.]+) van ([\d.]+) bezet/);
      if (!match) continue;
      const [sold, capacity] = [Number(match[1]?.replaceAll('.', '')), Number(match[2]?.replaceAll('.', ''))];
      const [a, b] = [before.get(eventId), after.get(eventId)];
      expect(capacity).toBe(a?.capacity);
      expect(sold, `event ${eventId}`).toBeGreaterThanOrEqual(Math.min(a?.sold ?? 0, b?.sold ?? 0));
      expect(sold, `event ${eventId}`).toBeLessThanOrEqual(Math.max(a?.sold ?? 0, b?.sold ?? 0));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });

  test('language and colour scheme switch and stay after a reload', async ({ page, baseURL }) => {
    await openSignedIn(page, baseURL, '/');
    await expectDashboard(page);
    await page.getByRole('group', { name: 'Taal' }).getByRole('button', { name: 'EN' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('sold-of-capacity').first()).toContainText(/[\d,]+ of [\d,]+ taken/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const toggle = page.getByTestId('color-scheme-toggle');
    await toggle.click();
    const scheme = await page.locator('html').getAttribute('data-mantine-color-scheme');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme ?? '');
  });

  test('the header fits a phone and a small tablet; sign-out stays reachable by name and keyboard', async ({
    page,
    baseURL,
  }) => {
    await openSignedIn(page, baseURL, '/');
    await expectDashboard(page);
    for (const width of [360, 600, 768]) {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(() => horizontalOverflow(page), { message: `sideways overflow at ${width} px` })
        .toEqual({ header: 0, page: 0 });
    }

    await page.setViewportSize({ width: 360, height: 800 });
    // No keyboard shortcut on a phone: the search icon opens the palette.
    await page.getByRole('button', { name: 'Opdrachtpalet', exact: true }).click();
    const paletteSearch = page.getByRole('textbox', { name: 'Opdrachtpalet' });
    await expect(paletteSearch).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(paletteSearch).toBeHidden();

    // At 360 px sign-out is an icon alone, still named, inside the screen, and next after the colour scheme by Tab.
    const signOut = page.getByRole('button', { name: 'Afmelden' });
    await expect(signOut).toBeInViewport({ ratio: 1 });
    await page.getByTestId('color-scheme-toggle').focus();
    await page.keyboard.press('Tab');
    await expect(signOut).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Aanmelden bij Foyer' })).toBeVisible();
  });

  test('the events list fits a phone: no page scrolls sideways', async ({ page, baseURL }) => {
    await openSignedIn(page, baseURL, '/events');
    await page.setViewportSize({ width: 390, height: 844 });
    // The range presets are a select on a phone (five side by side were some 600 px wide).
    await expect(page.getByTestId('range-select')).toBeVisible();
    await expect(page.getByTestId('events-table').first()).toBeVisible();
    await expect
      .poll(() => horizontalOverflow(page), { message: 'sideways overflow on /events' })
      .toEqual({
        header: 0,
        page: 0,
      });
  });

  test('works on a 1024-px touchscreen: navigation visible, targets large enough', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1024, height: 768 },
      hasTouch: true,
      isMobile: false,
      locale: 'nl-NL',
      timezoneId: 'Europe/Amsterdam',
    });
    const page = await context.newPage();
    await openSignedIn(page, baseURL, '/');
    await expectDashboard(page);
    await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' })).toBeVisible();
    for (const target of [
      page.getByRole('button', { name: 'Afmelden' }),
      page.getByTestId('color-scheme-toggle'),
      page.getByRole('link', { name: 'Overzicht' }),
    ]) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(34);
    }
    await page.getByTestId('performance-card').first().tap();
    await expect(page).toHaveURL(/\/events\/\d+$/);
    await context.close();
  });
});
