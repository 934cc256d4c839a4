import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, Handler } from 'hono';
import { APP_SECURITY_HEADERS } from './security-headers';

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

/** Paths that belong to the gateway and the service, never to the app (no history fallback there). */
const NOT_APP = /^\/(api|v1)(\/|$)|^\/openapi\.json$/;

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

function fileResponse(c: Context, file: FoundFile, cacheControl: string): Response {
  const etag = `W/"${file.size.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}"`;
  const headers = new Headers({
    ...APP_SECURITY_HEADERS,
    'Content-Type': CONTENT_TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    ETag: etag,
  });
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(file.size));
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

/** The meta tag that tells the app who is signed in (src/web/app/initial-session.ts reads it). */
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
 * index.html with the session state in a meta tag: the signed-in client's name, or empty when nobody is.
 * The app then renders the right first page at once instead of asking `GET /api/session` first — a round
 * trip that would sit between its code and the first paint. A meta tag, not an inline script: the CSP
 * allows no inline script.
 */
export function withSessionMeta(html: string, clientName: string | null): string {
  const meta = `<meta name="${SESSION_META_NAME}" content="${escapeHtml(clientName ?? '')}" />`;
  const headEnd = html.indexOf('</head>');
  return headEnd === -1 ? `${meta}${html}` : `${html.slice(0, headEnd)}${meta}${html.slice(headEnd)}`;
}

function indexResponse(c: Context, html: string): Response {
  const body = Buffer.from(html);
  // From the content: a sign-in or sign-out changes the page, so a revalidation must not answer 304.
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const headers = new Headers({
    ...APP_SECURITY_HEADERS,
    'Content-Type': CONTENT_TYPES['.html'] ?? 'text/html',
    'Cache-Control': REVALIDATE,
    Vary: 'Cookie',
    ETag: etag,
  });
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(body.length));
  return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers });
}

export interface ServeAppOptions {
  root: string;
  /** The client signed in by this request's session cookie, or null; written into index.html. */
  signedInClient?: (c: Context) => string | null;
}

/**
 * Serves the built app from `root` (dist/web): files as they are, with the app's security headers;
 * long-lived caching for hashed assets only; any other GET that asks for HTML gets index.html (with the
 * session state, see withSessionMeta), so client routes (`/orders/42`) survive a reload (history fallback).
 */
export function serveApp(options: ServeAppOptions): Handler {
  const root = resolve(options.root);
  const signedInClient = options.signedInClient ?? (() => null);
  return async (c) => {
    const path = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || NOT_APP.test(path)) {
      return c.json({ message: 'Not found' }, 404);
    }
    if (path !== '/' && path !== '/index.html') {
      const file = await findFile(root, path);
      if (file) return fileResponse(c, file, HASHED_ASSET.test(path) ? IMMUTABLE : REVALIDATE);
      if (!(c.req.header('accept') ?? '').includes('text/html')) return c.json({ message: 'Not found' }, 404);
    }
    const index = await findFile(root, '/index.html');
    if (!index) {
      return c.json({ message: 'The app is not built. Run `npm run build` (or `npm start`, which builds it).' }, 404);
    }
    return indexResponse(c, withSessionMeta(await readFile(index.path, 'utf8'), signedInClient(c)));
  };
}
