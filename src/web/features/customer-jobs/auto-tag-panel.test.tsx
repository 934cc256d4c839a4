import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/web/lib/api-client';
import { renderWithApp } from '@/web/testing/render';
import { AutoTagPanel } from './auto-tag-panel';

/** Answers and renders take their time on a busy machine. */
const SLOW = { timeout: 5000 };

describe('the automatic tag', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses a limit of 0 on the field, keeping it, instead of saving 1 without a word', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if ((init?.method ?? 'GET') !== 'GET') sent.push(url);
        const body = url.endsWith('/partner/export/clienttypes') ? ['Vriend'] : { setting: null, runs: [] };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }),
    );
    apiClient.setClientName('demo');
    renderWithApp(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AutoTagPanel segmentId={7} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Vriend' }, SLOW);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Label' }), 'Vriend');
    const limit = screen.getByRole('textbox', { name: 'Hoogstens zoveel wijzigingen per ronde' });
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Minstens 1', {}, SLOW)).toBeInTheDocument();
    expect(limit).toHaveValue('0');
    await user.clear(limit);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Vul een getal in', {}, SLOW)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
