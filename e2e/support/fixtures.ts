import { type APIRequestContext, test as base, expect } from '@playwright/test';

/** The demo sign-ins (public: printed by `npm start` and in the README). */
export const DEMO = { clientName: 'demo', apiKey: 'demo-partner-key' } as const;
export const HARBOUR = { clientName: 'harbour', apiKey: 'harbour-partner-key' } as const;

/**
 * Signs in through the gateway API as the app does: a same-origin POST (the gateway refuses a
 * state-changing request without our Origin). The request context keeps the session cookie.
 */
export async function signInByApi(
  request: APIRequestContext,
  baseURL: string,
  credentials: { clientName: string; apiKey: string } = DEMO,
) {
  return request.post('/api/session', { data: credentials, headers: { origin: new URL(baseURL).origin } });
}

export const test = base.extend<{ origin: string }>({
  /** The server's own origin, for the Origin header of API calls made outside the page. */
  origin: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    await use(new URL(baseURL).origin);
  },
});

export { expect };
