/** The envelope keys (spec 2.14) that hold absolute service URLs. */
const PAGE_URL_KEYS = ['next_page_url', 'prev_page_url', 'first_page_url', 'last_page_url', 'path'] as const;

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
 * Cheap for the common case: bodies without `"next_page_url"` are not parsed.
 */
export function rewritePageUrls(body: string, serviceBase: string): string {
  if (!body.includes('"next_page_url"')) return body;
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
