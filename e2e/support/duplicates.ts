import type { APIRequestContext } from '@playwright/test';
import { DEMO, expect, MARKETING, signInByApi } from './fixtures';
import { mirrorSynced } from './mirror';

/** Customers made through the API of the signed-in person, for the duplicate review's tests. */
const API = `/api/v1/${MARKETING.clientName}`;

interface Created {
  customerId: number;
}

async function createCustomer(request: APIRequestContext, origin: string, body: Record<string, string>) {
  const response = await request.post(`${API}/partner/customer`, { data: body, headers: { origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as Created).customerId;
}

export interface CreatedPair {
  a: number;
  b: number;
  /** The record made first. */
  first: number;
}

/**
 * Two records of one person: the same Gmail address but for a dot, the same phone in two forms, the same name and
 * zip (a score near 100, above the demo data's look-alikes); the second has more fields.
 */
export async function createPair(
  request: APIRequestContext,
  origin: string,
  tag: string,
  phone: string,
): Promise<CreatedPair> {
  const first = await createCustomer(request, origin, {
    email: `fenna.${tag}@gmail.com`,
    customerFirstName: 'Fenna',
    customerLastName: `Dubbel${tag}`,
    customerPhone: `06${phone}`,
    customerZip: '3511AB',
  });
  const second = await createCustomer(request, origin, {
    email: `fenna${tag}@gmail.com`,
    customerFirstName: 'Fenna',
    customerLastName: `Dubbel${tag}`,
    customerPhone: `+316${phone}`,
    customerZip: '3511 AB',
    customerCity: 'Utrecht',
    customerAddress: 'Oudegracht 1',
  });
  return { a: Math.min(first, second), b: Math.max(first, second), first };
}

/** The queue row's key, as the page's `data-pair`. */
export const pairKey = (pair: { a: number; b: number }) => `${pair.a}-${pair.b}`;

/** Starts a scan and waits until every pair is in the phone-reason queue. */
export async function scanUntilQueued(request: APIRequestContext, origin: string, pairs: readonly CreatedPair[]) {
  expect((await request.post('/api/duplicates/scans', { headers: { origin } })).status()).toBe(202);
  const want = pairs.map(pairKey);
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/duplicates?reason=phone');
        const queue = (await response.json()) as {
          data: Array<{ a: { customerId: number }; b: { customerId: number } }>;
          scan: unknown;
        };
        const rows = queue.data.map((pair) => pairKey({ a: pair.a.customerId, b: pair.b.customerId }));
        // Not found yet: the scan's state and the first rows say why (in the failure's message).
        return want.every((key) => rows.includes(key))
          ? 'found'
          : JSON.stringify({ want, rows: rows.slice(0, 5), scan: queue.scan });
      },
      { timeout: 120_000, intervals: [1000, 2000, 5000] },
    )
    .toBe('found');
}

/**
 * Marketing signed in, once the server's first complete sync of the mirror has ended: the scan waits for it, and
 * its status is the administrator's to read.
 */
export async function signInAsMarketingOnceSynced(request: APIRequestContext, baseURL: string | undefined) {
  expect((await signInByApi(request, baseURL ?? '', DEMO)).status()).toBe(200);
  await mirrorSynced(request);
  expect((await signInByApi(request, baseURL ?? '', MARKETING)).status()).toBe(200);
}
