import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../lib/api-client';
import type { Customer } from '../../lib/schemas/customer';
import { sessionKey } from '../../lib/session';
import { renderWithApp } from '../../testing/render';
import { TagEditor } from './tag-editor';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The gateway: the organisation's tags, and VIP kept by the segment "Pers in Amsterdam". */
function fakeGateway() {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://foyer.test');
    if (url.pathname.endsWith('/partner/export/clienttypes')) return json(['Student', 'VIP', 'Vriend']);
    if (url.pathname === '/api/auto-tags') {
      return json({ data: [{ tag: 'VIP', segmentId: 4, segmentName: 'Pers in Amsterdam', paused: false }] });
    }
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  });
}

const noor = { customerId: 558, customerTags: ['Vriend'] } as unknown as Customer;

describe('TagEditor', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fakeGateway());
    apiClient.setClientName('demo');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    apiClient.setClientName(null);
  });

  // A walkthrough ticked VIP by hand for a customer outside the segment that keeps it: a minute later it was gone.
  it('marks a tag a segment keeps, and warns when it is set or taken off by hand', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(sessionKey, { clientName: 'demo', permissions: ['customers:read', 'tags:write'] });
    renderWithApp(
      <QueryClientProvider client={client}>
        <TagEditor customer={noor} />
      </QueryClientProvider>,
    );
    const vip = await screen.findByRole('checkbox', { name: 'VIP' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByText('Automatisch, door segment ‘Pers in Amsterdam’')).toBeInTheDocument());
    expect(screen.queryByTestId('auto-tag-warning')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Student' }));
    expect(screen.queryByTestId('auto-tag-warning')).toBeNull();
    await userEvent.click(vip);
    expect(screen.getByTestId('auto-tag-warning')).toHaveTextContent(
      'Segment ‘Pers in Amsterdam’ houdt het label VIP bij: bij zijn volgende ronde zet of haalt het segment dit label weer zoals zijn regel zegt.',
    );
    await userEvent.click(vip);
    expect(screen.queryByTestId('auto-tag-warning')).toBeNull();
  });

  // A walkthrough saved tags in two tabs of one customer: the second tab, which still showed the tags from before
  // the first's save, took off the "Abonnee" the first had just set.
  it('saves its changes onto the tags the service holds now, keeping one set meanwhile elsewhere', async () => {
    const sent: unknown[] = [];
    const gateway = fakeGateway();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://foyer.test');
        if (url.pathname.endsWith('/partner/customer/558/clienttypes')) {
          if (init?.method === 'POST') {
            const body = JSON.parse(String(init.body)) as { clienttypes: string[] };
            sent.push(body.clienttypes);
            return json(body.clienttypes);
          }
          // Set in another tab since this one showed the customer.
          return json(['Vriend', 'VIP']);
        }
        return gateway(input);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(sessionKey, { clientName: 'demo', permissions: ['customers:read', 'tags:write'] });
    renderWithApp(
      <QueryClientProvider client={client}>
        <TagEditor customer={noor} />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Student' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vriend' }));
    await userEvent.click(screen.getByRole('button', { name: 'Labels opslaan' }));
    await waitFor(() => expect(sent).toEqual([['VIP', 'Student']]));
  });

  // A review: the editor took its changes against the customer as last read, and a read on focus while editing
  // (a colleague had set VIP meanwhile) made the unticked VIP look taken off by hand.
  it('takes its changes against the tags shown when editing began, not the customer read again meanwhile', async () => {
    const sent: unknown[] = [];
    const gateway = fakeGateway();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://foyer.test');
        if (url.pathname.endsWith('/partner/customer/558/clienttypes')) {
          if (init?.method === 'POST') {
            const body = JSON.parse(String(init.body)) as { clienttypes: string[] };
            sent.push(body.clienttypes);
            return json(body.clienttypes);
          }
          return json(['Vriend', 'VIP']);
        }
        return gateway(input);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(sessionKey, { clientName: 'demo', permissions: ['customers:read', 'tags:write'] });
    // The page reads the customer again when the window gets the focus: here, a button does.
    function Page() {
      const [customer, setCustomer] = useState(noor);
      return (
        <>
          <button type="button" onClick={() => setCustomer({ ...noor, customerTags: ['Vriend', 'VIP'] } as Customer)}>
            read again
          </button>
          <TagEditor customer={customer} />
        </>
      );
    }
    renderWithApp(
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Student' }, { timeout: 5000 }));
    // A colleague set VIP meanwhile.
    await userEvent.click(screen.getByRole('button', { name: 'read again' }));
    expect(screen.queryByTestId('auto-tag-warning')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Labels opslaan' }));
    await waitFor(() => expect(sent).toEqual([['Vriend', 'VIP', 'Student']]));
  });
});
