import { describe, expect, it } from 'vitest';
import { preparedPageBody } from '../service/prepared-responses';
import { rewritePageUrls, toGatewayUrl } from './page-urls';

describe('page URL rewriting', () => {
  it('maps service URLs to the gateway form, keeping the query', () => {
    expect(toGatewayUrl('http://127.0.0.1:8080/v1/demo/partner/order?page=2', 'http://127.0.0.1:8080')).toBe(
      '/api/v1/demo/partner/order?page=2',
    );
    // An upstream service under a base path.
    expect(
      toGatewayUrl(
        'https://tickets.example.com/base/v1/demo/partner/export/orders?page=3&changedSince=2026-01-01',
        'https://tickets.example.com/base',
      ),
    ).toBe('/api/v1/demo/partner/export/orders?page=3&changedSince=2026-01-01');
    // The service reports another host (its own proxy): the /v1/ path still identifies it.
    expect(toGatewayUrl('https://internal:9000/v1/demo/partner/order?page=2', 'https://tickets.example.com')).toBe(
      '/api/v1/demo/partner/order?page=2',
    );
    expect(toGatewayUrl('https://elsewhere.example/other', 'https://tickets.example.com')).toBe(
      'https://elsewhere.example/other',
    );
    expect(toGatewayUrl('not a url', 'https://tickets.example.com')).toBe('not a url');
  });

  it('rewrites only the envelope keys of a top-level object, and leaves other bodies byte for byte', () => {
    const base = 'http://s';
    const envelope = {
      data: [{ next_page_url: 'http://s/v1/demo/keep' }],
      next_page_url: 'http://s/v1/demo/partner/order?page=2',
      prev_page_url: null,
      first_page_url: 'http://s/v1/demo/partner/order?page=1',
      last_page_url: 'http://s/v1/demo/partner/order?page=2',
      path: 'http://s/v1/demo/partner/order',
    };
    expect(JSON.parse(rewritePageUrls(JSON.stringify(envelope), base))).toEqual({
      data: [{ next_page_url: 'http://s/v1/demo/keep' }],
      next_page_url: '/api/v1/demo/partner/order?page=2',
      prev_page_url: null,
      first_page_url: '/api/v1/demo/partner/order?page=1',
      last_page_url: '/api/v1/demo/partner/order?page=2',
      path: '/api/v1/demo/partner/order',
    });
    for (const body of ['[{"next_page_url":"http://s/v1/x"}]', '{ "a" : 1 }', '{"next_page_url":', '']) {
      expect(rewritePageUrls(body, base)).toBe(body);
    }
  });

  it('finds the envelope keys in any JSON layout, and parses the body when they are written with escapes', () => {
    const base = 'http://s';
    const spaced =
      '{ "data" : [ { "path" : "http://s/v1/keep" } ] ,\n "path" : "http://s/v1/demo/x?page=1", "n": "a\\"b", "next_page_url": null }';
    expect(rewritePageUrls(spaced, base)).toBe(
      '{ "data" : [ { "path" : "http://s/v1/keep" } ] ,\n "path" : "/api/v1/demo/x?page=1", "n": "a\\"b", "next_page_url": null }',
    );
    // Strings in the data that end in an escaped backslash, or hold an escaped quote before brackets.
    const tricky = {
      data: [{ a: 'ends in \\', b: '"]}, "path": "http://s/v1/x"', c: '\\"' }],
      next_page_url: null,
      path: 'http://s/v1/demo/y',
    };
    expect(JSON.parse(rewritePageUrls(JSON.stringify(tricky), base))).toEqual({ ...tricky, path: '/api/v1/demo/y' });
    const escaped =
      '{"data":[],"next_page_url":"http:\\/\\/s\\/v1\\/demo\\/x?page=2","pa\\u0074h":"http://s/v1/demo/x"}';
    expect(JSON.parse(rewritePageUrls(escaped, base))).toEqual({
      data: [],
      next_page_url: '/api/v1/demo/x?page=2',
      path: '/api/v1/demo/x',
    });
  });

  it('scans only the fields after the rows of a page the service prepared, with the same result', () => {
    const rows = Array.from({ length: 3 }, (_, n) => ({ id: n, note: `"]}, "path": "http://s/v1/${n}"` }));
    const body = preparedPageBody({
      requestUrl: 'http://s/v1/demo/partner/export/customers?page=2',
      page: 2,
      prepared: { total: 250, rowCount: 3, dataJson: JSON.stringify(rows), bodies: new Map() },
    });
    expect(body.text.slice(body.pageFieldsAt)).toMatch(/^"current_page":2,/);
    const rewritten = rewritePageUrls(body.text, 'http://s', body.pageFieldsAt);
    expect(rewritten).toBe(rewritePageUrls(body.text, 'http://s'));
    expect(JSON.parse(rewritten)).toMatchObject({
      data: rows,
      next_page_url: '/api/v1/demo/partner/export/customers?page=3',
      path: '/api/v1/demo/partner/export/customers',
    });
  });
});
