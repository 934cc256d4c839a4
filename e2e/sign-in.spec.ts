import { expectDashboard, signInThroughForm } from './app-pages';
import { DEMO, expect, test } from './support/fixtures';

test.describe('sign-in', () => {
  test('demo sign-in lands on the dashboard with performances, linked to their pages', async ({ page }) => {
    // Signed out, `/` loads what /sign-in loads and no signed-in code (the shell, the dashboard); it comes
    // after the sign-in.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('button', { name: 'Aanmelden', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const signedInCode = /\/(signed-in|app-layout|dashboard-page)-[\w-]+\.js$/;
    expect(scripts.filter((path) => signedInCode.test(path))).toEqual([]);
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/$/);
    await expectDashboard(page);
    await expect(page.getByTestId('signed-in-person')).toHaveText('Aangemeld als Ada Admin');
    await expect(page.getByTestId('performance-card').first()).toHaveAttribute('href', /^\/events\/\d+$/);
    // Today lists every event dated at the door: the demo's dinner-and-show arrangement (a combi, at 18:00 on the
    // day the demo is made) too, which a walkthrough found missing.
    const today = page.getByRole('region', { name: 'Vandaag' });
    await expect(today.getByTestId('performance-card').filter({ hasText: 'Diner & Theater Arrangement' })).toHaveCount(
      1,
    );
    expect(scripts.filter((path) => signedInCode.test(path))).not.toEqual([]);
  });

  test('a wrong password shows a clear error and creates no session', async ({ page }) => {
    await page.goto('/sign-in');
    await signInThroughForm(page, { email: DEMO.email, password: 'not-the-demo-password' });
    await expect(page.getByRole('alert')).toContainText('Onbekend e-mailadres of onjuist wachtwoord');
    await expect(page).toHaveURL(/\/sign-in$/);
    // The form keeps what was typed, ready to correct; submitting is possible again.
    await expect(page.getByLabel('E-mailadres')).toHaveValue(DEMO.email);
    await expect(page.getByRole('button', { name: 'Aanmelden', exact: true })).toBeEnabled();
    expect((await page.request.get('/api/session')).status()).toBe(401);
    expect(await page.context().cookies()).toEqual([]);
  });

  test('sign-out ends the session and shows the sign-in page', async ({ page }) => {
    await page.goto('/sign-in');
    await signInThroughForm(page);
    await expectDashboard(page);
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    expect((await page.request.get('/api/session')).status()).toBe(401);
    // Back to a signed-in page: the app sends the person to sign in again.
    await page.goto('/');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('a deep link while signed out returns there, with its query, after sign-in', async ({ page }) => {
    // The areas' routes (but the dashboard's) join the router on the first visit to one, once signed in.
    const areaRoutes: string[] = [];
    page.on('request', (request) => {
      if (/\/area-routes-[\w-]+\.js$/.test(request.url())) areaRoutes.push(request.url());
    });
    await page.goto('/events/12?tab=prices');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fevents%2F12%3Ftab%3Dprices$/);
    await page.waitForLoadState('networkidle');
    expect(areaRoutes).toEqual([]);
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/events\/12\?tab=prices$/);
    await expect(page.getByTestId('event-page')).toBeVisible();
    expect(areaRoutes).toHaveLength(1);
  });

  test('a visit left for another before the areas’ routes arrived still finds them', async ({ page }) => {
    await page.goto('/sign-in');
    await signInThroughForm(page);
    await expectDashboard(page);
    // The routes' chunk is held back: the first click's navigation is still discovering when the second starts.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/area-routes-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Klanten' }).first().click();
    await page.getByRole('link', { name: 'Bestellingen' }).first().click();
    release();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellingen' })).toBeVisible();
    await page.getByRole('link', { name: 'Klanten' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Klanten' })).toBeVisible();
    await expect(page.getByText('Pagina niet gevonden')).toHaveCount(0);
  });

  test('a session that lapses while working sends the person to sign-in and back', async ({ page }) => {
    await page.goto('/sign-in');
    await signInThroughForm(page);
    await expectDashboard(page);
    // The gateway forgets the session (as after a restart or a timeout); the next API call answers 401.
    await page.context().clearCookies();
    await page.goto('/?view=week');
    await expect(page).toHaveURL(/\/sign-in\?next=%2F%3Fview%3Dweek$/);
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/\?view=week$/);
    await expectDashboard(page);
  });

  test('a 401 from any API call goes to sign-in, keeping the page to return to', async ({ page }) => {
    await page.goto('/sign-in');
    await signInThroughForm(page);
    await expectDashboard(page);
    // Every data call the dashboard makes (forwarded or the gateway's own, such as the shared event catalog)
    // answers 401; the session's own read does not, so it is the data call's 401 that sends the person away.
    const dataCall = (url: URL) => url.pathname.startsWith('/api/') && url.pathname !== '/api/session';
    await page.route(dataCall, (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Not signed in"}' }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/sign-in\?next=%2F$|\/sign-in$/);
    await page.unroute(dataCall);
  });

  test('after sign-out the password is gone from the form', async ({ page }) => {
    await page.goto('/sign-in');
    await signInThroughForm(page);
    await expectDashboard(page);
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(page.getByLabel(/^Wachtwoord/)).toHaveValue('');
  });

  test('on a 320-px phone no button of the form is cut: the passkey button takes two lines', async ({ page }) => {
    // A walkthrough read "Aanmelden met een pas" on a phone.
    await page.setViewportSize({ width: 320, height: 740 });
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Aanmelden met een passkey' })).toBeVisible();
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('.mantine-Button-label')]
        .filter((label) => label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent),
    );
    expect(cut).toEqual([]);
  });
});

test.describe('the API key stays on the server', () => {
  test('after sign-in it is in no browser storage, no cookie, no URL and no response', async ({ page }) => {
    const urls: string[] = [];
    const bodies: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    page.on('framenavigated', (frame) => urls.push(frame.url()));
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) {
        const headers = Object.entries(await response.allHeaders())
          .map(([name, value]) => `${name}: ${value}`)
          .join('\n');
        bodies.push(`${headers}\n${await response.text().catch(() => '')}`);
      }
    });

    await page.goto('/sign-in');
    await signInThroughForm(page);
    await expectDashboard(page);
    await page.waitForLoadState('networkidle');

    const stored = await page.evaluate(async () => {
      const databases = await indexedDB.databases();
      const contents: string[] = [];
      for (const info of databases) {
        if (!info.name) continue;
        const name = info.name;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        for (const storeName of Array.from(db.objectStoreNames)) {
          const values = await new Promise<unknown[]>((resolve, reject) => {
            const all = db.transaction(storeName).objectStore(storeName).getAll();
            all.onsuccess = () => resolve(all.result);
            all.onerror = () => reject(all.error);
          });
          contents.push(JSON.stringify(values));
        }
        db.close();
      }
      return {
        localStorage: JSON.stringify({ ...localStorage }),
        sessionStorage: JSON.stringify({ ...sessionStorage }),
        cookie: document.cookie,
        indexedDbNames: databases.map((db) => db.name ?? ''),
        indexedDbContents: contents,
        location: window.location.href,
      };
    });
    const key = DEMO.apiKey;
    expect(stored.localStorage).not.toContain(key);
    expect(stored.sessionStorage).not.toContain(key);
    expect(stored.cookie).not.toContain(key);
    // The session cookie is httpOnly: the page cannot read it at all.
    expect(stored.cookie).not.toContain('foyer_session');
    for (const text of [...stored.indexedDbNames, ...stored.indexedDbContents]) expect(text).not.toContain(key);
    expect(urls.length).toBeGreaterThan(5);
    for (const url of [...urls, stored.location]) expect(url).not.toContain(key);
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of bodies) expect(body).not.toContain(key);
  });

  test('the session cookie is httpOnly and SameSite=Strict, and the document carries the CSP', async ({ page }) => {
    const document = await page.goto('/sign-in');
    const csp = document?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    await signInThroughForm(page);
    await expectDashboard(page);
    const cookies = await page.context().cookies();
    expect(cookies).toEqual([expect.objectContaining({ name: 'foyer_session', httpOnly: true, sameSite: 'Strict' })]);
    expect(cookies[0]?.value).not.toContain(DEMO.apiKey);
  });
});
