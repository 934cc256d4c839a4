import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDeskNotes } from '@/contract/customer-notes';
import { sessionKey } from '@/web/lib/session';
import { renderWithApp } from '@/web/testing/render';
import { BuyerAlert } from './buyer-alert';
import { useBuyerClearance } from './buyer-clearance';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const note = (id: number, text: string) => ({
  id,
  customerId: 0,
  text,
  author: { accountId: 2, name: 'Marketing' },
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
});

/** Customer 7: wheelchair place and do not sell, two notes; customer 8: a VIP without notes; customer 9: nothing. */
const DESK: Record<number, CustomerDeskNotes> = {
  7: {
    customerId: 7,
    flags: [
      { id: 1, preset: 'wheelchair', label: null, severity: 'info', retired: false },
      { id: 4, preset: 'do-not-sell', label: null, severity: 'stop', retired: false },
    ],
    notes: [note(12, 'Betaalt altijd contant.'), note(11, 'Oudere notitie')],
    editableNoteIds: [],
  },
  8: {
    customerId: 8,
    flags: [{ id: 2, preset: 'vip', label: 'Mecenas', severity: 'info', retired: false }],
    notes: [],
    editableNoteIds: [],
  },
  9: { customerId: 9, flags: [], notes: [], editableNoteIds: [] },
};

/** The checkout's use of it: the alert under the picker, and whether paying may go ahead. */
function Checkout() {
  const [customerId, setCustomerId] = useState<number | null>(7);
  const clearance = useBuyerClearance(customerId);
  return (
    <div>
      <button type="button" onClick={() => setCustomerId(8)}>
        other buyer
      </button>
      <button type="button" onClick={() => setCustomerId(7)}>
        first buyer
      </button>
      <BuyerAlert clearance={clearance} />
      <output data-testid="cleared">{String(clearance.cleared)}</output>
    </div>
  );
}

function renderCheckout() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const match = /\/api\/customers\/(\d+)\/notes$/.exec(String(input));
      return match ? json(DESK[Number(match[1])]) : new Response('{"message":"Not found"}', { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKey, { clientName: 'demo', permissions: ['sales:sell'] });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <Checkout />
    </QueryClientProvider>,
  );
}

const SLOW = { timeout: 5000 };

describe('the box office alert on a flagged buyer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the flags and the latest note, and holds the sale on a stop flag until the seller confirms', async () => {
    renderCheckout();
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('Rolstoelplaats')).toBeInTheDocument();
    expect(within(alert).getByText('Niet verkopen')).toBeInTheDocument();
    expect(within(alert).getByTestId('buyer-alert-note')).toHaveTextContent('Betaalt altijd contant.');
    expect(alert).toHaveTextContent('nog 1 notitie op de klantpagina');
    expect(screen.getByTestId('cleared')).toHaveTextContent('false');
    fireEvent.click(within(alert).getByRole('button', { name: /toch verkopen/ }));
    expect(screen.getByTestId('cleared')).toHaveTextContent('true');
    expect(within(alert).getByTestId('sale-confirmed')).toBeInTheDocument();
  });

  it('asks again for another buyer, clears one without a stop flag, and names a renamed flag', async () => {
    renderCheckout();
    fireEvent.click(within(await screen.findByRole('alert', {}, SLOW)).getByRole('button', { name: /toch verkopen/ }));
    fireEvent.click(screen.getByRole('button', { name: 'other buyer' }));
    expect(await screen.findByText('Mecenas', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('cleared')).toHaveTextContent('true');
    expect(screen.queryByRole('button', { name: /toch verkopen/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'first buyer' }));
    expect(await screen.findByRole('button', { name: /toch verkopen/ }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('cleared')).toHaveTextContent('false');
  });
});
