import { signInThroughForm } from './app-pages';
import { seriousFindings } from './support/axe';
import { BOX_OFFICE, DEMO, expect, signInByApi, test } from './support/fixtures';
import { SMALL_DEMO, useOwnServer } from './support/own-server';

/**
 * Address rules in Chromium (issue 33 item 2): an administrator limits the box office to the venue's network
 * in the role dialog; a cashier signing in from elsewhere is refused with the reason in words (where the
 * connection comes from, what to do), from inside gets in, and is refused again when their connection moves
 * out; the refusals are in the audit trail. On a server of its own behind a "proxy" (TRUST_PROXY): each
 * browser context says where it comes from with X-Forwarded-For.
 */
const VENUE = '192.0.2.0/24';
const INSIDE = '192.0.2.40';
const OUTSIDE = '198.51.100.7';

test.describe('address rules: a role used only from its networks', () => {
  const server = useOwnServer({ ...SMALL_DEMO, TRUST_PROXY: '1' });

  test('the administrator sets the box office’s networks; outside is refused in words and audited, inside gets in', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const url = server.url;
    const from = (address: string) =>
      browser.newContext({ baseURL: url, extraHTTPHeaders: { 'x-forwarded-for': address } });

    // The administrator's role dialog: the networks editor, axe clean, saved.
    const adminContext = await from(INSIDE);
    const admin = await adminContext.newPage();
    expect((await signInByApi(admin.request, url, DEMO)).status()).toBe(200);
    await admin.goto(`${url}/staff/roles`);
    const card = admin.getByTestId('role-card').filter({ has: admin.getByRole('heading', { name: 'Kassa' }) });
    await card.getByRole('button', { name: 'Kassa bewerken' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Rol Kassa' });
    const networks = dialog.getByTestId('role-networks');
    // A range past 32 bits and a word are refused on the field, by name; nothing is saved.
    await networks.getByRole('textbox', { name: 'Netwerken' }).fill(`${VENUE}\n10.0.0.0/33\nfoo`);
    await networks.getByRole('button', { name: 'Netwerken opslaan' }).click();
    await expect(networks.getByText('Geen netwerken: 10.0.0.0/33, foo.', { exact: false })).toBeVisible();
    await expect(networks.getByRole('status')).toHaveCount(0);
    await networks.getByRole('textbox', { name: 'Netwerken' }).fill(VENUE);
    expect(await seriousFindings(admin)).toEqual([]);
    await networks.getByRole('button', { name: 'Netwerken opslaan' }).click();
    await expect(networks.getByRole('status')).toHaveText('Netwerken opgeslagen.');

    // A cashier from outside: the sign-in page says why, with the address, and no session is made.
    const outsideContext = await from(OUTSIDE);
    const outside = await outsideContext.newPage();
    await outside.goto(`${url}/sign-in`);
    await signInThroughForm(outside, BOX_OFFICE);
    const refusal = outside.getByRole('alert');
    await expect(refusal).toContainText('alleen gebruiken vanaf de netwerken van uw organisatie');
    await expect(refusal).toContainText(`deze verbinding komt van ${OUTSIDE}`);
    await expect(outside).toHaveURL(/\/sign-in$/);
    expect((await outside.request.get(`${url}/api/session`)).status()).toBe(401);

    // From inside the venue's network: in.
    const insideContext = await from(INSIDE);
    const inside = await insideContext.newPage();
    await inside.goto(`${url}/sign-in`);
    await signInThroughForm(inside, BOX_OFFICE);
    await expect(inside.getByTestId('signed-in-person')).toBeVisible();
    // Their connection moves out (another network): the next page load says so in words, not a generic error.
    await insideContext.setExtraHTTPHeaders({ 'x-forwarded-for': OUTSIDE });
    await inside.reload();
    await expect(inside.getByText(`deze verbinding komt van ${OUTSIDE}`)).toBeVisible();

    // The trail has the refusals, the cashier's among them.
    await admin.goto(`${url}/audit?action=address-refused`);
    const row = admin.getByRole('row').filter({ hasText: BOX_OFFICE.email }).first();
    await expect(row).toContainText('Geweigerd: buiten de netwerken van de rol');
    await expect(row).toContainText(OUTSIDE);
    for (const context of [adminContext, outsideContext, insideContext]) await context.close();
  });
});
