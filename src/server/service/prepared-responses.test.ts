import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, DEMO, type TestService } from '../testing/test-service';

describe('prepared bodies over HTTP', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await createTestService();
  });
  afterAll(async () => {
    await service?.close();
  });

  const get = (path: string, acceptEncoding?: string) =>
    service.request(`/v1/demo/partner${path}`, {
      key: DEMO.apiKey,
      ...(acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {}),
    });

  const cases = [
    { name: 'the event list', path: '/event' },
    { name: 'a page of orders', path: '/order?page=1' },
  ];

  for (const { name, path } of cases) {
    it(`sends ${name} gzipped to a client that accepts it, with the same JSON`, async () => {
      const plain = await get(path);
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      const text = await plain.text();
      expect(text.length).toBeGreaterThan(1024);

      for (let round = 0; round < 2; round += 1) {
        // The second round is served from the gzip kept with the prepared body.
        const zipped = await get(path, 'gzip, deflate, br');
        expect(zipped.status).toBe(200);
        expect(zipped.headers.get('content-encoding')).toBe('gzip');
        expect(zipped.headers.get('content-type')).toBe('application/json');
        const bytes = new Uint8Array(await zipped.arrayBuffer());
        expect(bytes.byteLength).toBeLessThan(text.length / 3);
        expect(gunzipSync(bytes).toString('utf8')).toBe(text);
      }

      const refused = await get(path, 'gzip;q=0, identity');
      expect(refused.headers.get('content-encoding')).toBeNull();
      expect(await refused.text()).toBe(text);
    });
  }

  it('makes a page body per envelope: page URLs follow the origin of each request', async () => {
    const pageOne = async (origin: string) => {
      const response = await service.app.request(`${origin}/v1/demo/partner/order?page=1`, {
        headers: { authorization: DEMO.apiKey, 'accept-encoding': 'gzip' },
      });
      return JSON.parse(gunzipSync(new Uint8Array(await response.arrayBuffer())).toString('utf8')) as {
        next_page_url: string | null;
      };
    };
    expect((await pageOne('http://one.test')).next_page_url).toMatch(/^http:\/\/one\.test\//);
    expect((await pageOne('http://two.test')).next_page_url).toMatch(/^http:\/\/two\.test\//);
    expect((await pageOne('http://one.test')).next_page_url).toMatch(/^http:\/\/one\.test\//);
  });
});
