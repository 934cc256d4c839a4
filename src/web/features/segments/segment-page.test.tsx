import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SegmentRule } from '@/contract/segments';
import { sessionKey } from '@/web/lib/session';
import { renderWithApp } from '@/web/testing/render';
import { SegmentPage } from './segment-page';

/** Answers and renders take their time on a busy machine. */
const SLOW = { timeout: 5000 };

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A part of the mirror's status: its first full sync `done` of 20,000, finished when all are done. */
const mirrorPart = (resource: string, done: number) => ({
  resource,
  watermark: done === 20_000 ? '2026-11-29T10:00:00.000Z' : null,
  lastAttemptAt: '2026-11-29T10:00:00.000Z',
  lastSuccessAt: done === 20_000 ? '2026-11-29T10:00:00.000Z' : null,
  lastError: null,
  fullSync: {
    startedAt: '2026-11-29T09:00:00.000Z',
    finishedAt: done === 20_000 ? '2026-11-29T10:00:00.000Z' : null,
    total: 20_000,
    done,
  },
});

/** The builder over a gateway whose rule matches nobody, with the mirror's parts as given. */
function renderEmptySegment(parts: ReturnType<typeof mirrorPart>[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/mirror/status')) {
        return json({ intervalSeconds: 30, running: parts.some((part) => !part.lastSuccessAt), resources: parts });
      }
      if (url.startsWith('/api/segments/choices')) {
        return json({ tags: [], productions: [], eventTypes: [], priceNames: [] });
      }
      if (url.startsWith('/api/segments/count')) return json({ count: 0, tookMs: 3 });
      return json({ members: [], page: 1, pageSize: 25, hasMore: false });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKey, { clientName: 'demo', person: { id: 1 }, permissions: ['segments:manage'] });
  renderWithApp(
    <QueryClientProvider client={client}>
      <SegmentPage />
    </QueryClientProvider>,
  );
}

describe('the segment builder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('counts a complete rule, keeps the last count marked stale while the next one runs, and lists a preview', async () => {
    const counted: SegmentRule[] = [];
    let saves = 0;
    let release: (() => void) | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url === '/api/segments' && init?.method === 'POST') saves++;
        if (url.startsWith('/api/segments/choices')) {
          return json({ tags: ['Vriend', 'CJP'], productions: [], eventTypes: [], priceNames: [] });
        }
        const { rule } = JSON.parse(String(init?.body ?? '{}')) as { rule: SegmentRule };
        if (url.startsWith('/api/segments/count')) {
          counted.push(rule);
          // The second count waits until the test lets it go: meanwhile the first stays on screen.
          if (counted.length > 1) await new Promise<void>((resolve) => (release = resolve));
          return json({ count: counted.length === 1 ? 1234 : 56, tookMs: 3 });
        }
        return json({
          members: [
            {
              customerId: 7,
              name: 'Anna de Vries',
              email: 'anna@example.test',
              city: 'Utrecht',
              orders: 3,
              amount: 120.5,
              lastPurchase: '2026-10-01',
              tags: ['CJP'],
            },
          ],
          page: 1,
          pageSize: 25,
          hasMore: false,
        });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(sessionKey, {
      clientName: 'demo',
      person: { id: 1 },
      permissions: ['segments:manage', 'customers:read'],
    });
    renderWithApp(
      <QueryClientProvider client={client}>
        <SegmentPage />
      </QueryClientProvider>,
    );

    // An empty rule is everyone: counted at once.
    await waitFor(() => expect(screen.getByTestId('segment-count')).toHaveTextContent('1.234 klanten'), SLOW);
    expect(counted[0]?.rules).toEqual([]);
    expect(await screen.findByText('Anna de Vries', {}, SLOW)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Voorwaarde toevoegen' }));
    // A tags condition without tags is not a rule yet: nothing is counted.
    expect(screen.getByTestId('segment-count')).toHaveTextContent('Maak de regel af om te tellen.');
    // Saving it says so in Dutch, and sends nothing (the gateway's English "The given data was invalid." came back).
    fireEvent.change(screen.getByRole('textbox', { name: /Naam/ }), { target: { value: 'Half af' } });
    fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByTestId('rule-unfinished', {}, SLOW)).toHaveTextContent('De regel is nog niet af');
    expect(saves).toBe(0);
    fireEvent.change(screen.getByLabelText('Soort voorwaarde'), { target: { value: 'pref' } });
    // Typing goes on at once; the count follows after a pause, the last one shown stale until the new one is in.
    fireEvent.change(screen.getByRole('textbox', { name: /Naam/ }), { target: { value: 'Opt-in' } });
    expect(screen.getByRole('textbox', { name: /Naam/ })).toHaveValue('Opt-in');
    await waitFor(() => expect(counted).toHaveLength(2), SLOW);
    expect(counted[1]?.rules).toEqual([{ kind: 'pref', key: 'user_prefs_optin', on: true }]);
    expect(screen.getByTestId('segment-count')).toHaveAttribute('data-stale', 'true');
    expect(screen.getByTestId('segment-count')).toHaveTextContent('1.234 klanten · Opnieuw tellen…');
    (release as (() => void) | null)?.();
    await waitFor(() => expect(screen.getByTestId('segment-count')).toHaveTextContent(/^56 klanten$/), SLOW);
    expect(screen.getByTestId('segment-count')).not.toHaveAttribute('data-stale');
  });

  it('says, beside the count and in an empty preview, that the first synchronisation is still copying the customers', async () => {
    renderEmptySegment([mirrorPart('customers', 5000), mirrorPart('orders', 5000), mirrorPart('waitinglist', 0)]);

    await waitFor(() => expect(screen.getByTestId('segment-count')).toHaveTextContent('0 klanten'), SLOW);
    await waitFor(
      () => expect(screen.getByTestId('mirror-freshness')).toHaveTextContent('Eerste synchronisatie: 17%'),
      SLOW,
    );
    expect(await screen.findByText('Foyer kopieert de klanten nog', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Geen klanten volgen deze regel')).not.toBeInTheDocument();
  });
  it('an empty preview of a synced mirror says how to widen the rule', async () => {
    renderEmptySegment([
      mirrorPart('customers', 20_000),
      mirrorPart('orders', 20_000),
      mirrorPart('waitinglist', 20_000),
    ]);
    expect(await screen.findByText('Geen klanten volgen deze regel', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/Maak de regel ruimer: haal een voorwaarde weg/)).toBeInTheDocument();
  });
});
