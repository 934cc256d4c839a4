import { type Page, request as playwrightRequest } from '@playwright/test';
import { startTestOidcProvider, type TestOidcProvider } from '../src/server/testing/oidc-test-provider';
import { seriousFindings } from './support/axe';
import { DEMO, expect, signInByApi, test } from './support/fixtures';
import { useOwnServer } from './support/own-server';

/**
 * Single sign-on in Chromium through a real OpenID Connect provider (oidc-provider, started here on 127.0.0.1),
 * on a server of its own: the shared one keeps its sign-in page without a provider.
 */
test.describe('single sign-on through an OpenID Connect provider', () => {
  test.describe.configure({ mode: 'serial' });
  const server = useOwnServer();
  let provider: TestOidcProvider | undefined;

  test.beforeAll(async () => {
    provider = await startTestOidcProvider({ redirectUris: [`${server.url}/api/sso/callback`] });
    provider.people.set('mira', { email: 'mira.sso@venue.test', name: 'Mira Mapped', groups: ['foyer-marketing'] });
  });
  test.afterAll(async () => {
    await provider?.close();
  });

  const roleOf = async (page: Page) => {
    const answer = await page.request.get(`${server.url}/api/session`);
    return answer.ok() ? ((await answer.json()) as { role: { key: string } }).role.key : null;
  };

  /** From the sign-in page, through the provider's own page, back into Foyer (or back to the sign-in page). */
  const signInThroughProvider = async (page: Page, login: string) => {
    await page.context().clearCookies();
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('link', { name: 'Aanmelden met Venue Login' }).click();
    await page.getByLabel('User name').fill(login);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.origin === server.url && !url.pathname.startsWith('/api/'));
  };

  test('an administrator sets the provider up; a person signs in through it as marketing, then as manager; a removed person is refused', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const url = server.url;
    const idp = provider as TestOidcProvider;
    const admin = await playwrightRequest.newContext({ baseURL: url });
    expect((await signInByApi(admin, url, DEMO)).status()).toBe(200);
    const roles = ((await (await admin.get('/api/roles')).json()) as { roles: { id: number; key: string }[] }).roles;
    const roleId = (key: string) => String(roles.find((role) => role.key === key)?.id);

    // The administrator's page: no provider yet, then one with two lines of mapping.
    const context = await browser.newContext({ baseURL: url });
    const page = await context.newPage();
    expect((await signInByApi(page.request, url, DEMO)).status()).toBe(200);
    await page.goto(`${url}/staff/sso`);
    // The address to register at the provider is there before anything is saved: the provider asks for it before
    // it gives the client id and secret the form requires (a walkthrough's first setup was stuck).
    await expect(page.getByTestId('redirect-uri')).toHaveText(`${url}/api/sso/callback`);
    await page.getByLabel('Naam op de aanmeldknop').fill('Venue Login');
    await page.getByLabel('Issuer-URL').fill(idp.issuer);
    await page.getByLabel('Client-ID').fill(idp.clientId);
    await page.getByRole('textbox', { name: 'Client secret' }).fill(idp.clientSecret);
    await page.getByRole('button', { name: 'Regel toevoegen' }).click();
    await page.getByRole('button', { name: 'Regel toevoegen' }).click();
    // A line without its group says so in the page's language (it said "Enter the group").
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('textbox', { name: 'Groep', exact: true }).nth(0)).toHaveAccessibleDescription(
      'Vul de groep in',
    );
    await page.getByRole('textbox', { name: 'Groep', exact: true }).nth(0).fill('foyer-managers');
    await page.getByRole('combobox', { name: 'Rol', exact: true }).nth(0).selectOption(roleId('manager'));
    await page.getByRole('textbox', { name: 'Groep', exact: true }).nth(1).fill('foyer-marketing');
    await page.getByRole('combobox', { name: 'Rol', exact: true }).nth(1).selectOption(roleId('marketing'));
    expect(await seriousFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByTestId('redirect-uri')).toHaveText(`${url}/api/sso/callback`);
    await expect(page.getByText('Er is een secret ingesteld. Laat leeg om het te houden.')).toBeVisible();
    expect(await page.content()).not.toContain(idp.clientSecret);
    expect(await seriousFindings(page)).toEqual([]);

    // The sign-in page offers the provider; Mira's group maps to marketing.
    await page.context().clearCookies();
    await page.goto(`${url}/sign-in`);
    await expect(page.getByRole('link', { name: 'Aanmelden met Venue Login' })).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    await signInThroughProvider(page, 'mira');
    expect(await roleOf(page)).toBe('marketing');

    // Her group changed at the provider: manager at the next sign-in.
    idp.people.set('mira', { email: 'mira.sso@venue.test', name: 'Mira Mapped', groups: ['foyer-managers'] });
    await signInThroughProvider(page, 'mira');
    expect(await roleOf(page)).toBe('manager');

    // Removed at the provider: refused, and the sign-in page says why.
    idp.people.delete('mira');
    await signInThroughProvider(page, 'mira');
    await expect(page.getByTestId('sso-failure')).toContainText('Uw organisatie heeft de aanmelding geweigerd');
    expect(await roleOf(page)).toBeNull();
    expect(await seriousFindings(page)).toEqual([]);
    await context.close();
    await admin.dispose();
  });
});
