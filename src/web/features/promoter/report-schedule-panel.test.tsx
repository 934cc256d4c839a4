import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductionReports } from '@/contract/production-reports';
import { renderWithApp } from '@/web/testing/render';
import { ReportSchedulePanel } from './report-schedule-panel';

/** Answers and renders take their time on a busy machine. */
const SLOW = { timeout: 5000 };

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const schedule = {
  id: 4,
  productionId: 12,
  timeOfDay: '06:30',
  timeZone: 'Europe/Amsterdam',
  language: 'nl' as const,
  nextRunAt: '2099-01-01T05:30:00.000Z',
  lastRunAt: '2026-11-28T05:30:00.000Z',
  lastError: null,
  createdBy: 'Pim Promotor',
};

function renderPanel(reports: ProductionReports) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url: String(input), body: init?.body ? JSON.parse(String(init.body)) : null });
      return method === 'POST' ? answer(schedule, 201) : answer(reports);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithApp(
    <QueryClientProvider client={client}>
      <ReportSchedulePanel productionId={12} />
    </QueryClientProvider>,
  );
  return calls;
}

describe("a production's scheduled report", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists its schedule and its files as download links', async () => {
    renderPanel({
      enabled: true,
      schedules: [schedule],
      files: [
        {
          id: 9,
          scheduleId: 4,
          productionId: 12,
          format: 'html',
          fileName: 'foyer-demo-production-12-20261128-0630.html',
          bytes: 2048,
          createdAt: '2026-11-28T05:30:00.000Z',
        },
      ],
    });
    expect(await screen.findByTestId('report-schedule', {}, SLOW)).toHaveTextContent(
      'Dagelijks om 06:30 (Europe/Amsterdam) · door Pim Promotor',
    );
    const link = within(screen.getByTestId('report-files')).getByRole('link');
    expect(link).toHaveAttribute('href', '/api/exports/production-reports/files/9');
    expect(link).toHaveAttribute('download', 'foyer-demo-production-12-20261128-0630.html');
    expect(screen.getByText('Afdrukbare pagina')).toBeInTheDocument();
  });

  it('schedules a daily report at the chosen time in the browser’s time zone', async () => {
    const calls = renderPanel({ enabled: true, schedules: [], files: [] });
    expect(await screen.findByText('Nog geen rapportage gepland.', {}, SLOW)).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('report-time'), { target: { value: '07:15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rapportage plannen' }));
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true), SLOW);
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/exports/production-reports/12',
      body: { timeOfDay: '07:15', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, language: 'nl' },
    });
  });

  it('says so when the server has no export folder', async () => {
    renderPanel({ enabled: false, schedules: [], files: [] });
    expect(await screen.findByRole('status', {}, SLOW)).toHaveTextContent(/geen exportmap/);
    expect(screen.queryByRole('button', { name: 'Rapportage plannen' })).toBeNull();
  });
});
