import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunOutcome } from '@/contract/exports';
import { useLocale, useMessages } from '@/web/lib/i18n';
import { sessionKey } from '@/web/lib/session';
import { renderWithApp } from '@/web/testing/render';
import { RunPanel } from './export-run-panel';
import { ScopeChoice } from './export-scope-choice';
import { exportsMessages } from './exports-messages';
import type { ExportRunState } from './use-export-run';

const watermark = {
  stream: 'orders',
  at: '2026-11-27T22:00:00.000Z',
  savedAt: '2026-11-27T22:05:00.000Z',
  savedBy: 'Ada',
};

/** Answers and renders take their time on a busy machine. */
const SLOW = { timeout: 5000 };

function Panel({ state }: { state: ExportRunState }) {
  const t = useMessages(exportsMessages);
  const { locale } = useLocale();
  return <RunPanel t={t} locale={locale} state={state} onStart={() => {}} onCancel={() => {}} disabled={false} />;
}

const done = (mode: 'full' | 'changes', outcome: Partial<RunOutcome>): ExportRunState => ({
  status: 'done',
  fileName: 'demo-orders.csv',
  mode,
  outcome: { records: 20_000, rows: 20_000, skipped: 0, watermark, moved: false, ...outcome },
});

describe('the outcome of an export', () => {
  it('counts a single skipped record in the singular', () => {
    renderWithApp(<Panel state={done('changes', { records: 12, rows: 12, skipped: 1, moved: true })} />);
    expect(screen.getByTestId('export-result')).toHaveTextContent(
      '1 record zat al in de vorige export en is overgeslagen.',
    );
  });

  it('says "nothing new" only for a changes-only export that found none, not for a full export of 20,000', () => {
    const full = renderWithApp(<Panel state={done('full', { moved: false })} />);
    expect(screen.getByTestId('export-watermark')).not.toHaveTextContent('Niets nieuws');
    expect(screen.getByTestId('export-watermark')).toHaveTextContent(/^Het watermerk blijft .+: niets in dit bestand/);
    full.unmount();
    renderWithApp(<Panel state={done('changes', { records: 0, rows: 0, moved: false })} />);
    expect(screen.getByTestId('export-watermark')).toHaveTextContent(/^Niets nieuws: het watermerk blijft/);
  });
});

describe('the export’s scope', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows how fresh Foyer’s copy of the chosen kind is, which "changes only" depends on', async () => {
    const status = (resource: string, lastSuccessAt: string) => ({
      resource,
      watermark: lastSuccessAt,
      lastAttemptAt: lastSuccessAt,
      lastSuccessAt,
      lastError: null,
      fullSync: { startedAt: null, finishedAt: '2026-11-26T08:00:00.000Z', total: 10, done: 10 },
    });
    const twelveSecondsAgo = new Date(Date.now() - 12_000).toISOString();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        const body = url.startsWith('/api/mirror/status')
          ? {
              intervalSeconds: 30,
              running: false,
              resources: [
                status('customers', new Date(Date.now() - 3_600_000 * 3).toISOString()),
                status('orders', twelveSecondsAgo),
                status('waitinglist', twelveSecondsAgo),
              ],
            }
          : { total: 20_000, changed: 3, source: 'mirror' };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(sessionKey, { clientName: 'demo', person: { id: 1 }, permissions: ['orders:read'] });
    function Scope() {
      const t = useMessages(exportsMessages);
      return (
        <ScopeChoice
          t={t}
          settings={{ kind: 'orders', rows: 'order', format: 'csv', delimiter: 'comma', mode: 'changes' }}
          watermark={watermark}
          mode="changes"
          onMode={() => {}}
          onForget={() => {}}
        />
      );
    }
    renderWithApp(
      <QueryClientProvider client={client}>
        <Scope />
      </QueryClientProvider>,
    );
    const source = await screen.findByTestId('export-mirror-source', {}, SLOW);
    expect(source).toHaveTextContent('De export leest Foyers kopie van de service:');
    // The orders' copy (12 s), not the customers' (3 hours).
    expect(await screen.findByText(/Bijgewerkt \d+ s geleden/, {}, SLOW)).toBeInTheDocument();
  });
});
