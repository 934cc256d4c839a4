import { type APIRequestContext, test as base, expect } from '@playwright/test';

/** The demo password of every demo account (public: printed by `npm start` and in the README). */
export const DEMO_PASSWORD = 'foyer-demo-2026';

export interface DemoAccount {
  email: string;
  password: string;
  clientName: string;
  /** The organisation's API key, which the browser must never see (tests search for it). */
  apiKey: string;
}

const demoAccount = (email: string): DemoAccount => ({
  email,
  password: DEMO_PASSWORD,
  clientName: 'demo',
  apiKey: 'demo-partner-key',
});

/** The demo organisation's administrator: sees every area. */
export const DEMO = demoAccount('admin@demo.test');
export const BOX_OFFICE = demoAccount('boxoffice@demo.test');
export const MARKETING = demoAccount('marketing@demo.test');
export const MANAGER = demoAccount('manager@demo.test');
export const HARBOUR: DemoAccount = {
  email: 'admin@harbour.test',
  password: DEMO_PASSWORD,
  clientName: 'harbour',
  apiKey: 'harbour-partner-key',
};

/**
 * Signs in through the gateway API as the app does: a same-origin POST (the gateway refuses a
 * state-changing request without our Origin). The request context keeps the session cookie.
 */
export async function signInByApi(
  request: APIRequestContext,
  baseURL: string,
  account: Pick<DemoAccount, 'email' | 'password'> = DEMO,
) {
  return request.post('/api/session', {
    data: { email: account.email, password: account.password },
    headers: { origin: new URL(baseURL).origin },
  });
}

export const test = base.extend<{ origin: string; closeOwnContexts: undefined }>({
  /** The server's own origin, for the Origin header of API calls made outside the page. */
  origin: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    await use(new URL(baseURL).origin);
  },
  /**
   * Closes the browser contexts a test opened itself (browser.newContext: a seller and a tablet side by side)
   * when it ends; Playwright closes only its own. Left open, their pages went on polling and counting down in the
   * worker's browser for the rest of the run, and their open connections held each own server's stop.
   * Automatic, so it is set up first and torn down last: after the failure screenshots and traces are taken.
   */
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(browser.contexts().flatMap((context) => (before.has(context) ? [] : [context.close()])));
    },
    { auto: true },
  ],
});

export { expect };
