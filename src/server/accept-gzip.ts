/** Below this, compressing saves less than it costs. */
export const MIN_GZIP_BYTES = 1024;

/**
 * Whether `Accept-Encoding` allows gzip (RFC 9110 12.5.3): listed as `gzip` or `x-gzip`, or covered by `*`,
 * with a non-zero weight.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const entry of header.split(',')) {
    const [coding = '', ...parameters] = entry.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const acceptable = q === undefined || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return acceptable;
    if (coding === '*') wildcard = acceptable;
  }
  return wildcard;
}
