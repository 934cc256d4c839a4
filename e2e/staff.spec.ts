import type { Page } from '@playwright/test';
import { seriousFindings } from './support/axe';
import { DEMO, expect, signInByApi, test } from './support/fixtures';

/** Strong enough for the gateway: twelve characters or more, not a common password. */
const NEW_PASSWORD = 'Quiet harbour lanterns 2026';

/** Tests share one server: every person and role they make is new. */
const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

const personRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

/** The box-office preset's id, for an invitation made through the API. */
async function boxOfficeRoleId(page: Page): Promise<number> {
  const answer = (await (await page.request.get('/api/roles')).json()) as { roles: { id: number; key: string }[] };
  const role = answer.roles.find((candidate) => candidate.key === 'box-office');
  if (!role) throw new Error('no box-office role');
  return role.id;
}

async function signInAsAdmin(page: Page, baseURL: string | undefined) {
  expect((await signInByApi(page.request, baseURL ?? '', DEMO)).status()).toBe(200);
}

test.describe('staff administration', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
  // Whole journeys (two browsers, several pages each) on two shared cores.
  test.describe.configure({ timeout: 90_000 });

  test('an invited person follows the link, sets a password, sees only their role; disabled, they are out at once', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInAsAdmin(page, baseURL);
    const email = `${unique('door')}@venue.test`;
    const name = 'Noor de Vries';

    await page.goto('/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeVisible();
    await page.getByRole('button', { name: 'Iemand uitnodigen' }).click();
    const invite = page.getByRole('dialog', { name: 'Iemand uitnodigen' });
    await invite.getByRole('textbox', { name: 'Naam' }).fill(name);
    await invite.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
    await invite.getByRole('combobox', { name: /^Rol/ }).selectOption({ label: 'Kassa' });
    await invite.getByRole('button', { name: 'Uitnodigen' }).click();

    const issued = page.getByRole('dialog', { name: `Uitnodiging voor ${name}` });
    await expect(issued.getByText(/Werkt één keer, tot /)).toBeVisible();
    await issued.getByRole('button', { name: 'Link kopiëren' }).click();
    await expect(issued.getByRole('button', { name: 'Gekopieerd' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/^http:\/\/[\d.:]+\/welcome\/[\w-]{20,}$/);
    await expect(issued.getByRole('textbox', { name: 'Eenmalige link' })).toHaveValue(link);
    await issued.getByRole('button', { name: 'Sluiten' }).first().click();
    await expect(personRow(page, email).getByTestId('person-status')).toContainText('Uitgenodigd');
    await expect(personRow(page, email)).toContainText('Link geldig tot');

    // The invited person, in a browser of their own.
    const theirs = await browser.newContext();
    const them = await theirs.newPage();
    await them.goto(link);
    await expect(them.getByRole('heading', { name: 'Welkom bij Foyer' })).toBeVisible();
    // Long enough for the browser, too common for the gateway: its refusal in the app's language, on the field.
    await them.getByLabel('Nieuw wachtwoord').fill('wachtwoord1234');
    await them.getByLabel('Herhaal het wachtwoord').fill('wachtwoord1234');
    await them.getByRole('button', { name: 'Wachtwoord instellen en aanmelden' }).click();
    await expect(
      them.getByText('Dit wachtwoord is te gewoon of te makkelijk te raden', { exact: false }),
    ).toBeVisible();
    await them.getByLabel('Nieuw wachtwoord').fill(NEW_PASSWORD);
    await them.getByLabel('Herhaal het wachtwoord').fill(NEW_PASSWORD);
    await them.getByRole('button', { name: 'Wachtwoord instellen en aanmelden' }).click();
    const navigation = them.getByRole('navigation', { name: 'Hoofdnavigatie' });
    await expect(navigation.getByRole('link', { name: 'Kassa' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Voorstellingen' })).toBeVisible();
    for (const hidden of ['Team', 'Bestellingen', 'Klanten', 'Exports']) {
      await expect(navigation.getByRole('link', { name: hidden })).toHaveCount(0);
    }
    // The administration is not theirs, typed address or not.
    await them.goto('/staff');
    await expect(them.getByRole('heading', { name: 'Geen toegang' })).toBeVisible();

    // The administrator sees them active, and disables them.
    await page.reload();
    const row = personRow(page, email);
    await expect(row.getByTestId('person-status')).toContainText('Actief');
    await expect(row).toContainText('Wachtwoord');
    await row.getByRole('button', { name: 'Uitschakelen' }).click();
    const confirm = page.getByRole('dialog', { name: `${name} uitschakelen?` });
    await expect(confirm).toContainText('eindigen meteen');
    await confirm.getByRole('button', { name: 'Uitschakelen en afmelden' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is uitgeschakeld' })).toBeVisible();
    await expect(row.getByTestId('person-status')).toContainText('Uitgeschakeld');

    // Their very next request is refused; their page goes to sign-in on reload.
    expect((await them.request.get('/api/session')).status()).toBe(401);
    await them.reload();
    await expect(them.getByRole('heading', { name: 'Aanmelden bij Foyer' })).toBeVisible();
    // Signing in again, they read why not in their language.
    await them.getByLabel('E-mailadres').fill(email);
    await them.getByLabel(/^Wachtwoord/).fill(NEW_PASSWORD);
    await them.getByRole('button', { name: 'Aanmelden', exact: true }).click();
    await expect(them.getByRole('alert')).toHaveText('Dit account is uitgeschakeld. Vraag een beheerder.');
    await theirs.close();

    // The filter lives in the URL.
    await page.goto('/staff?status=disabled');
    await expect(page.getByTestId('filter-status')).toHaveValue('disabled');
    await expect(personRow(page, email)).toBeVisible();
    await expect(personRow(page, DEMO.email)).toHaveCount(0);
    await page.getByTestId('filter-status').selectOption('active');
    await expect(page).toHaveURL(/status=active/);
    await expect(personRow(page, email)).toHaveCount(0);
  });

  test('a custom role is created, assigned, and cannot be deleted while someone holds it', async ({
    page,
    baseURL,
    origin,
  }) => {
    await signInAsAdmin(page, baseURL);
    const roleName = unique('Deur');
    const email = `${unique('steward')}@venue.test`;
    const roles = (await (await page.request.get('/api/roles')).json()) as { roles: { id: number; key: string }[] };
    const boxOffice = roles.roles.find((role) => role.key === 'box-office');
    const invited = await page.request.post('/api/staff/invitations', {
      data: { name: 'Sam Steward', email, roleId: boxOffice?.id },
      headers: { origin },
    });
    expect(invited.status()).toBe(201);

    await page.goto('/staff/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Rollen' })).toBeVisible();
    await page.getByRole('button', { name: 'Nieuwe rol' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nieuwe rol' });
    // Presets' names are taken: the gateway's 422 lands on the field.
    await dialog.getByRole('textbox', { name: 'Naam van de rol' }).fill('Manager');
    await dialog.getByRole('button', { name: 'Rol aanmaken' }).click();
    await expect(dialog.getByText('Er is al een rol met deze naam')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Naam van de rol' }).fill(roleName);
    await dialog.getByRole('checkbox', { name: /Voorstellingen, producties, zalen/ }).check();
    await dialog.getByRole('checkbox', { name: /Verkopen aan de kassa/ }).check();
    await dialog.getByRole('checkbox', { name: /Tweestapsaanmelding verplicht/ }).check();
    await dialog.getByRole('textbox', { name: /Afmelden na inactiviteit/ }).fill('3');
    await dialog.getByRole('button', { name: 'Rol aanmaken' }).click();
    await expect(dialog.getByText('Een heel getal van 5 tot 1440')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Afmelden na inactiviteit/ }).fill('15');
    await dialog.getByRole('button', { name: 'Rol aanmaken' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByTestId('role-card').filter({ hasText: roleName });
    await expect(card).toContainText('2 van 20 rechten');
    await expect(card).toContainText('Tweestaps verplicht');
    await expect(card).toContainText('Afmelden na 15 min. zonder activiteit');
    await expect(card.getByTestId('role-members')).toHaveText('0 actieve medewerkers');
    // Renamed to a name that is taken: the field says so, nothing changes.
    await card.getByRole('button', { name: `${roleName} bewerken` }).click();
    const editing = page.getByRole('dialog', { name: `Rol ${roleName}` });
    await editing.getByRole('textbox', { name: 'Naam van de rol' }).fill('manager');
    await editing.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(editing.getByRole('textbox', { name: 'Naam van de rol' })).toHaveAccessibleDescription(
      'Er is al een rol met deze naam',
    );
    await editing.getByRole('button', { name: 'Annuleren' }).click();
    await expect(card).toBeVisible();

    await page.getByRole('link', { name: 'Medewerkers' }).click();
    await expect(page).toHaveURL(/\/staff$/);
    await personRow(page, email)
      .getByRole('combobox', { name: 'Rol van Sam Steward' })
      .selectOption({ label: roleName });
    await expect(
      page.getByRole('status').filter({ hasText: `De rol van Sam Steward is nu ${roleName}` }),
    ).toBeVisible();
    await page.reload();
    const select = personRow(page, email).getByRole('combobox', { name: 'Rol van Sam Steward' });
    await expect(select.locator('option:checked')).toHaveText(roleName);

    // More rights are said and confirmed first: a slip of the list made a seller administrator at once.
    await select.selectOption({ label: 'Beheerder' });
    const grant = page.getByRole('dialog', { name: 'Sam Steward Beheerder maken?' });
    await expect(grant.getByTestId('role-grant-list')).toContainText('Medewerkers');
    await grant.getByRole('button', { name: 'Annuleren' }).click();
    await expect(grant).toBeHidden();
    // A swap says what goes too: as Marketing, Sam no longer sells at the desk.
    await select.selectOption({ label: 'Marketing' });
    const swap = page.getByRole('dialog', { name: 'Sam Steward Marketing maken?' });
    await expect(swap.getByTestId('role-lost-list')).toContainText('Verkopen aan de kassa');
    await expect(swap.getByTestId('role-grant-list')).not.toContainText('Verkopen aan de kassa');
    await swap.getByRole('button', { name: 'Annuleren' }).click();
    await expect(swap).toBeHidden();
    await expect(select.locator('option:checked')).toHaveText(roleName);
    await select.selectOption({ label: 'Beheerder' });
    await grant.getByRole('button', { name: 'Beheerder maken' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'De rol van Sam Steward is nu Beheerder' })).toBeVisible();
    await expect(select.locator('option:checked')).toHaveText('Beheerder');
    await select.selectOption({ label: roleName });
    await expect(
      page.getByRole('status').filter({ hasText: `De rol van Sam Steward is nu ${roleName}` }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Rollen' }).click();
    await expect(card.getByTestId('role-members')).toHaveText('1 actieve medewerker');
    await expect(card.getByRole('button', { name: `${roleName} verwijderen` })).toBeDisabled();
  });

  test('who manages staff with fewer permissions is offered only what they hold; a refusal that comes anyway says why', async ({
    page,
    playwright,
    baseURL,
    origin,
  }) => {
    const admin = await playwright.request.newContext({ baseURL });
    expect((await signInByApi(admin, baseURL ?? '')).status()).toBe(200);
    const createRole = async (name: string, permissions: string[]) => {
      const created = await admin.post('/api/roles', { data: { name, permissions }, headers: { origin } });
      expect(created.status()).toBe(201);
      return ((await created.json()) as { id: number }).id;
    };
    const hrName = unique('HR');
    const hrRole = await createRole(hrName, ['staff:manage', 'events:read']);
    const eventsName = unique('Zaal');
    const eventsRole = await createRole(eventsName, ['events:read']);
    const invite = async (email: string, roleId: number) => {
      const invited = await admin.post('/api/staff/invitations', {
        data: { name: 'Hanna Heller', email, roleId },
        headers: { origin },
      });
      expect(invited.status()).toBe(201);
      return ((await invited.json()) as { link: string }).link.split('/').at(-1);
    };
    const hrEmail = `${unique('hr')}@venue.test`;
    const viewerEmail = `${unique('viewer')}@venue.test`;
    const hrToken = await invite(hrEmail, hrRole);
    await invite(viewerEmail, eventsRole);
    // The HR person accepts their invitation in this browser: it is signed in as them.
    const accepted = await page.request.post(`/api/links/${hrToken}/password`, {
      data: { password: NEW_PASSWORD },
      headers: { origin },
    });
    expect(accepted.status()).toBe(200);

    await page.goto('/staff');
    await expect(personRow(page, hrEmail).getByRole('combobox', { name: /^Rol van/ })).toBeDisabled();
    const administrator = personRow(page, DEMO.email);
    await expect(administrator.getByTestId('person-beyond-reach')).toHaveText(
      'Deze rol heeft rechten die u zelf niet hebt',
    );
    await expect(administrator.getByRole('button')).toHaveCount(0);
    await expect(administrator.getByRole('combobox')).toBeDisabled();
    const viewer = personRow(page, viewerEmail);
    await expect(viewer.getByRole('combobox').locator('option', { hasText: 'Beheerder' })).toBeDisabled();
    await expect(viewer.getByRole('combobox').locator('option', { hasText: eventsName })).toBeEnabled();

    await page.getByRole('button', { name: 'Iemand uitnodigen' }).click();
    const dialog = page.getByRole('dialog');
    const roleOptions = dialog.getByRole('combobox', { name: /^Rol/ }).locator('option');
    await expect(roleOptions.filter({ hasText: eventsName })).toHaveCount(1);
    await expect(roleOptions.filter({ hasText: 'Beheerder' })).toHaveCount(0);
    await expect(roleOptions.filter({ hasText: 'Kassa' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Single sign-on's provider can sign in as anyone: the HR person reads its settings, and may not change them.
    await page.goto('/staff/sso');
    await expect(page.getByTestId('sso-read-only')).toContainText('Alleen wie alle bevoegdheden heeft');
    await expect(page.getByRole('textbox', { name: 'Issuer-URL' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Opslaan' })).toHaveCount(0);
    const ssoRefused = await page.request.put('/api/sso', {
      data: {
        displayName: 'Mine',
        issuer: 'https://login.invalid',
        clientId: 'x',
        clientSecret: 'y',
        emailClaim: 'email',
        groupClaim: 'groups',
        groupRoles: [],
        enabled: false,
        required: false,
      },
      headers: { origin },
    });
    expect(ssoRefused.status()).toBe(403);
    await page.goto('/staff');

    // Meanwhile the administrator takes events:read from the HR role: the page still offers the viewer's reset
    // link, and the gateway's refusal is shown as it says it.
    const narrowed = await admin.put(`/api/roles/${hrRole}`, {
      data: { name: hrName, permissions: ['staff:manage'] },
      headers: { origin },
    });
    expect(narrowed.status()).toBe(200);
    await viewer.getByRole('button', { name: 'Nieuwe uitnodiging' }).click();
    await expect(page.getByRole('alert')).toContainText('permissions you do not hold (events:read)');
    await admin.dispose();
  });

  test('a custom role nobody holds is deleted after a confirmation', async ({ page, baseURL, origin }) => {
    await signInAsAdmin(page, baseURL);
    const roleName = unique('Tijdelijk');
    const created = await page.request.post('/api/roles', {
      data: { name: roleName, permissions: ['events:read'] },
      headers: { origin },
    });
    expect(created.status()).toBe(201);
    await page.goto('/staff/roles');
    const card = page.getByTestId('role-card').filter({ hasText: roleName });
    await card.getByRole('button', { name: `${roleName} verwijderen` }).click();
    await page
      .getByRole('dialog', { name: `Rol ${roleName} verwijderen?` })
      .getByRole('button', { name: 'Rol verwijderen' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: `Rol ${roleName} verwijderd.` })).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('a preset keeps its permissions, but its sign-in rules can be changed', async ({ page, baseURL }) => {
    await signInAsAdmin(page, baseURL);
    await page.goto('/staff/roles');
    const card = page.getByTestId('role-card').filter({ has: page.getByRole('heading', { name: 'Marketing' }) });
    await card.getByRole('button', { name: 'Marketing bewerken' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rol Marketing' });
    await expect(dialog.getByRole('textbox', { name: 'Naam van de rol' })).toHaveAttribute('readonly', '');
    await expect(dialog.getByRole('checkbox', { name: /Klanten aanmaken en bewerken/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /Klanten aanmaken en bewerken/ })).toBeDisabled();
    await dialog.getByRole('textbox', { name: /Langste sessie/ }).fill('600');
    await dialog.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Sessie duurt hooguit 600 min.');
    await expect(card).toContainText('8 van 20 rechten');
    // Back as it was, for the other tests on this server.
    await card.getByRole('button', { name: 'Marketing bewerken' }).click();
    await dialog.getByRole('textbox', { name: /Langste sessie/ }).fill('');
    await dialog.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(card).not.toContainText('Sessie duurt hooguit');
  });

  test('the connection: a wrong key is refused on its field, the right one replaces the key', async ({
    page,
    baseURL,
  }) => {
    await signInAsAdmin(page, baseURL);
    await page.goto('/staff/connection');
    await expect(page.getByRole('heading', { level: 1, name: 'Verbinding met de Ticketing Service' })).toBeVisible();
    await expect(page.getByTestId('connection-facts')).toContainText('demo');
    const key = page.getByLabel('Nieuwe API-sleutel');
    await key.fill('not-the-key');
    await page.getByRole('button', { name: 'Sleutel controleren en vervangen' }).click();
    await expect(key).toHaveAccessibleDescription('De Ticketing Service accepteert deze klantnaam en API-sleutel niet');
    await expect(key).toHaveValue('not-the-key');

    await key.fill(DEMO.apiKey);
    await page.getByRole('button', { name: 'Sleutel controleren en vervangen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'De sleutel is vervangen' })).toBeVisible();
    await expect(key).toHaveValue('');
    await expect(page.getByTestId('key-changed')).toContainText('door Ada Admin');
    // The key is never shown back, nor sent to the browser.
    await expect(page.locator('body')).not.toContainText(DEMO.apiKey);
    const answer = await page.request.get('/api/connection');
    expect(await answer.text()).not.toContain(DEMO.apiKey);
    // The app still works with it.
    await page
      .getByRole('navigation', { name: 'Hoofdnavigatie' })
      .getByRole('link', { name: 'Voorstellingen' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Voorstellingen' })).toBeVisible();
  });

  test('on a phone the team is a list of cards, nothing scrolls sideways; a person is renamed, and the trail says so', async ({
    page,
    baseURL,
    origin,
  }) => {
    await signInAsAdmin(page, baseURL);
    // Someone of this test's own, so the demo accounts keep their names.
    const email = `${unique('rename')}@venue.test`;
    const invited = await page.request.post('/api/staff/invitations', {
      data: { email, name: 'Ruud Kassa', roleId: await boxOfficeRoleId(page) },
      headers: { origin },
    });
    expect(invited.status()).toBe(201);
    const { id } = (await invited.json()) as { id: number };

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/staff');
    const row = personRow(page, email);
    await expect(row).toBeVisible();
    await expect(page.locator('table[data-stacked]')).toBeVisible();
    // Every column is there, each value with its column's name, and nothing is wider than the screen.
    await expect(row.locator('td[data-label="Rol"]')).toBeVisible();
    await expect(row.locator('td[data-label="Laatst actief"]')).toBeVisible();
    const widths = await page.evaluate(() => {
      const scroller = document.querySelector('table[data-stacked]')?.parentElement;
      return {
        page: document.documentElement.scrollWidth,
        table: scroller ? scroller.scrollWidth - scroller.clientWidth : -1,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.table).toBe(0);
    expect(await seriousFindings(page)).toEqual([]);

    const rename = row.getByRole('button', { name: 'Naam wijzigen' });
    await rename.click();
    const dialog = page.getByRole('dialog', { name: 'Naam van Ruud Kassa wijzigen' });
    const field = dialog.getByRole('textbox', { name: 'Naam' });
    await expect(field).toBeFocused();
    // Escape gives the focus back to the button that opened it (it fell to the page), and ✕ has a name.
    await expect(dialog.getByRole('button', { name: 'Sluiten' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(rename).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(field).toBeFocused();
    await field.fill('');
    await dialog.getByRole('button', { name: 'Naam opslaan' }).click();
    await expect(dialog.getByText('Vul de naam in')).toBeVisible();
    expect(await seriousFindings(page)).toEqual([]);
    await field.fill('Ruud van Dijk');
    await dialog.getByRole('button', { name: 'Naam opslaan' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ruud Kassa heet nu Ruud van Dijk.' })).toBeVisible();
    await expect(personRow(page, email)).toContainText('Ruud van Dijk');

    const trail = await page.request.get(`/api/audit?action=staff&person=${encodeURIComponent(DEMO.email)}`);
    const entries = ((await trail.json()) as { data: { path: string; details: Record<string, unknown> }[] }).data;
    expect(entries.find((entry) => entry.path === `/api/staff/${id}`)?.details).toMatchObject({
      changes: { name: { old: 'Ruud Kassa', new: 'Ruud van Dijk' } },
    });
  });

  test('the four pages are links: Tab reaches them and Enter opens them', async ({ page, baseURL }) => {
    await signInAsAdmin(page, baseURL);
    await page.goto('/staff');
    const sections = page.getByRole('navigation', { name: 'Team en toegang' });
    await expect(sections.getByRole('link', { name: 'Medewerkers' })).toHaveAttribute('aria-current', 'page');
    await sections.getByRole('link', { name: 'Medewerkers' }).focus();
    await page.keyboard.press('Tab');
    await expect(sections.getByRole('link', { name: 'Rollen' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sections.getByRole('link', { name: 'Single sign-on' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sections.getByRole('link', { name: 'Verbinding' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/staff\/connection$/);
    await expect(sections.getByRole('link', { name: 'Verbinding' })).toHaveAttribute('aria-current', 'page');
  });
});
