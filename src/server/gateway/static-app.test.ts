import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_PLACEHOLDER, FIRST_PAINT_MANIFEST, type FirstPaintManifest } from '../../build/first-paint-manifest';
import {
  createTestGateway,
  DEMO_PEOPLE,
  demoPerson,
  sessionCookieFor,
  TEST_ORIGIN,
  TestBrowser,
  type TestGateway,
} from '../testing/test-gateway';
import { APP_CONTENT_SECURITY_POLICY } from './security-headers';
import { embeddedService } from './service-connection';
import { LOCALE_COOKIE, withFirstPaint, withSessionMeta } from './static-app';

const ORGANISATION = { clientName: 'demo', apiKey: 'demo-partner-key', people: DEMO_PEOPLE };
const ADMIN = demoPerson('administrator').email;
const BOX_OFFICE = demoPerson('box-office').email;

/** What the meta tag holds for a signed-in person: GET /api/session's answer, HTML-escaped JSON. */
async function sessionMetaFor(gateway: TestGateway, cookie: string): Promise<string> {
  const browser = new TestBrowser(gateway.app);
  browser.cookie = cookie;
  const view = await (await browser.request('/api/session')).text();
  const escaped = view.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<meta name="foyer-session" content="${escaped.replace(/'/g, '&#39;')}" />`;
}

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC12_xY.js"></script></head></html>';
/** index.html as served to someone not signed in. */
const SIGNED_OUT_INDEX = INDEX.replace('</head>', '<meta name="foyer-session" content="" /></head>');
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('serving the built app', () => {
  let dir: string;
  let root: string;
  let gateway: TestGateway;
  let app: Hono;

  const get = (path: string, headers: Record<string, string> = {}) => app.request(`${TEST_ORIGIN}${path}`, { headers });
  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-static-'));
    root = join(dir, 'web');
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(join(root, 'index.html'), INDEX);
    await writeFile(join(root, 'assets', 'index-AbC12_xY.js'), SCRIPT);
    await writeFile(join(root, 'assets', 'index-AbC12_xY.css'), 'body{margin:0}');
    await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(dir, 'secret.txt'), 'outside the root');
    gateway = await createTestGateway({
      service: embeddedService(new Hono()),
      staticRoot: root,
      organisations: [ORGANISATION],
    });
    app = gateway.app;
  });
  afterAll(async () => {
    await gateway?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves index.html at / with the CSP and the other security headers, revalidated on every use', async () => {
    const response = await get('/', html);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe(SIGNED_OUT_INDEX);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(APP_CONTENT_SECURITY_POLICY);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "default-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for a year, immutable; other files are revalidated', async () => {
    const script = await get('/assets/index-AbC12_xY.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await script.text()).toBe(SCRIPT);
    const css = await get('/assets/index-AbC12_xY.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a revalidation with 304 when nothing changed', async () => {
    const first = await get('/', html);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await get('/', { ...html, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('tells the app who is signed in (the session view as JSON), in a meta tag of index.html, and never serves one session’s page to another', async () => {
    const cookie = await sessionCookieFor(gateway, ADMIN);
    const signedIn = await get('/orders/42', { ...html, cookie });
    const page = await signedIn.text();
    const meta = await sessionMetaFor(gateway, cookie);
    expect(meta).toContain('&quot;clientName&quot;:&quot;demo&quot;');
    expect(page).toContain(`${meta}</head>`);
    expect(page).not.toContain('demo-partner-key');
    expect(page).not.toContain(cookie.split('=')[1]);
    // Cookie always; Accept-Encoding too once the page is large enough to be gzipped (the session view grew past it).
    expect(signedIn.headers.get('vary')?.split(', ')).toContain('Cookie');
    // The signed-out page's ETag must not revalidate the signed-in one (a sign-in in between).
    const signedOut = await get('/orders/42', html);
    const revalidated = await get('/orders/42', {
      ...html,
      cookie,
      'if-none-match': signedOut.headers.get('etag') ?? '',
    });
    expect(revalidated.status).toBe(200);
    // Another person gets their own view.
    const other = await sessionCookieFor(gateway, BOX_OFFICE);
    const theirs = await (await get('/orders/42', { ...html, cookie: other })).text();
    expect(theirs).toContain(await sessionMetaFor(gateway, other));
    expect(theirs).toContain('box-office');
    expect(theirs).not.toContain(ADMIN);
    // A forged or unknown cookie is nobody.
    const forged = await get('/', { ...html, cookie: 'foyer_session=forged.value' });
    expect(await forged.text()).toBe(SIGNED_OUT_INDEX);
    // A session that ended is nobody either.
    await new TestBrowser(app).request('/api/session', { method: 'DELETE', headers: { cookie: other } });
    expect(await (await get('/', { ...html, cookie: other })).text()).toBe(SIGNED_OUT_INDEX);
  });

  it('escapes the session view in the meta tag', () => {
    expect(withSessionMeta('<head></head>', { name: '"><script>x</script>' })).toBe(
      '<head><meta name="foyer-session" content="{&quot;name&quot;:&quot;\\&quot;&gt;&lt;script&gt;x&lt;/script&gt;&quot;}" /></head>',
    );
    expect(withSessionMeta('<head></head>', null)).toBe('<head><meta name="foyer-session" content="" /></head>');
  });

  it('compresses what is worth it for clients that accept gzip', async () => {
    const response = await get('/assets/index-AbC12_xY.js', { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const plain = await new Response(response.body?.pipeThrough(new DecompressionStream('gzip'))).text();
    expect(plain).toBe(SCRIPT);
  });

  it('sends a hashed asset from memory in one piece: gzipped once for browsers that take it, as it is for others', async () => {
    const gzipped = await get('/assets/index-AbC12_xY.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = new Uint8Array(await gzipped.arrayBuffer());
    // A length, not a stream: one write, no compressing on the way out.
    expect(Number(gzipped.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(SCRIPT.length / 10);
    expect(gunzipSync(bytes).toString('utf8')).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC12_xY.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-length')).toBe(String(SCRIPT.length));
    expect(await plain.text()).toBe(SCRIPT);

    const head = await app.request(`${TEST_ORIGIN}/assets/index-AbC12_xY.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const etag = plain.headers.get('etag') ?? '';
    const again = await get('/assets/index-AbC12_xY.js', { 'if-none-match': etag, 'accept-encoding': 'gzip' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('falls back to index.html for client routes that ask for HTML (history fallback)', async () => {
    for (const path of ['/orders/42', '/customers?page=3', '/deep/link/with.dot']) {
      const response = await get(path, html);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(await response.text()).toBe(SIGNED_OUT_INDEX);
      expect(response.headers.get('content-security-policy')).toBe(APP_CONTENT_SECURITY_POLICY);
    }
  });

  it('answers 404 JSON for missing files that do not ask for HTML, and never falls back for /api, /v1, /health or /openapi.json', async () => {
    const missing = await get('/assets/gone-12345678.js', { accept: '*/*' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });
    // The backend's paths (http/backend-paths.ts), /health too: `npm run dev` sends them to the backend as well.
    for (const path of ['/api/nothing', '/v1/demo/partner/hall', '/openapi.json', '/api', '/health/nothing']) {
      const response = await get(path, html);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('never serves a file outside its root', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%00']) {
      const response = await get(path, { accept: '*/*' });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(await response.text()).not.toContain('outside the root');
    }
  });

  it('refuses other methods than GET and HEAD on app paths', async () => {
    const response = await app.request(`${TEST_ORIGIN}/orders`, { method: 'POST' });
    expect(response.status).toBe(404);
    const head = await app.request(`${TEST_ORIGIN}/`, { method: 'HEAD', headers: html });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(SIGNED_OUT_INDEX.length));
  });

  it('says how to build the app when it is not built', async () => {
    const unbuilt = await createTestGateway({
      service: embeddedService(new Hono()),
      staticRoot: join(dir, 'no-such-dir'),
      db: gateway.db,
    });
    const response = await unbuilt.app.request(`${TEST_ORIGIN}/`, { headers: html });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toContain('npm run build');
  });
});

describe('the static first paint', () => {
  const PAGE =
    '<!doctype html><html lang="nl"><head><title>Foyer</title></head><body><div id="root"></div></body></html>';
  const MANIFEST: FirstPaintManifest = {
    signIn: {
      markup: { nl: '<main>Aanmelden</main>', en: '<main>Sign in</main>' },
      stylesheets: [],
      modules: ['/assets/sign-in-page-AbC12_xY.js'],
    },
    dashboard: {
      markup: { nl: `<p>Aangemeld als ${CLIENT_PLACEHOLDER}</p>`, en: `<p>Signed in as ${CLIENT_PLACEHOLDER}</p>` },
      stylesheets: ['/assets/signed-in-AbC12_xY.css'],
      modules: ['/assets/signed-in-AbC12_xY.js'],
    },
    signedInPage: {
      stylesheets: ['/assets/signed-in-AbC12_xY.css'],
      modules: ['/assets/signed-in-AbC12_xY.js', '/assets/area-routes-AbC12_xY.js'],
    },
  };

  it('draws the sign-in page for anyone signed out, on every route, with its code preloaded', () => {
    for (const path of ['/sign-in', '/', '/orders/42']) {
      const page = withFirstPaint(PAGE, MANIFEST, { signedInAs: null, language: 'nl', path });
      expect(page).toContain('<div id="root"><main>Aanmelden</main></div>');
      expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/sign-in-page-AbC12_xY.js"></head>');
    }
  });

  it("draws nothing on the buyer's screen, which nobody signs in to", () => {
    for (const path of ['/display', '/display/3']) {
      const page = withFirstPaint(PAGE, MANIFEST, { signedInAs: null, language: 'nl', path });
      expect(page).toContain('<div id="root"></div>');
    }
  });

  it('draws the dashboard at / for a signed-in visitor whose role sees every area, with the name escaped and the shell’s CSS', () => {
    const page = withFirstPaint(PAGE, MANIFEST, {
      signedInAs: '<b>Ada</b>',
      seesEveryArea: true,
      language: 'en',
      path: '/',
    });
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<div id="root"><p>Signed in as &lt;b&gt;Ada&lt;/b&gt;</p></div>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/signed-in-AbC12_xY.css">');
    expect(page).not.toContain(CLIENT_PLACEHOLDER);
  });

  it('puts a name with replacement patterns ("$`" repeated) in as it is, once: the page does not grow with it', () => {
    // The markup of the dashboard before the name is ~31 KB in the real build; "$`" in a replacement string
    // would insert all of it again, once per "$`" (issue 29: a 31 KB page became 3.1 MB).
    const before = 'x'.repeat(31_000);
    const manifest = {
      ...MANIFEST,
      dashboard: { ...MANIFEST.dashboard, markup: { nl: `<p>${before}${CLIENT_PLACEHOLDER}</p>`, en: '' } },
    };
    const name = '$`'.repeat(100);
    const page = withFirstPaint(PAGE, manifest, { signedInAs: name, seesEveryArea: true, language: 'nl', path: '/' });
    // Lengths and a yes/no, not the page: a failure here would print megabytes.
    expect(page.length).toBeLessThan(PAGE.length + before.length + 1_000);
    expect(page.includes(`<div id="root"><p>${before}${name}</p></div>`)).toBe(true);
  });

  it("draws nothing for a role that does not see every area or on other signed-in pages, but fetches the shell and the areas' routes with the entry; without a manifest nothing; the language always", () => {
    const inEnglish = PAGE.replace('lang="nl"', 'lang="en"');
    // Nothing drawn, but the shell and the areas' routes fetched with the entry.
    const preloaded = inEnglish.replace(
      '</head>',
      '<link rel="stylesheet" crossorigin href="/assets/signed-in-AbC12_xY.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/signed-in-AbC12_xY.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/area-routes-AbC12_xY.js"></head>',
    );
    for (const seesEveryArea of [false, undefined]) {
      expect(
        withFirstPaint(PAGE, MANIFEST, {
          signedInAs: 'Bo',
          language: 'en',
          path: '/',
          ...(seesEveryArea === false ? { seesEveryArea } : {}),
        }),
      ).toBe(preloaded);
    }
    const other = withFirstPaint(PAGE, MANIFEST, {
      signedInAs: 'Ada',
      seesEveryArea: true,
      language: 'en',
      path: '/orders/42',
    });
    expect(other).toBe(preloaded);
    // The buyer's screen is nobody's page: nothing of the shell.
    const display = withFirstPaint(PAGE, MANIFEST, { signedInAs: 'Ada', language: 'en', path: '/display/1' });
    expect(display).toBe(inEnglish);
    expect(withFirstPaint(PAGE, null, { signedInAs: null, language: 'nl', path: '/' })).toBe(PAGE);
  });

  it('is served with index.html, in the language of the locale cookie', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'foyer-first-paint-'));
    try {
      await writeFile(join(dir, 'index.html'), PAGE);
      await writeFile(join(dir, FIRST_PAINT_MANIFEST), JSON.stringify(MANIFEST));
      const gateway = await createTestGateway({
        service: embeddedService(new Hono()),
        staticRoot: dir,
        organisations: [ORGANISATION],
      });
      const { app } = gateway;
      const get = async (path: string, cookie: string) =>
        (await app.request(`${TEST_ORIGIN}${path}`, { headers: { accept: 'text/html', cookie } })).text();
      expect(await get('/sign-in', '')).toContain('<main>Aanmelden</main>');
      expect(await get('/sign-in', `${LOCALE_COOKIE}=en-GB`)).toContain('<main>Sign in</main>');
      const admin = await sessionCookieFor(gateway, ADMIN);
      const dashboard = await get('/', `${admin}; ${LOCALE_COOKIE}=nl-NL`);
      expect(dashboard).toContain('<p>Aangemeld als Ada Admin</p>');
      expect(dashboard).toContain(await sessionMetaFor(gateway, admin));
      // The box office does not see every area: no prerendered shell, only the session.
      const boxOffice = await sessionCookieFor(gateway, BOX_OFFICE);
      const plain = await get('/', `${boxOffice}; ${LOCALE_COOKIE}=nl-NL`);
      expect(plain).not.toContain('Aangemeld als');
      expect(plain).toContain('<div id="root"></div>');
      expect(plain).toContain(await sessionMetaFor(gateway, boxOffice));
      await gateway.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
