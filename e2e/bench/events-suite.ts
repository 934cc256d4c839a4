import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { median } from '../../src/server/bench/stats';
import { DEMO } from '../support/fixtures';
import { type BenchRow, type BenchSuite, kB, sum } from './web-bench-kit';

/** Issue 6 budgets: what an events route adds to the loaded app, and the event page's render after its data. */
export const BUDGETS = { routeJsKB: 60, eventRenderMs: 100 } as const;

const RENDER_MARK = 'event-page:rendered';

/**
 * Chart code: the chunks that hold recharts (its class names survive minification). Rollup may put the
 * library in a shared chunk whose name says nothing, so the content decides, not the file name.
 */
const chartFiles = new Set<string>();

/** Records every script the page fetches from now on: URL path → gzip bytes. */
function recordScripts(page: Page): { take: () => Promise<Map<string, number>> } {
  let scripts = new Map<string, number>();
  let pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const target = scripts;
    pending.push(
      response.body().then((body) => {
        const path = new URL(response.url()).pathname;
        if (body.includes('recharts-')) chartFiles.add(path);
        target.set(path, gzipSync(body).length);
      }),
    );
  });
  return {
    /** What arrived since the last take; starts a new recording. */
    async take() {
      await Promise.all(pending);
      const taken = scripts;
      scripts = new Map();
      pending = [];
      return taken;
    },
  };
}

interface RouteCase {
  name: string;
  /** A link on the page before it, clicked so the route loads as a person would reach it (client-side). */
  open: (page: Page) => Promise<void>;
  ready: (page: Page) => Promise<void>;
}

/**
 * Each events route entered from the dashboard, in one tab: the JS it adds is the route's own chunks (the
 * shell, React Query, Mantine's common parts are already there). The occupancy chart is its own lazy chunk:
 * reported apart, and the list route must not pull it in.
 */
const ROUTES: RouteCase[] = [
  {
    name: 'events list',
    open: (page) => page.getByRole('link', { name: 'Voorstellingen' }).first().click(),
    ready: (page) => expect(page.getByTestId('event-row').first()).toBeVisible(),
  },
  {
    name: 'event page',
    open: (page) => page.getByTestId('event-row').first().getByRole('link').first().click(),
    ready: (page) => expect(page.getByTestId('block-table')).toBeVisible(),
  },
  {
    name: 'occupancy',
    open: async (page) => {
      await page.goBack();
      await page.getByRole('link', { name: 'Bezetting' }).click();
    },
    ready: async (page) => {
      await expect(page.getByTestId('occupancy-results')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
      await expect(page.locator('[data-testid="occupancy-chart"] .recharts-bar-rectangle').first()).toBeVisible();
    },
  },
];

const isChartChunk = (path: string) => chartFiles.has(path) || /occupancy-chart/.test(path);

export const eventsSuite: BenchSuite = {
  name: 'events',
  async run(bench) {
    const rows: BenchRow[] = [];

    // Route chunks: sizes do not vary between runs, one pass is enough.
    const context = await bench.newContext({ signedIn: true });
    try {
      const page = await context.newPage();
      const recorder = recordScripts(page);
      await page.goto('/');
      await expect(page.getByTestId('performance-card').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await recorder.take();
      for (const route of ROUTES) {
        await route.open(page);
        await route.ready(page);
        await page.waitForLoadState('networkidle');
        const scripts = await recorder.take();
        const chart = new Map([...scripts].filter(([path]) => isChartChunk(path)));
        const own = new Map([...scripts].filter(([path]) => !isChartChunk(path)));
        rows.push({
          metric: `${route.name} route JS added (gzip)`,
          value: kB(sum(own)),
          unit: 'kB',
          budget: BUDGETS.routeJsKB,
          detail: `${own.size} files${chart.size > 0 ? '' : ', no chart code'}`,
        });
        if (chart.size > 0) {
          rows.push({
            metric: `${route.name} chart code, lazy (gzip)`,
            value: kB(sum(chart)),
            unit: 'kB',
            detail: `reported only: ${chart.size} files, loaded when there is a chart to draw`,
          });
        }
      }
      await page.close();
    } finally {
      await context.close();
    }

    // Event page render after its data: the page's own performance measure, median of `runs` fresh loads.
    const probe = await bench.newContext({ signedIn: true });
    const storageState = await probe.storageState();
    let eventId: number;
    try {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
      const response = await probe.request.get(`/api/v1/${DEMO.clientName}/partner/event?startDate=${today}`);
      const events = (await response.json()) as Array<{ eventId: number; eventType: string | null }>;
      const firstPerformance = events.find((event) => event.eventType === 'event');
      if (!firstPerformance) throw new Error('no upcoming performance to measure');
      eventId = firstPerformance.eventId;
    } finally {
      await probe.close();
    }
    // One sign-in for all runs (the service limits sign-ins per address); each run is still a fresh context
    // with an empty cache, carrying only the session cookie.
    const scenarios: Array<{ name: string; open: (page: Page) => Promise<void> }> = [
      {
        // The common path at the desk: the list has settled, a click opens the event (data and code load together).
        name: 'from the list',
        open: async (page) => {
          await page.goto('/events');
          await page.waitForLoadState('networkidle');
          await page.locator(`a[href="/events/${eventId}"]`).first().click();
        },
      },
      { name: 'direct load', open: (page) => page.goto(`/events/${eventId}`).then(() => undefined) },
    ];
    for (const scenario of scenarios) {
      const durations: number[] = [];
      for (let run = 0; run < bench.runs; run++) {
        const runContext = await bench.browser.newContext({
          baseURL: bench.baseURL,
          locale: 'nl-NL',
          timezoneId: 'Europe/Amsterdam',
          viewport: { width: 1280, height: 800 },
          storageState,
        });
        try {
          const page = await runContext.newPage();
          await scenario.open(page);
          await expect(page.getByTestId('block-table')).toBeVisible();
          const handle = await page.waitForFunction(
            (name) => performance.getEntriesByName(name, 'measure')[0]?.duration,
            RENDER_MARK,
          );
          durations.push(Number(await handle.jsonValue()));
        } finally {
          await runContext.close();
        }
      }
      bench.log(
        `event page render, ${scenario.name}: runs ${durations.map((value) => Math.round(value)).join(', ')} ms`,
      );
      rows.push({
        metric: `event page rendered after its data, ${scenario.name} (median of ${durations.length})`,
        value: Math.round(median(durations)),
        unit: 'ms',
        budget: BUDGETS.eventRenderMs,
        detail: `event ${eventId}`,
      });
    }
    return rows;
  },
};
