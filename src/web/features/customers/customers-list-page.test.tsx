import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '@/web/lib/session';
import { renderWithApp } from '@/web/testing/render';
import { CustomersListPage } from './customers-list-page';
import { prefetchCustomerList } from './customers-list-prefetch';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const customer = (customerId: number, customerFirstName: string, customerLastName: string) => ({
  customerId,
  email: `${customerFirstName.toLowerCase()}@example.nl`,
  customerFirstName,
  customerLastName,
  customerPreposition: '',
  customerCity: 'Utrecht',
  customerCredit: 0,
  customerTags: null,
  customerPrefs: null,
  lastChanged: '2026-11-01T10:00:00+01:00',
});

const ANNA = customer(1, 'Anna', 'Bakker');
const JAN = customer(2, 'Jan', 'Smit');

/**
 * The gateway's customer search: the whole directory (20,000) without words, Jan for "jan". The answers to a
 * search wait for `release`, as a gateway under load does, so the page can be seen before they come.
 */
function fakeGateway() {
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://foyer.test');
    if (url.pathname === '/api/customers') {
      const q = url.searchParams.get('q') ?? '';
      // Jan was merged away into Anna as a duplicate.
      if (q === '')
        return json({ data: [ANNA, JAN], total: 20_000, page: 1, perPage: 100, lastPage: 200, mergedInto: { 2: 1 } });
      await gate;
      const data = 'jan'.startsWith(q) ? [JAN] : [];
      return json({ data, total: data.length, page: 1, perPage: 100, lastPage: 1 });
    }
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  });
  return { fetch, hold, release: () => release() };
}

/** Each test as another person: the search text is remembered per person (remembered-search.ts). */
let person = 0;

function signedInClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  person += 1;
  client.setQueryData(sessionKey, {
    clientName: 'demo',
    person: { id: person },
    permissions: ['customers:read', 'tags:write'],
  });
  return client;
}

function renderPage(client = signedInClient(), url = '/customers') {
  return renderWithApp(
    <QueryClientProvider client={client}>
      <CustomersListPage />
    </QueryClientProvider>,
    { url },
  );
}

const count = () => screen.getByTestId('customers-count');
/** Typing, the debounce and the answer take their time on a busy machine. */
const SLOW = { timeout: 5000 };

describe('CustomersListPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens on the page its route asked for while its code loaded: filters, sort and page from the URL, one request', async () => {
    const gateway = fakeGateway();
    vi.stubGlobal('fetch', gateway.fetch);
    const client = signedInClient();
    const url = '/customers?tag=VIP&sort=city&dir=desc&page=2';
    prefetchCustomerList(client, new URL(url, 'http://foyer.test'));
    renderPage(client, url);
    // With a filter the count says how many it found.
    await waitFor(() => expect(count()).toHaveTextContent('20.000 gevonden'), SLOW);
    const asked = gateway.fetch.mock.calls.map(([input]) => new URL(String(input), 'http://foyer.test'));
    expect(asked.filter((request) => request.pathname === '/api/customers')).toHaveLength(1);
    expect(Object.fromEntries(asked[0]?.searchParams ?? [])).toEqual({
      page: '2',
      perPage: '100',
      tag: 'VIP',
      sort: 'city',
      dir: 'desc',
    });
  });

  it('says which row is a duplicate merged away, and into which customer', async () => {
    const gateway = fakeGateway();
    vi.stubGlobal('fetch', gateway.fetch);
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('customer-name')).toHaveLength(2), SLOW);
    const merged = screen.getAllByTestId('customer-merged');
    expect(merged).toHaveLength(1);
    expect(merged[0]).toHaveTextContent('Dubbel, samengevoegd in klant 1');
    expect(merged[0]?.closest('tr')).toHaveTextContent('Jan Smit');
  });

  it('never shows the previous answer’s count for the words just typed', async () => {
    const gateway = fakeGateway();
    vi.stubGlobal('fetch', gateway.fetch);
    renderPage();
    await waitFor(() => expect(count()).toHaveTextContent('20.000 klanten'), SLOW);
    gateway.hold();
    await userEvent.type(screen.getByTestId('customer-search'), 'jan');
    // Typed, not yet answered (the debounce, then the gateway): not the directory's count.
    expect(count()).toHaveTextContent('Zoeken…');
    await waitFor(() =>
      expect(gateway.fetch).toHaveBeenCalledWith(expect.stringContaining('q=jan'), expect.anything()),
    );
    expect(count()).toHaveTextContent('Zoeken…');
    expect(count()).not.toHaveTextContent('20.000');
    gateway.release();
    await waitFor(() => expect(count()).toHaveTextContent('1 gevonden'), SLOW);
  });

  it('the selection follows the results: another search clears it, so the count is what is ticked', async () => {
    const gateway = fakeGateway();
    vi.stubGlobal('fetch', gateway.fetch);
    renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Anna Bakker selecteren' }, SLOW));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('1 geselecteerd');

    await userEvent.type(screen.getByTestId('customer-search'), 'jan');
    await waitFor(() => expect(count()).toHaveTextContent('1 gevonden'), SLOW);
    // Anna is not in these results: not counted as selected while only Jan shows.
    expect(screen.queryByTestId('selected-count')).toBeNull();
    const table = screen.getByRole('table');
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Jan Smit selecteren' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('1 geselecteerd');
    expect(within(table).getAllByRole('checkbox', { checked: true })).toHaveLength(2); // Jan, and "all on this page"
  });
});
