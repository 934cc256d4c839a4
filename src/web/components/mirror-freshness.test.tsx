import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MirrorResourceStatus, MirrorStatus } from '../../contract/mirror';
import { sessionKey } from '../lib/session';
import { renderWithApp } from '../testing/render';
import { MirrorFreshness } from './mirror-freshness';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const part = (resource: MirrorResourceStatus['resource'], overrides: Partial<MirrorResourceStatus> = {}) => ({
  resource,
  watermark: null,
  lastAttemptAt: null,
  lastSuccessAt: new Date(Date.now() - 12_000).toISOString(),
  lastError: null,
  fullSync: { startedAt: null, finishedAt: '2026-11-26T08:00:00.000Z', total: 100, done: 100 },
  ...overrides,
});

function status(overrides: Partial<MirrorStatus> = {}): MirrorStatus {
  return {
    intervalSeconds: 30,
    running: false,
    resources: [part('customers'), part('orders'), part('waitinglist')],
    ...overrides,
  };
}

/** The gateway's two mirror routes; `answers` is what the status says, one after the other. */
function fakeGateway(answers: MirrorStatus[]) {
  let asked = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/mirror/status')) return json(200, answers[Math.min(asked++, answers.length - 1)]);
    if (url.endsWith('/api/mirror/refresh') && init?.method === 'POST') {
      return json(202, { started: true, status: status({ running: true }) });
    }
    return json(404, { message: 'Not found' });
  });
  return fetch;
}

function renderFreshness(permissions: string[], resources: MirrorResourceStatus['resource'][] = ['customers']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKey, { clientName: 'demo', permissions });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <MirrorFreshness resources={resources} />
    </QueryClientProvider>,
  );
}

describe('MirrorFreshness', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  describe('with a synced mirror', () => {
    let fetch: ReturnType<typeof fakeGateway>;
    beforeEach(() => {
      fetch = fakeGateway([status()]);
      vi.stubGlobal('fetch', fetch);
    });

    it('says how long ago the copy was brought up to date, and refreshes on request', async () => {
      const user = userEvent.setup();
      renderFreshness(['customers:read']);
      const group = await screen.findByRole('group', { name: 'Actualiteit van de gegevens' });
      await waitFor(() => expect(group).toHaveTextContent(/Bijgewerkt 1[2-4] s geleden/));
      await user.click(within(group).getByRole('button', { name: 'Nu verversen' }));
      await waitFor(() =>
        expect(fetch).toHaveBeenCalledWith('/api/mirror/refresh', expect.objectContaining({ method: 'POST' })),
      );
      // Running: said so, and not asked twice.
      await waitFor(() => expect(group).toHaveTextContent('Bezig met bijwerken…'));
      expect(within(group).getByRole('button', { name: 'Nu verversen' })).toBeDisabled();
    });

    // A screen reader read "Bijgewerkt 23 s geleden", "… 24 s geleden", … once a second on the customer list.
    it('tells a screen reader the time of the update, not the seconds that tick by', async () => {
      renderFreshness(['customers:read']);
      const group = await screen.findByRole('group', { name: 'Actualiteit van de gegevens' });
      await waitFor(() => expect(group).toHaveTextContent(/Bijgewerkt 1[2-4] s geleden/));
      const live = group.querySelector('[aria-live]');
      expect(live?.textContent).toMatch(/^Bijgewerkt om \d{2}:\d{2}$/);
      const first = live?.textContent;
      const shown = group.textContent;
      await waitFor(() => expect(group.textContent).not.toBe(shown), { timeout: 3000 });
      expect(live?.textContent).toBe(first);
      expect(group.querySelectorAll('[aria-live]')).toHaveLength(1);
    });

    it('offers no refresh to someone who may only look up buyers', async () => {
      renderFreshness(['customers:lookup', 'sales:sell']);
      const group = await screen.findByRole('group', { name: 'Actualiteit van de gegevens' });
      await waitFor(() => expect(group).toHaveTextContent(/Bijgewerkt/));
      expect(within(group).queryByRole('button')).toBeNull();
    });
  });

  it('shows the first synchronisation of the parts the page reads, with its progress', async () => {
    const first = (done: number) =>
      part('orders', {
        lastSuccessAt: null,
        fullSync: { startedAt: '2026-11-26T08:00:00.000Z', finishedAt: null, total: 2000, done },
      });
    vi.stubGlobal(
      'fetch',
      fakeGateway([status({ running: true, resources: [part('customers'), first(500), part('waitinglist')] })]),
    );
    renderFreshness(['orders:read'], ['orders']);
    const group = await screen.findByRole('group', { name: 'Actualiteit van de gegevens' });
    await waitFor(() => expect(group).toHaveTextContent('Eerste synchronisatie: 25%'));
    expect(within(group).getByRole('progressbar', { name: 'Voortgang eerste synchronisatie' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
  });

  it('warns when the last attempt failed', async () => {
    vi.stubGlobal(
      'fetch',
      fakeGateway([status({ resources: [part('customers', { lastError: 'answered 502' }), part('orders')] })]),
    );
    renderFreshness(['customers:read']);
    expect(await screen.findByRole('img', { name: /Laatste poging mislukt/ })).toBeInTheDocument();
  });
});
