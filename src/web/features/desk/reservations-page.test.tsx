import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MirrorResourceStatus, MirrorStatus } from '@/contract/mirror';
import { sessionKey } from '@/web/lib/session';
import { renderWithApp } from '@/web/testing/render';
import { ReservationsPage } from './reservations-page';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const part = (resource: MirrorResourceStatus['resource'], done: number, total: number): MirrorResourceStatus => ({
  resource,
  watermark: null,
  lastAttemptAt: new Date().toISOString(),
  lastSuccessAt: done === total ? new Date().toISOString() : null,
  lastError: null,
  fullSync: {
    startedAt: new Date().toISOString(),
    finishedAt: done === total ? new Date().toISOString() : null,
    total,
    done,
  },
});

/** A reservation whose customer the mirror has not read yet (no `user`), expiring in an hour. */
const reservation = {
  orderId: 100,
  orderKey: 'k100',
  customerId: 2241,
  orderStatus: 'res',
  orderPaymentStatus: 'none',
  orderDate: new Date().toISOString(),
  timeOut: new Date(Date.now() + 3_600_000).toISOString(),
  amount: 25,
  lastChanged: new Date().toISOString(),
  handlingTextPayment: '',
  discountName: null,
  orderChannel: 'sp',
  user: null,
};

/** The gateway in the middle of the mirror's first sync: customers at 2,000 of 20,000, orders at 10,000 of 50,000. */
function gatewayDuringFirstSync() {
  const status: MirrorStatus = {
    intervalSeconds: 30,
    running: true,
    resources: [part('customers', 2_000, 20_000), part('orders', 10_000, 50_000), part('waitinglist', 0, 0)],
  };
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/api/mirror/status')) return json(status);
    if (url.includes('/api/desk/open-orders')) {
      return json({ orders: [reservation], withOnline: false, since: '2026-11-14', complete: false });
    }
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  });
}

/** Answers and renders take their time on a busy machine. */
const SLOW = { timeout: 5000 };

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKey, { clientName: 'demo', permissions: ['sales:sell'] });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <ReservationsPage />
    </QueryClientProvider>,
  );
}

describe('ReservationsPage during the mirror’s first sync', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says the first synchronisation is the cause, with its progress, and that names follow', async () => {
    vi.stubGlobal('fetch', gatewayDuringFirstSync());
    renderPage();
    const notice = await screen.findByTestId('first-sync-notice', {}, SLOW);
    expect(notice).toHaveTextContent('Eerste synchronisatie loopt');
    // Nothing "could not be read": the orders are still coming in.
    expect(screen.queryByText(/konden worden gelezen/)).toBeNull();
    // 12,000 of 70,000 records: the progress of the orders and customers together.
    expect(await within(notice).findByText(/Eerste synchronisatie: 17/, {}, SLOW)).toBeInTheDocument();
    expect(within(notice).getByRole('progressbar', { name: 'Voortgang eerste synchronisatie' })).toBeInTheDocument();
    const row = await screen.findByTestId('reservation-row', {}, SLOW);
    expect(row).toHaveTextContent('klant 2241 (naam volgt)');
    expect(row).not.toHaveTextContent('#2241');
  });
});
