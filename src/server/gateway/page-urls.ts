/** The envelope keys (spec 2.14) that hold absolute service URLs. */
export const PAGE_URL_KEYS = ['next_page_url', 'prev_page_url', 'first_page_url', 'last_page_url', 'path'] as const;

/**
 * Maps an absolute service URL (`<serviceBase>/v1/...`) to the gateway's root-relative form
 * (`/api/v1/...`), so the app can follow it with its session cookie. A URL that is not the service's is
 * returned unchanged.
 */
export function toGatewayUrl(value: string, serviceBase: string): string {
  const prefix = `${serviceBase}/v1/`;
  if (value.startsWith(prefix)) return `/api/v1/${value.slice(prefix.length)}`;
  // A service behind its own proxy may report another host: fall back to the `/v1/` path segment.
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  const at = url.pathname.indexOf('/v1/');
  return at === -1 ? value : `/api${url.pathname.slice(at)}${url.search}`;
}

/**
 * Rewrites the page URLs of a pagination envelope in a JSON body; any other body comes back as it was.
 * Cheap for the common case: bodies without `"next_page_url"` are not looked at, and an envelope's URLs
 * are found by scanning the text (a page of 100 customers is ~70 kB: parsing and serialising it again
 * cost more than the rest of forwarding it). Only a URL written with escapes takes the slow way.
 *
 * `fieldsAt`, when the caller knows it (a page the embedded service prepared), is where the top-level
 * fields after `data` begin: the scan starts there instead of walking the rows.
 */
export function rewritePageUrls(body: string, serviceBase: string, fieldsAt = 0): string {
  if (!body.includes('"next_page_url"', fieldsAt)) return body;
  const values = topLevelUrlValues(body, fieldsAt);
  if (values === null) return rewriteParsed(body, serviceBase);
  let rewritten = '';
  let from = 0;
  for (const { start, end } of values) {
    rewritten += body.slice(from, start) + toGatewayUrl(body.slice(start, end), serviceBase);
    from = end;
  }
  return rewritten + body.slice(from);
}

const PAGE_URL_KEY_SET: ReadonlySet<string> = new Set(PAGE_URL_KEYS);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/**
 * Where the page URL keys of the top-level object have string values: the text between their quotes. Null
 * when a top-level key or one of those values is written with escapes (then the caller parses the body).
 * Strings, most of a body's text, are skipped with `indexOf` rather than character by character. From
 * `fieldsAt` > 0 on, the scan starts inside the top-level object, before one of its keys.
 */
function topLevelUrlValues(body: string, fieldsAt: number): { start: number; end: number }[] | null {
  const found: { start: number; end: number }[] = [];
  let depth = fieldsAt > 0 ? 1 : 0;
  let key: string | null = null;
  for (let at = fieldsAt; at < body.length; at++) {
    const char = body.charCodeAt(at);
    if (char === QUOTE) {
      const end = closingQuote(body, at);
      if (depth === 1) {
        const escaped = body.slice(at + 1, end).includes('\\');
        let next = end + 1;
        while (next < body.length && /\s/.test(body.charAt(next))) next += 1;
        if (body.charCodeAt(next) === COLON) {
          // A key written with escapes might spell one of ours: let the parser decide.
          if (escaped) return null;
          key = body.slice(at + 1, end);
        } else {
          if (key !== null && PAGE_URL_KEY_SET.has(key)) {
            if (escaped) return null;
            found.push({ start: at + 1, end });
          }
          key = null;
        }
      }
      at = end;
    } else if (char === 0x7b || char === 0x5b) {
      depth += 1;
    } else if (char === 0x7d || char === 0x5d) {
      depth -= 1;
    } else if (char === 0x2c && depth === 1) {
      key = null;
    }
  }
  return found;
}

/** The quote closing the string that opens at `open`: the next one not escaped; the end of an unclosed text. */
function closingQuote(body: string, open: number): number {
  let end = body.indexOf('"', open + 1);
  while (end !== -1) {
    // Escaped by an odd number of backslashes before it (an even number are escaped backslashes).
    let backslashes = 0;
    while (body.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = body.indexOf('"', end + 1);
  }
  return body.length;
}

function rewriteParsed(body: string, serviceBase: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return body;
  const envelope = parsed as Record<string, unknown>;
  for (const key of PAGE_URL_KEYS) {
    const value = envelope[key];
    if (typeof value === 'string') envelope[key] = toGatewayUrl(value, serviceBase);
  }
  return JSON.stringify(envelope);
}
