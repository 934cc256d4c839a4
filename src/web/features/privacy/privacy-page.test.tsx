import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '@/web/lib/session';
import { renderWithApp } from '@/web/testing/render';
import { PrivacyPage } from './privacy-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PROPOSED = Array.from({ length: 1_200 }, (_, index) => index + 1);

/** The gateway's privacy routes: 1,200 proposals; batches answered by `batch` and recorded. */
function fakeGateway(batch: (ids: number[]) => Response) {
  const batches: number[][] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://foyer.test');
    if (url.pathname === '/api/privacy/settings') return json({ retentionYears: 7 });
    if (url.pathname === '/api/privacy/retention') {
      return json({
        retentionYears: 7,
        cutoff: '2019-11-28T00:00:00.000Z',
        total: PROPOSED.length,
        page: 1,
        perPage: 50,
        lastPage: 24,
        data: [1, 2].map((customerId) => ({
          customerId,
          name: `Klant ${customerId}`,
          email: `klant${customerId}@example.nl`,
          city: 'Utrecht',
          lastChanged: '2018-01-01T00:00:00.000Z',
          lastOrderAt: null,
          orders: 0,
        })),
      });
    }
    if (url.pathname === '/api/privacy/retention/ids') return json({ ids: PROPOSED, total: 1_200, truncated: false });
    if (url.pathname === '/api/privacy/retention/anonymise' && init?.method === 'POST') {
      const { customerIds } = JSON.parse(String(init.body)) as { customerIds: number[] };
      batches.push(customerIds);
      return batch(customerIds);
    }
    return json({ message: 'Not found' }, 404);
  });
  return { fetch, batches };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKey, { clientName: 'demo', person: { id: 1 }, permissions: ['privacy:manage'] });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <PrivacyPage />
    </QueryClientProvider>,
    { url: '/customers/privacy' },
  );
}

const SLOW = { timeout: 5000 };

async function chooseAllAndConfirm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Alle 1.200 kiezen' }, SLOW));
  await waitFor(() => expect(screen.getByText('1.200 gekozen')).toBeInTheDocument(), SLOW);
  await userEvent.click(screen.getByTestId('anonymise-selected'));
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  const confirm = within(dialog).getByRole('button', { name: 'Definitief anonimiseren' });
  expect(confirm).toBeDisabled();
  await userEvent.type(within(dialog).getByTestId('batch-confirmation'), 'anonimiseren');
  await userEvent.click(confirm);
  return dialog;
}

describe('PrivacyPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('chooses every proposal and hands them over in batches of 500, one job each', async () => {
    let job = 40;
    const gateway = fakeGateway((ids) => json({ jobId: ++job, customers: ids.length }, 202));
    vi.stubGlobal('fetch', gateway.fetch);
    renderPage();
    expect(await screen.findByTestId('retention-count', {}, SLOW)).toHaveTextContent('1.200 klanten');
    const dialog = await chooseAllAndConfirm();
    await waitFor(
      () => expect(within(dialog).getByText('Taak 43 gestart voor 200 klanten.')).toBeInTheDocument(),
      SLOW,
    );
    expect(gateway.batches.map((ids) => ids.length)).toEqual([500, 500, 200]);
    expect(gateway.batches.flat()).toEqual(PROPOSED);
    expect(within(dialog).getByText('1.200 van 1.200 klanten aangeboden')).toBeInTheDocument();
  });

  // A walkthrough typed "2,5" (saved as 25), "0" (saved as 1), "200" and "-2": each changed without a word.
  it('keeps a retention period typed out of range or in part years as typed, says why, and saves nothing', async () => {
    const gateway = fakeGateway(() => json({}, 500));
    vi.stubGlobal('fetch', gateway.fetch);
    renderPage();
    const field = (await screen.findByTestId('retention-years', {}, SLOW)) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Opslaan' });
    for (const [typed, message] of [
      ['2,5', 'Een heel aantal jaren.'],
      ['0', 'Minstens 1 jaar.'],
      ['200', 'Hoogstens 30 jaar.'],
      ['-2', 'Minstens 1 jaar.'],
    ] as const) {
      await userEvent.clear(field);
      await userEvent.type(field, typed);
      await userEvent.click(save);
      expect(await screen.findByText(message, {}, SLOW)).toBeInTheDocument();
      expect(field.value).toBe(typed);
    }
    const puts = () => gateway.fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts()).toHaveLength(0);
    // A whole number of years in range is saved as typed.
    await userEvent.clear(field);
    await userEvent.type(field, '10');
    await userEvent.click(save);
    await waitFor(() => expect(puts()).toHaveLength(1), SLOW);
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toEqual({ retentionYears: 10 });
  });

  it("shows the gateway's refusal of a batch, and hands over nothing more", async () => {
    const refusal = 'Not proposed by the retention list (any more): 3';
    const gateway = fakeGateway(() => json({ message: refusal, errors: { customerIds: [refusal] } }, 422));
    vi.stubGlobal('fetch', gateway.fetch);
    renderPage();
    const dialog = await chooseAllAndConfirm();
    expect(await within(dialog).findByTestId('batch-error', {}, SLOW)).toHaveTextContent(refusal);
    expect(gateway.batches).toHaveLength(1);
  });
});
