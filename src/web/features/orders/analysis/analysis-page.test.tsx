import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroupTotals } from '@/contract/reports';
import { sessionKey } from '@/web/lib/session';
import { renderWithApp } from '@/web/testing/render';
import { AnalysisPage } from './analysis-page';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const totals = { orders: 3, revenueCents: 9000, feeCents: 0, donationCents: 0, tickets: 3 };
const group = (key: string): GroupTotals => ({ key, ...totals });
const GROUPS: Record<string, GroupTotals[]> = {
  channel: [group('sp'), group('www')],
  status: [group('ord'), group('res')],
  day: [group('2026-11-23'), group('2026-11-24')],
  method: [group('PIN'), group('')],
};

/** The gateway's report routes; the groups by day wait for `release`, as a slow answer does. */
function fakeGateway() {
  let release: () => void = () => {};
  const dayGate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://foyer.test');
    switch (url.pathname) {
      case '/api/reports/orders':
        return json({ totals, page: 1, perPage: 100, rows: [] });
      case '/api/reports/orders/groups': {
        const by = url.searchParams.get('group') ?? '';
        if (by === 'day') await dayGate;
        return json({ group: by, groups: GROUPS[by] ?? [] });
      }
      case '/api/reports/orders/choices':
        return json({
          status: [],
          payment: [],
          channel: [],
          method: [
            { value: 'PIN', count: 3 },
            { value: '', count: 3 },
          ],
          event: [],
          price: [{ value: 'Jongeren', count: 419 }],
        });
      default:
        return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    }
  });
  return { fetch, release: () => release() };
}

function renderPage(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKey, { clientName: 'demo', person: { id: 1 }, permissions: ['reports:read'] });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <AnalysisPage />
    </QueryClientProvider>,
    { url },
  );
}

/** Answers and renders take their time on a busy machine. */
const SLOW = { timeout: 5000 };

const UPDATE = 'orders-analysis:update';

describe('AnalysisPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    performance.clearMeasures(UPDATE);
  });

  it('says a price name counts tickets, where statuses and methods count orders ("Mahler (419)" read as orders)', async () => {
    vi.stubGlobal('fetch', fakeGateway().fetch);
    renderPage('/orders/analysis?from=2026-11-01&to=2026-11-30');
    expect(await screen.findByRole('option', { name: 'Jongeren (419 kaarten)' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /^PIN \(3\)$/ })).toBeInTheDocument();
  });

  it('times a change that needs no answer too (back to no grouping): the bench waits for each measure', async () => {
    vi.stubGlobal('fetch', fakeGateway().fetch);
    renderPage('/orders/analysis?from=2026-11-01&to=2026-11-30&group=status');
    await waitFor(() => expect(screen.getAllByTestId('analysis-group')).toHaveLength(2), SLOW);
    await userEvent.selectOptions(screen.getByTestId('group-by'), 'none');
    await waitFor(() => expect(performance.getEntriesByName(UPDATE)).toHaveLength(1), SLOW);
  });

  it('changes the grouping from channel to day without showing the channels as days (which threw)', async () => {
    const gateway = fakeGateway();
    vi.stubGlobal('fetch', gateway.fetch);
    renderPage('/orders/analysis?from=2026-11-01&to=2026-11-30&group=channel');
    const groupsTable = await screen.findByTestId('analysis-groups', {}, SLOW);
    await waitFor(() => expect(within(groupsTable).getAllByTestId('analysis-group')).toHaveLength(2), SLOW);

    await userEvent.selectOptions(screen.getByTestId('group-by'), 'day');
    // While the days are asked: the page stays, and no channel is shown under the day grouping.
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('analysis-groups-loading', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('analysis-groups')).toBeNull();

    gateway.release();
    const days = await screen.findAllByTestId('analysis-group', {}, SLOW);
    expect(days.map((row) => row.dataset.key)).toEqual(['2026-11-23', '2026-11-24']);
    expect(days[0]).toHaveTextContent('maandag 23 november');
  });

  it('says what each total counts (money: sold orders; counts: every status), and shows orders without a payment method as "Geen betaling"', async () => {
    vi.stubGlobal('fetch', fakeGateway().fetch);
    renderPage('/orders/analysis?from=2026-11-01&to=2026-11-30&group=method');
    expect(await screen.findByTestId('total-revenue-note', {}, SLOW)).toHaveTextContent(
      'Alleen verkochte bestellingen: zonder reserveringen, offertes, geannuleerde en verwijderde',
    );
    // The counts beside it take every status: each card says its base.
    expect(screen.getByTestId('total-orders-note')).toHaveTextContent('Alle statussen');
    expect(screen.getByTestId('total-tickets-note')).toHaveTextContent('Alle statussen');
    expect(screen.getByTestId('total-fees-note')).toHaveTextContent('Alleen van verkochte bestellingen');
    const methods = await screen.findAllByTestId('analysis-group', {}, SLOW);
    expect(methods.map((row) => row.querySelector('th')?.textContent)).toEqual(['PIN', 'Geen betaling']);
    // The method filter: PIN with its count; '' is "Alle" there, so the orders without a method are no choice.
    await waitFor(
      () => expect(within(screen.getByTestId('filter-method')).getByRole('option', { name: 'PIN (3)' })).toBeTruthy(),
      SLOW,
    );
    expect(within(screen.getByTestId('filter-method')).getAllByRole('option')).toHaveLength(2);
  });

  it('says the counts are of the chosen status when one is chosen (they said "every status")', async () => {
    vi.stubGlobal('fetch', fakeGateway().fetch);
    renderPage('/orders/analysis?from=2026-11-01&to=2026-11-30&status=ord&channel=www');
    expect(await screen.findByTestId('total-orders-note', {}, SLOW)).toHaveTextContent('Alleen de gekozen status');
    expect(screen.getByTestId('total-tickets-note')).toHaveTextContent('Alleen de gekozen status');
    expect(screen.getByTestId('total-revenue-note')).toHaveTextContent('Alleen verkochte bestellingen');
  });
});
