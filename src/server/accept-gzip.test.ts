import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './accept-gzip';

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as RFC 9110 does', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0')).toBe(false);
    // An explicit refusal wins over the wildcard, an explicit acceptance over a refused wildcard.
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0, gzip')).toBe(true);
  });
});
