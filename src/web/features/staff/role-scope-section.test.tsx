import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render';
import { RoleScopeSection } from './role-scope-section';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PRODUCTIONS = {
  productions: [
    { productionId: 11, title: 'Hamlet', events: [] },
    { productionId: 12, title: 'Carmen', events: [] },
  ],
};

/** The section against a gateway that holds one scope, changed by PUT and DELETE. */
function renderSection(initial: { productionIds: number[]; eventIds: number[] } | null) {
  let scope = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/api/promoter/productions')) return json(200, PRODUCTIONS);
      if (init?.method === 'PUT') scope = JSON.parse(String(init.body));
      if (init?.method === 'DELETE') {
        scope = null;
        return new Response(null, { status: 204 });
      }
      return json(200, { scope });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={client}>
      <RoleScopeSection roleId={7} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RoleScopeSection', () => {
  it('says, once saved, what the role’s people now see (the button only went grey)', async () => {
    renderSection(null);
    const field = await screen.findByRole('combobox', { name: 'Alleen deze producties' });
    await waitFor(() => expect(field).toBeEnabled());
    // Typed and chosen with the keyboard, as a manager does.
    await userEvent.click(field);
    await userEvent.keyboard('Ham');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Bereik instellen' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Opgeslagen: mensen met deze rol zien nu alleen 1 productie.',
    );
    expect(screen.getByRole('button', { name: 'Bereik instellen' })).toBeDisabled();
  });

  it('says so when the scope is taken away: every event again', async () => {
    renderSection({ productionIds: [11], eventIds: [] });
    const field = await screen.findByRole('combobox', { name: 'Alleen deze producties' });
    await waitFor(() => expect(field).toBeEnabled());
    // Backspace in the field takes the last production away, as a keyboard user does.
    await userEvent.click(field);
    await userEvent.keyboard('{Backspace}');
    await userEvent.click(screen.getByRole('button', { name: 'Bereik instellen' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Opgeslagen: mensen met deze rol zien nu alle voorstellingen.',
    );
  });
});
