import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import { signInThroughForm } from './app-pages';
import { DEMO, DEMO_PASSWORD, expect, signInByApi, test } from './support/fixtures';

/**
 * Passkeys with Chromium's virtual authenticator (DevTools protocol): a platform authenticator that holds
 * discoverable credentials and verifies its user without a prompt. A passkey is bound to a domain name and
 * WebAuthn takes no IP address as one, so these tests visit the server as `localhost` (the same server:
 * the gateway takes its origin and relying party from the Host header).
 */
const PASSWORD = 'passkey-e2e-wachtwoord-2026';

const asLocalhost = (baseURL: string | undefined) => {
  const url = new URL(baseURL ?? '');
  url.hostname = 'localhost';
  return url.origin;
};

async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** Invites a new person of the box-office role as the demo administrator; the token of their welcome link. */
async function invite(request: APIRequestContext, origin: string, who: { email: string; name: string }) {
  expect((await signInByApi(request, origin, DEMO)).status()).toBe(200);
  const roles = (await (await request.get('/api/roles')).json()) as { roles: { id: number; key: string }[] };
  const roleId = roles.roles.find((role) => role.key === 'box-office')?.id;
  const invited = await request.post('/api/staff/invitations', {
    data: { ...who, roleId },
    headers: { origin },
  });
  expect(invited.status()).toBe(201);
  const { link } = (await invited.json()) as { link: string };
  return new URL(link).pathname.split('/').pop() ?? '';
}

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@demo.test`;

test.describe('passkeys', () => {
  test('add a passkey on the account page, sign out, and sign in with it alone', async ({
    page,
    request,
    origin,
    baseURL,
  }) => {
    const person = { email: uniqueEmail('passkey'), name: 'Pim Passkey' };
    const token = await invite(request, origin, person);
    expect(
      (
        await request.post(`/api/links/${token}/password`, { data: { password: PASSWORD }, headers: { origin } })
      ).status(),
    ).toBe(200);
    const site = asLocalhost(baseURL);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

    await page.goto(`${site}/sign-in`);
    await signInThroughForm(page, { email: person.email, password: PASSWORD });
    await expect(page.getByTestId('signed-in-person')).toHaveText(`Aangemeld als ${person.name}`);

    await page.goto(`${site}/account`);
    const section = page.getByTestId('account-passkeys');
    await expect(section.getByText('U heeft nog geen passkeys.')).toBeVisible();
    await section.getByRole('button', { name: 'Passkey toevoegen' }).click();
    // Named after the browser by default; the person may change it.
    await expect(section.getByLabel(/^Naam van de passkey/)).toHaveValue(/Chrome · Linux|Chrome/);
    await section.getByLabel(/^Naam van de passkey/).fill('Werklaptop');
    await section.getByRole('button', { name: 'Passkey maken' }).click();
    await expect(section.getByRole('status')).toContainText('Passkey „Werklaptop” toegevoegd');
    await expect(section.getByTestId('account-passkey')).toHaveCount(1);
    await expect(section.getByTestId('account-passkey')).toContainText('nog niet gebruikt');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true, rpId: 'localhost' })]);

    await page.getByRole('button', { name: 'Afmelden' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    // No email, no password: the browser offers the passkey it holds for this site.
    await page.getByRole('button', { name: 'Aanmelden met een passkey' }).click();
    await expect(page).toHaveURL(`${site}/`);
    await expect(page.getByTestId('signed-in-person')).toHaveText(`Aangemeld als ${person.name}`);
    const account = (await (await page.request.get(`${site}/api/account`)).json()) as {
      sessions: { method: string; current: boolean }[];
      passkeys: { name: string; lastUsedAt: string | null }[];
    };
    expect(account.sessions.find((session) => session.current)?.method).toBe('passkey');
    expect(account.passkeys).toEqual([expect.objectContaining({ name: 'Werklaptop', lastUsedAt: expect.any(String) })]);

    // Removed after confirming; the browser's copy then signs nobody in.
    await page.goto(`${site}/account`);
    await section.getByRole('button', { name: 'Passkey Werklaptop verwijderen' }).click();
    await section.getByRole('button', { name: 'Ja, passkey Werklaptop verwijderen' }).click();
    await expect(section.getByText('U heeft nog geen passkeys.')).toBeVisible();
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await page.getByRole('button', { name: 'Aanmelden met een passkey' }).click();
    await expect(page.getByRole('alert')).toContainText('Deze passkey is hier niet bekend');
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('an invited person sets up a passkey from the welcome link instead of a password', async ({
    page,
    request,
    origin,
    baseURL,
  }) => {
    const person = { email: uniqueEmail('welcome-passkey'), name: 'Wendy Welkom' };
    const token = await invite(request, origin, person);
    const site = asLocalhost(baseURL);
    await addVirtualAuthenticator(page);

    await page.goto(`${site}/welcome/${token}`);
    await expect(page.getByRole('heading', { name: 'Welkom bij Foyer' })).toBeVisible();
    await page.getByRole('button', { name: 'Een passkey gebruiken' }).click();
    await expect(page).toHaveURL(`${site}/`);
    await expect(page.getByTestId('signed-in-person')).toHaveText(`Aangemeld als ${person.name}`);

    const account = (await (await page.request.get(`${site}/api/account`)).json()) as {
      passwordSet: boolean;
      passkeys: unknown[];
    };
    expect(account).toMatchObject({ passwordSet: false, passkeys: [expect.anything()] });
    // The link is used up.
    expect((await page.request.get(`${site}/api/links/${token}`)).status()).toBe(404);
    // With no password, the one passkey cannot be removed.
    await page.goto(`${site}/account`);
    const section = page.getByTestId('account-passkeys');
    await expect(section.getByTestId('account-passkey')).toHaveCount(1);
    await expect(section.getByText('Dit is uw enige manier om aan te melden')).toBeVisible();
    await expect(section.getByRole('button', { name: /verwijderen/ })).toHaveCount(0);
  });

  test('a cancelled passkey prompt is said quietly, and the password form stays', async ({ page, baseURL }) => {
    const site = asLocalhost(baseURL);
    // What the browser answers when the person closes its passkey prompt (or lets it time out).
    await page.addInitScript(() => {
      navigator.credentials.get = () =>
        Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    });
    await page.goto(`${site}/sign-in`);
    await page.getByRole('button', { name: 'Aanmelden met een passkey' }).click();
    await expect(page.getByRole('status')).toHaveText('Aanmelden met een passkey is afgebroken.');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await signInThroughForm(page, { email: DEMO.email, password: DEMO_PASSWORD });
    await expect(page).toHaveURL(`${site}/`);
  });
});
