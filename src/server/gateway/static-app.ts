import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import type { Context, Handler } from 'hono';
import { getCookie } from 'hono/cookie';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import {
  CLIENT_PLACEHOLDER,
  FIRST_PAINT_MANIFEST,
  type FirstPaintManifest,
  type FirstScreen,
  type Preloads,
} from '../../build/first-paint-manifest';
import { acceptsGzip, gzipOffLoop, MIN_GZIP_BYTES } from '../accept-gzip';
import { isBackendPath } from '../http/backend-paths';
import { NotFoundError } from './errors';

/*
 * Hand-written rather than @hono/node-server's serveStatic (2.1), which would not do the job as well here: it
 * answers no revalidation (no ETag, no 304: every reload of the app would send every asset again), it stats
 * files with statSync on the event loop that also serves the API, and its types (hono/utils/mime) differ from
 * these (`image/svg+xml; charset=utf-8`). What it would save is the file lookup below; the history fallback,
 * cache policy and first-paint index.html stay ours either way. Security headers come from hono's
 * secureHeaders, mounted with this handler in built-app.ts.
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** Vite's hashed build output (`/assets/index-B1a2c3D4.js`): its content never changes under that name. */
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8,}\.[a-z0-9]+$/i;

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else, index.html above all, is revalidated on every use so a deploy shows at once. */
const REVALIDATE = 'no-cache';

interface FoundFile {
  path: string;
  size: number;
  mtimeMs: number;
}

async function findFile(root: string, urlPath: string): Promise<FoundFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const path = resolve(join(root, decoded));
  // Never outside the root, whatever `..` or encoded separators the path holds.
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** A hashed asset as it is sent: its bytes, their gzip when that is smaller (text), and its headers' values. */
interface KeptAsset {
  bytes: Uint8Array<ArrayBuffer>;
  gzipped: Uint8Array<ArrayBuffer> | null;
  contentType: string;
  etag: string;
}

/** What the kept assets may hold at most; the build's are a few MB (its source maps, not hashed, are not kept). */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

/**
 * The hashed assets, read once and kept in memory with their gzip (under its name an asset never changes). An
 * asset then goes out in one write, compressed once, while the person's request holds the embedded database's
 * background work back (servingRequest). Read from disk in 64 kB chunks and compressed on the way out, each
 * chunk waited for a turn of the event loop that a first sync shares: a first visit of the customer list on a
 * fresh server, while its orders were syncing, waited 220 ms for its 35 files and 165 ms for the entry chunk.
 */
class KeptAssets {
  readonly #assets = new Map<string, Promise<KeptAsset>>();
  #bytes = 0;

  /** The asset, read (and compressed) on its first use; null when the memory for them is full. */
  get(file: FoundFile): Promise<KeptAsset> | null {
    const key = `${file.path}\0${file.size}\0${file.mtimeMs}`;
    const kept = this.#assets.get(key);
    if (kept) return kept;
    if (this.#bytes + file.size > MAX_KEPT_BYTES) return null;
    this.#bytes += file.size;
    const reading = readAsset(file).catch((error: unknown) => {
      // Not kept: the next request reads it again.
      this.#assets.delete(key);
      this.#bytes -= file.size;
      throw error;
    });
    this.#assets.set(key, reading);
    return reading;
  }
}

async function readAsset(file: FoundFile): Promise<KeptAsset> {
  // Copied once into bytes of their own (a Response takes a Uint8Array over an ArrayBuffer, not a pooled Buffer).
  const bytes = new Uint8Array(await readFile(file.path));
  const contentType = contentTypeOf(file.path);
  const compressed = COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType) && bytes.length >= MIN_GZIP_BYTES;
  const gzipped = compressed ? await gzipOffLoop(bytes, zlibConstants.Z_BEST_COMPRESSION) : null;
  return {
    bytes,
    gzipped: gzipped && gzipped.length < bytes.length ? gzipped : null,
    contentType,
    etag: etagOf(file),
  };
}

const keptAssets = new KeptAssets();

const contentTypeOf = (path: string) => CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

const etagOf = (file: FoundFile) => `W/"${file.size.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}"`;

/** A hashed asset from memory: gzipped for a browser that takes it, as it is otherwise. */
function keptAssetResponse(c: Context, asset: KeptAsset): Response {
  const headers = new Headers({ 'Content-Type': asset.contentType, 'Cache-Control': IMMUTABLE, ETag: asset.etag });
  if (asset.gzipped) headers.set('Vary', 'Accept-Encoding');
  if (c.req.header('if-none-match') === asset.etag) return new Response(null, { status: 304, headers });
  const gzipped = asset.gzipped && acceptsGzip(c.req.header('accept-encoding')) ? asset.gzipped : null;
  if (gzipped) headers.set('Content-Encoding', 'gzip');
  const body = gzipped ?? asset.bytes;
  headers.set('Content-Length', String(body.length));
  return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers });
}

function fileResponse(c: Context, file: FoundFile, cacheControl: string): Response {
  const etag = etagOf(file);
  const headers = new Headers({
    'Content-Type': contentTypeOf(file.path),
    'Cache-Control': cacheControl,
    ETag: etag,
  });
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(file.size));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

/** The meta tag that tells the app who is signed in (src/web/lib/session.ts reads it). */
export const SESSION_META_NAME = 'foyer-session';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/**
 * index.html with the session state in a meta tag: what `GET /api/session` would answer (as JSON), or empty
 * when nobody is signed in. The app then renders the right first page at once instead of asking first — a
 * round trip that would sit between its code and the first paint. A meta tag, not an inline script: the
 * CSP allows no inline script.
 */
export function withSessionMeta(html: string, session: object | null): string {
  const meta = `<meta name="${SESSION_META_NAME}" content="${session ? escapeHtml(JSON.stringify(session)) : ''}" />`;
  const headEnd = html.indexOf('</head>');
  return headEnd === -1 ? `${meta}${html}` : `${html.slice(0, headEnd)}${meta}${html.slice(headEnd)}`;
}

/** Who asks for the page, and where: what decides the first screen drawn into it. */
export interface PageVisitor {
  /** The signed-in person's name as the header shows it, or null when nobody is signed in. */
  signedInAs: string | null;
  /**
   * The prerendered shell shows every area of the app: it is drawn only for a person whose role shows them
   * all, so nobody sees an area flash that their role does not have.
   */
  seesEveryArea?: boolean;
  /** `nl` or `en`: the language the visitor chose in the app (see visitorLanguage). */
  language: string;
  path: string;
}

/** The cookie in which the app mirrors the visitor's language (src/web/lib/i18n.tsx) for the first paint. */
export const LOCALE_COOKIE = 'foyer-locale';

/** The app's two languages, as the gateway writes them (a first paint, a note it writes for a person). */
export type AppLanguage = 'nl' | 'en';

/** The language the visitor chose in the app, from its locale cookie: English when chosen, Dutch otherwise. */
export const visitorLanguage = (c: Context): AppLanguage => (getCookie(c, LOCALE_COOKIE) === 'en-GB' ? 'en' : 'nl');

/**
 * The screen the app will draw first for this visitor, as prerendered by the build (src/build/first-paint.ts):
 * sign-in for anyone signed out (every route of the app sends them there), the dashboard loading for a
 * signed-in visitor at `/`. Other pages get none: their own content is not known before their code runs.
 */
function firstScreen(
  manifest: FirstPaintManifest,
  visitor: PageVisitor,
): { screen: FirstScreen; markup: string } | null {
  // The buyer's screen is no person's page: never painted as sign-in or the dashboard.
  if (onBuyerScreen(visitor)) return null;
  if (visitor.signedInAs === null) {
    const markup = manifest.signIn.markup[visitor.language];
    return markup === undefined ? null : { screen: manifest.signIn, markup };
  }
  if ((visitor.path !== '/' && visitor.path !== '/index.html') || !visitor.seesEveryArea) return null;
  const markup = manifest.dashboard.markup[visitor.language];
  if (markup === undefined) return null;
  // A function, not a string: in a replacement string `$\``, `$'` and `$&` are patterns, and a name of
  // "$`" repeated would insert the markup before the name once per "$`" (a 31 KB page became 3.1 MB).
  const name = escapeHtml(visitor.signedInAs);
  return { screen: manifest.dashboard, markup: markup.replaceAll(CLIENT_PLACEHOLDER, () => name) };
}

/**
 * index.html with the visitor's first screen already drawn in #root, so the page paints before the app's
 * code has loaded and run (the app then takes over, see src/web/main.tsx), in the visitor's language, with
 * the style sheets that screen needs and its code preloaded. With nothing to draw, a signed-in visitor's page still
 * gets the shell's style sheet and code preloaded (signedInPreloads); anyone else's is left as it is.
 */
export function withFirstPaint(html: string, manifest: FirstPaintManifest | null, visitor: PageVisitor): string {
  const page = html.replace(/<html lang="[^"]*"/, `<html lang="${escapeHtml(visitor.language)}"`);
  if (!manifest) return page;
  const first = firstScreen(manifest, visitor);
  const preloads = first?.screen ?? signedInPreloads(manifest, visitor);
  if (!preloads) return page;
  const links = [
    ...preloads.stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    ...preloads.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
  ];
  const withLinks = page.replace('</head>', `${links.join('')}</head>`);
  return first ? withLinks.replace('<div id="root"></div>', () => `<div id="root">${first.markup}</div>`) : withLinks;
}

/**
 * For a signed-in visitor's page that is not drawn first (any but the dashboard), the shell and every area's routes,
 * fetched along with the entry: the page's own code is asked for only once those have run, a level of requests
 * later (a first visit of the customer list on a fresh server asked for its page's code at 455 ms, now at 307 ms).
 * Not on the buyer's screen.
 */
function signedInPreloads(manifest: FirstPaintManifest, visitor: PageVisitor): Preloads | null {
  return visitor.signedInAs !== null && !onBuyerScreen(visitor) ? manifest.signedInPage : null;
}

const onBuyerScreen = (visitor: PageVisitor) => visitor.path.startsWith('/display');

let cachedManifest: { path: string; mtimeMs: number; manifest: FirstPaintManifest } | null = null;

/** The build's first-paint.json, read again only when it changes; null when the build has none. */
async function firstPaintManifest(root: string): Promise<FirstPaintManifest | null> {
  const file = await findFile(root, `/${FIRST_PAINT_MANIFEST}`);
  if (!file) return null;
  if (cachedManifest?.path !== file.path || cachedManifest.mtimeMs !== file.mtimeMs) {
    const manifest = JSON.parse(await readFile(file.path, 'utf8')) as FirstPaintManifest;
    cachedManifest = { path: file.path, mtimeMs: file.mtimeMs, manifest };
  }
  return cachedManifest.manifest;
}

function indexResponse(c: Context, html: string): Response {
  const body = Buffer.from(html);
  // From the content: a sign-in or sign-out changes the page, so a revalidation must not answer 304.
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const headers = new Headers({
    'Content-Type': CONTENT_TYPES['.html'] ?? 'text/html',
    'Cache-Control': REVALIDATE,
    Vary: 'Cookie',
    ETag: etag,
  });
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(body.length));
  return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers });
}

export interface SignedInVisitor {
  /** What `GET /api/session` answers for this person. */
  session: object;
  name: string;
  seesEveryArea: boolean;
}

export interface ServeAppOptions {
  root: string;
  /** Who this request's session cookie signs in, or null; written into index.html. */
  signedIn?: (c: Context) => Promise<SignedInVisitor | null>;
  /** The visitor's language for the first paint, `nl` or `en` (see visitorLanguage). */
  language?: (c: Context) => string;
}

/**
 * Serves the built app from `root` (dist/web): files as they are (the app's security headers are added
 * by the middleware it is mounted behind, see built-app.ts);
 * long-lived caching for hashed assets only; any other GET that asks for HTML gets index.html (with the
 * session state and the first screen, see withSessionMeta and withFirstPaint), so client routes
 * (`/orders/42`) survive a reload (history fallback).
 */
export function serveApp(options: ServeAppOptions): Handler {
  const root = resolve(options.root);
  const signedIn = options.signedIn ?? (async () => null);
  const language = options.language ?? (() => 'nl');
  return async (c) => {
    const path = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isBackendPath(path)) throw new NotFoundError();
    if (path !== '/' && path !== '/index.html') {
      const file = await findFile(root, path);
      const hashed = HASHED_ASSET.test(path);
      const kept = file && hashed ? keptAssets.get(file) : null;
      if (kept) return keptAssetResponse(c, await kept);
      if (file) return fileResponse(c, file, hashed ? IMMUTABLE : REVALIDATE);
      if (!(c.req.header('accept') ?? '').includes('text/html')) throw new NotFoundError();
    }
    const index = await findFile(root, '/index.html');
    if (!index) throw new NotFoundError('The app is not built. Run `npm run build` (or `npm start`, which builds it).');
    const visitor = await signedIn(c);
    const html = withFirstPaint(await readFile(index.path, 'utf8'), await firstPaintManifest(root), {
      signedInAs: visitor?.name ?? null,
      seesEveryArea: visitor?.seesEveryArea ?? false,
      language: language(c),
      path,
    });
    return indexResponse(c, withSessionMeta(html, visitor?.session ?? null));
  };
}
