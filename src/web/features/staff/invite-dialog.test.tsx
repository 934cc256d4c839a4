import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/contract/roles';
import { renderWithApp } from '../../testing/render';
import { defaultRoleId, InviteDialog } from './invite-dialog';

const role = (id: number, key: string, name: string): Role => ({
  id,
  key,
  name,
  preset: true,
  permissions: [],
  requireTotp: false,
  idleMinutes: null,
  absoluteMinutes: null,
  members: 0,
});
const ROLES = [
  role(4, 'administrator', 'Administrator'),
  role(1, 'box-office', 'Box office'),
  role(2, 'manager', 'Manager'),
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDialog(fetch: typeof globalThis.fetch) {
  vi.stubGlobal('fetch', vi.fn(fetch));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onClose = vi.fn();
  renderWithApp(
    <QueryClientProvider client={client}>
      <InviteDialog roles={ROLES} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, fetch: globalThis.fetch as ReturnType<typeof vi.fn> };
}

afterEach(() => vi.unstubAllGlobals());

describe('InviteDialog', () => {
  it('offers the box office role first: the least a newcomer needs', () => {
    expect(defaultRoleId(ROLES)).toBe('1');
    expect(defaultRoleId([role(9, 'custom-door', 'Door')])).toBe('9');
    expect(defaultRoleId([])).toBe('');
  });

  it('checks the fields before asking the gateway', async () => {
    const { fetch } = renderDialog(async () => json(500, {}));
    await userEvent.click(screen.getByRole('button', { name: 'Uitnodigen' }));
    expect(await screen.findByText('Vul de naam in')).toBeInTheDocument();
    expect(screen.getByText('Vul een geldig e-mailadres in')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("puts the gateway's 422 on the field and keeps what was typed", async () => {
    renderDialog(async () =>
      json(422, {
        message: 'Someone already has an account with this email address',
        errors: { email: ['Someone already has an account with this email address'] },
      }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Naam/ }), 'Noor de Vries');
    await userEvent.type(screen.getByRole('textbox', { name: /E-mailadres/ }), 'noor@venue.test');
    await userEvent.click(screen.getByRole('button', { name: 'Uitnodigen' }));
    const email = screen.getByRole('textbox', { name: /E-mailadres/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Iemand heeft al een account met dit e-mailadres/));
    expect(email).toHaveValue('noor@venue.test');
    expect(screen.getByRole('textbox', { name: /Naam/ })).toHaveValue('Noor de Vries');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends name, email and role, then shows the one-time link with its expiry', async () => {
    const { fetch } = renderDialog(async () =>
      json(201, { id: 12, link: 'http://foyer.test/welcome/abc', expiresAt: '2026-11-29T12:00:00Z' }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Naam/ }), ' Noor ');
    await userEvent.type(screen.getByRole('textbox', { name: /E-mailadres/ }), 'noor@venue.test');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Rol/ }), 'Manager');
    await userEvent.click(screen.getByRole('button', { name: 'Uitnodigen' }));
    expect(await screen.findByRole('textbox', { name: 'Eenmalige link' })).toHaveValue('http://foyer.test/welcome/abc');
    expect(screen.getByText(/Werkt één keer, tot 29 nov 2026/)).toBeInTheDocument();
    expect(screen.getByText(/Geef deze link zelf aan Noor/)).toBeInTheDocument();
    // A first invitation replaces nothing.
    expect(screen.queryByText(/Eerdere links/)).not.toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/staff/invitations');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Noor', email: 'noor@venue.test', roleId: 2 });
  });
});
