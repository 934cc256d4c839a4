import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerJob, TaggingDiff } from '@/contract/customer-jobs';
import { apiClient } from '@/web/lib/api-client';
import { renderWithApp } from '@/web/testing/render';
import { TagSegmentPanel } from './tag-segment-panel';

/** Answers and renders take their time on a busy machine. */
const SLOW = { timeout: 5000 };

const diff: TaggingDiff = {
  segment: { id: 7, name: 'Utrecht' },
  tag: 'Vriend',
  action: 'add',
  members: 30,
  gains: { count: 25, first: [{ customerId: 11, name: 'Anna de Vries' }] },
  losses: { count: 0, first: [] },
  unchanged: 5,
};

const job = (state: CustomerJob['state'], done: number): CustomerJob => ({
  id: 3,
  kind: 'add-tag',
  params: { tag: 'Vriend', segmentName: 'Utrecht' },
  origin: 'segment',
  originId: 7,
  state,
  total: 25,
  counts: { pending: 25 - done, sending: 0, done, skipped: 0, failed: 0 },
  createdBy: 'marketing@demo.test',
  createdAt: '2026-11-28T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  lastError: null,
});

describe('tagging a segment', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the dry run’s diff, starts the job of it, and follows its progress', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    let state: CustomerJob['state'] = 'running';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
        const body = url.endsWith('/partner/export/clienttypes')
          ? ['Vriend', 'Docent']
          : url.endsWith('/tagging/dry-run')
            ? diff
            : url.endsWith('/tagging')
              ? job('planned', 0)
              : { job: job(state, state === 'done' ? 25 : 10), failures: [] };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }),
    );
    apiClient.setClientName('demo');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithApp(
      <QueryClientProvider client={client}>
        <TagSegmentPanel segmentId={7} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Label' }, SLOW);
    await screen.findByRole('option', { name: 'Vriend' }, SLOW);
    await user.selectOptions(select, 'Vriend');
    await user.click(screen.getByRole('button', { name: 'Bekijk wat er verandert' }));

    expect(await screen.findByTestId('diff-gains', {}, SLOW)).toHaveTextContent('25 klanten krijgen Vriend');
    expect(screen.getByRole('link', { name: 'Anna de Vries' })).toHaveAttribute('href', '/customers/11');
    expect(screen.getByText('5 leden hebben het al zo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start: 25 klanten wijzigen' }));

    expect(sent.find((call) => call.url === '/api/segments/7/tagging')?.body).toEqual({ tag: 'Vriend', action: 'add' });
    expect(await screen.findByTestId('job-progress-text', {}, SLOW)).toHaveTextContent('10 van 25 klanten verwerkt');
    await user.click(screen.getByRole('button', { name: 'Pauzeren' }));
    expect(sent.some((call) => call.method === 'POST' && call.url === '/api/customer-jobs/3/pause')).toBe(true);
    expect(screen.getByText('De taak loopt; u kunt deze pagina verlaten.')).toBeInTheDocument();

    // Done: it no longer says it runs ("Klaar" stood beside "De taak loopt").
    state = 'done';
    await waitFor(() => expect(screen.queryByText('De taak loopt; u kunt deze pagina verlaten.')).toBeNull(), {
      timeout: 10_000,
    });
  });
});
