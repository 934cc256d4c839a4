import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { TOTP } from 'otpauth';
import { expectDashboard } from './app-pages';
import { DEMO, expect, HARBOUR, signInByApi, test } from './support/fixtures';
import { useOwnServer } from './support/own-server';

/**
 * Ways in beyond the demo password: two-step sign-in (TOTP) set up on the account page and used at
 * sign-in, and a fresh install's setup link that creates the first administrator and the connection.
 */

const STRONG_PASSWORD = 'Lanterns over the quiet harbour 2026';

/** A new person of the demo organisation with a password, made through the administrator's API. */
async function newPerson(baseURL: string, role: string): Promise<{ email: string; password: string }> {
  const origin = new URL(baseURL).origin;
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    expect((await signInByApi(admin, baseURL, DEMO)).status()).toBe(200);
    const { roles } = (await (await admin.get('/api/roles')).json()) as { roles: { id: number; key: string }[] };
    const roleId = roles.find((candidate) => candidate.key === role)?.id;
    const email = `totp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@demo.test`;
    const invited = await admin.post('/api/staff/invitations', {
      data: { email, name: 'Tess Totp', roleId },
      headers: { origin },
    });
    expect(invited.status()).toBe(201);
    const { link } = (await invited.json()) as { link: string };
    const token = new URL(link).pathname.split('/').pop() ?? '';
    const person = await playwrightRequest.newContext({ baseURL });
    const set = await person.post(`/api/links/${token}/password`, {
      data: { password: STRONG_PASSWORD },
      headers: { origin },
    });
    expect(set.status()).toBe(200);
    await person.dispose();
    return { email, password: STRONG_PASSWORD };
  } finally {
    await admin.dispose();
  }
}

const codeFor = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

test.describe('two-step sign-in', () => {
  test('set up on the account page with a QR code, then asked for at sign-in', async ({ page, baseURL }) => {
    const person = await newPerson(baseURL ?? '', 'manager');
    expect((await signInByApi(page.request, baseURL ?? '', person)).status()).toBe(200);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeVisible();
    // A new password refused on its fields: the fields are announced as invalid (they were marked for the eye only).
    const password = page.getByTestId('account-password');
    await password.getByLabel('Nieuw wachtwoord').fill('kort');
    await password.getByLabel('Herhaal het wachtwoord').fill('anders');
    await password.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await expect(password.getByLabel('Nieuw wachtwoord')).toHaveAttribute('aria-invalid', 'true');
    await expect(password.getByLabel('Nieuw wachtwoord')).toHaveAccessibleDescription(/Gebruik minstens 12 tekens/);
    await expect(password.getByLabel('Herhaal het wachtwoord')).toHaveAttribute('aria-invalid', 'true');
    const totp = page.getByTestId('account-totp');
    await totp.getByRole('button', { name: 'Instellen' }).click();
    await expect(totp.getByRole('img', { name: 'QR-code voor uw authenticator-app' })).toBeVisible();
    const secret = (await totp.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await totp.getByLabel('Code uit de app').fill('000000');
    await totp.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(
      totp.getByText('Die code klopt niet. Controleer de tijd op uw telefoon', { exact: false }),
    ).toBeVisible();
    await totp.getByLabel('Code uit de app').fill(codeFor(secret));
    await totp.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(totp.getByText(/^Aan:/)).toBeVisible();

    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByLabel('E-mailadres').fill(person.email);
    await page.getByLabel(/^Wachtwoord/).fill(person.password);
    await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Tweestapsaanmelding' })).toBeVisible();
    // The code of the step after the one used at set-up: a code is accepted once only.
    await page.getByLabel('Code').fill(codeFor(secret, 30));
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await expectDashboard(page);
    const session = (await (await page.request.get('/api/session')).json()) as { totpEnabled: boolean };
    expect(session.totpEnabled).toBe(true);
  });

  test('a wrong code is refused with a message and the form stays', async ({ page, baseURL }) => {
    const person = await newPerson(baseURL ?? '', 'box-office');
    const origin = new URL(baseURL ?? '').origin;
    expect((await signInByApi(page.request, baseURL ?? '', person)).status()).toBe(200);
    const setup = (await (await page.request.post('/api/account/totp/setup', { headers: { origin } })).json()) as {
      secret: string;
    };
    const confirmed = await page.request.post('/api/account/totp/confirm', {
      data: { code: codeFor(setup.secret) },
      headers: { origin },
    });
    expect(confirmed.status()).toBe(200);
    await page.request.delete('/api/session', { headers: { origin } });

    await page.goto('/sign-in');
    await page.getByLabel('E-mailadres').fill(person.email);
    await page.getByLabel(/^Wachtwoord/).fill(person.password);
    await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
    await page.getByLabel('Code').fill('123456');
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(page.getByText('Die code klopt niet. Voer de huidige code uit uw app in.')).toBeVisible();
    await expect(page.getByLabel('Code')).toHaveValue('123456');
    expect((await page.request.get('/api/session')).status()).toBe(401);
  });
});

test.describe('sessions', () => {
  test('on a 390-px phone another session is ended by a button read whole', async ({ page, baseURL }) => {
    const person = await newPerson(baseURL ?? '', 'box-office');
    const elsewhere = await playwrightRequest.newContext({ baseURL });
    expect((await signInByApi(elsewhere, baseURL ?? '', person)).status()).toBe(200);
    await page.setViewportSize({ width: 390, height: 800 });
    expect((await signInByApi(page.request, baseURL ?? '', person)).status()).toBe(200);
    await page.goto('/account');
    const sessions = page.getByTestId('account-session');
    // This one, the one elsewhere, and the one its invitation link began.
    await expect(sessions).toHaveCount(3);
    // The browser's name beside it narrowed the button to "Beëindi…".
    const end = sessions.getByRole('button', { name: 'Beëindigen' });
    const cut = await end
      .locator('.mantine-Button-label')
      .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth).length);
    expect(cut).toBe(0);
    await end.first().click();
    await expect(sessions).toHaveCount(2);
    await end.first().click();
    await expect(sessions).toHaveCount(1);
    expect((await elsewhere.get('/api/session')).status()).toBe(401);
    await elsewhere.dispose();
  });
});

test.describe('a fresh install', () => {
  // A gateway with an empty store in front of the suite's server as its Ticketing Service (upstream mode).
  const server = useOwnServer((suiteUrl) => ({ E2E_UPSTREAM_BASE_URL: suiteUrl, SEED: 'none' }));
  let service: APIRequestContext | undefined;

  test.beforeAll(async () => {
    service = await playwrightRequest.newContext({ baseURL: server.url });
  });
  test.afterAll(async () => {
    await service?.dispose();
  });

  test('prints a setup link that creates the first administrator and connects the organisation', async ({
    browser,
  }) => {
    const url = server.url;
    const setupPath = /\/setup\/[A-Za-z0-9_-]+/.exec(server.output())?.[0];
    expect(setupPath, 'the start-up lines name a setup link').toBeTruthy();
    const context = await browser.newContext({ baseURL: url, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' });
    const page = await context.newPage();
    // Nobody can sign in yet: there are no accounts.
    expect((await signInByApi(page.request, url, DEMO)).status()).toBe(401);

    await page.goto(setupPath ?? '/');
    await expect(page.getByRole('heading', { name: 'Foyer instellen' })).toBeVisible();
    await page.getByLabel('Uw naam').fill('Harriet Haven');
    await page.getByLabel('E-mailadres').fill('first-admin@harbour.test');
    await page.getByLabel(/^Wachtwoord/).fill(STRONG_PASSWORD);
    await page.getByLabel(/^Herhaal het wachtwoord/).fill(STRONG_PASSWORD);
    await page.getByLabel(/^Klantnaam/).fill('harbour');
    // A wrong key is checked with the service first, and said on its field, the rest kept.
    await page.getByLabel(/^API-sleutel/).fill('not-the-harbour-key');
    await page.getByRole('button', { name: 'Instellen en aanmelden' }).click();
    await expect(page.getByText('The Ticketing Service does not accept this client name and API key')).toBeVisible();
    await expect(page.getByLabel('Uw naam')).toHaveValue('Harriet Haven');
    await page.getByLabel(/^API-sleutel/).fill(HARBOUR.apiKey);
    await page.getByRole('button', { name: 'Instellen en aanmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overzicht' })).toBeVisible();
    await expect(page.getByTestId('signed-in-person')).toHaveText('Aangemeld als Harriet Haven');

    // The link works once; the administrator signs in with the password from now on.
    const again = await page.request.get(`/api${setupPath}`);
    expect(again.status()).toBe(404);
    const session = (await (await page.request.get('/api/session')).json()) as {
      clientName: string;
      role: { key: string };
    };
    expect(session).toMatchObject({ clientName: 'harbour', role: { key: 'administrator' } });
    await context.close();
  });
});
