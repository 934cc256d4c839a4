import { DEMO, expect, HARBOUR, signInByApi, test } from './support/fixtures';

/** The gateway at the HTTP level, through a real server: what the browser tests rely on, checked directly. */

test.describe('gateway', () => {
  test("signed in as demo, the other demo client's data is refused (403)", async ({ request, baseURL }) => {
    const signIn = await signInByApi(request, baseURL ?? '', DEMO);
    expect(signIn.status()).toBe(200);
    expect(await signIn.json()).toMatchObject({ clientName: 'demo', person: { email: DEMO.email } });

    const own = await request.get('/api/v1/demo/partner/hall');
    expect(own.status()).toBe(200);
    for (const path of [
      '/api/v1/harbour/partner/hall',
      '/api/v1/harbour/partner/event',
      '/api/v1/harbour/partner/order',
    ]) {
      const other = await request.get(path);
      expect({ path, status: other.status() }).toEqual({ path, status: 403 });
      expect(await other.json()).toEqual({ message: expect.any(String) });
    }
  });

  test('the session cookie is HttpOnly and SameSite=Strict, and the key never comes back', async ({
    request,
    baseURL,
  }) => {
    const signIn = await signInByApi(request, baseURL ?? '', HARBOUR);
    const setCookie = signIn.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie');
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]?.value).toMatch(/^foyer_session=[^;]+;.*HttpOnly/);
    expect(setCookie[0]?.value).toMatch(/SameSite=Strict/);
    const { cookies } = await request.storageState();
    expect(cookies).toEqual([expect.objectContaining({ name: 'foyer_session', httpOnly: true, sameSite: 'Strict' })]);
    expect(cookies[0]?.value).not.toContain(HARBOUR.apiKey);

    for (const response of [
      signIn,
      await request.get('/api/session'),
      await request.get('/api/v1/harbour/partner/hall'),
    ]) {
      expect(response.ok()).toBe(true);
      const headers = response
        .headersArray()
        .map((h) => `${h.name}: ${h.value}`)
        .join('\n');
      expect(`${headers}\n${await response.text()}`).not.toContain(HARBOUR.apiKey);
    }
  });

  test('a wrong password is refused with 401 and no cookie', async ({ request, baseURL }) => {
    const signIn = await signInByApi(request, baseURL ?? '', { email: DEMO.email, password: 'not-the-password' });
    expect(signIn.status()).toBe(401);
    expect(await signIn.json()).toEqual({ message: 'Unknown email address or wrong password' });
    expect(signIn.headersArray().some((h) => h.name.toLowerCase() === 'set-cookie')).toBe(false);
    expect((await request.get('/api/session')).status()).toBe(401);
  });

  test('a cross-site POST is refused, even with a valid session', async ({ request, baseURL }) => {
    await signInByApi(request, baseURL ?? '', DEMO);
    const response = await request.post('/api/v1/demo/partner/customer/findByEmail', {
      data: { email: 'someone@example.com' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ message: 'Cross-site request refused' });
  });

  test("the app's document carries the CSP and the other security headers", async ({ request }) => {
    for (const path of ['/', '/some/client/route']) {
      const response = await request.get(path, { headers: { accept: 'text/html' } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/html/);
      const csp = response.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
        expect(csp).toContain(directive);
      }
      expect(response.headers()['referrer-policy']).toBe('no-referrer');
      expect(response.headers()['x-content-type-options']).toBe('nosniff');
      expect(response.headers()['cache-control']).toBe('no-cache');
    }
  });

  test('hashed assets are cached for a year; nothing else is', async ({ request }) => {
    const index = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
    const assets = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const response = await request.get(asset);
      expect({ asset, status: response.status() }).toEqual({ asset, status: 200 });
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

test('the built app runs under its CSP without a single violation', async ({ page }) => {
  // Injected by the browser itself (not a page script), so the CSP does not apply to it.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await page.waitForLoadState('networkidle');
  // The app rendered something into its root (the sign-in page when signed out).
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(errors).toEqual([]);
});
