import { gzipSync } from 'node:zlib';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { median, percentile } from '../../src/server/bench/stats';
import { syntheticPlan } from '../../src/web/testing/seat-plans';
import { type BenchRow, type BenchSuite, kB } from './web-bench-kit';

/** Issue 7 budgets for the seat-plan viewer (Chromium, no CPU throttling). */
export const SEAT_PLAN_BUDGETS = {
  arenaFirstDrawMs: 50,
  redrawAfterSelectionMs: 16,
  hitTestMs: 1,
  synthetic100kFirstDrawMs: 250,
  viewerChunkKB: 60,
} as const;

interface DrawMeasure {
  duration: number;
  kind: string;
  seats: number;
}

async function arenaEventId(context: BrowserContext): Promise<number> {
  const halls = (await (await context.request.get('/api/v1/demo/partner/hall')).json()) as {
    hallId: number;
    hallName: string;
  }[];
  const arena = halls.find((hall) => hall.hallName === 'Arena');
  if (!arena) throw new Error('The demo data has no Arena hall');
  const events = (await (await context.request.get('/api/v1/demo/partner/event')).json()) as {
    eventId: number;
    hallId: number;
    start: string;
  }[];
  const event = events
    .filter((candidate) => candidate.hallId === arena.hallId && Date.parse(candidate.start) > Date.now())
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0];
  if (!event) throw new Error('No future event in the Arena');
  return event.eventId;
}

const drawMeasures = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByName('seatplan:draw', 'measure').map((entry) => {
      const detail = ((entry as PerformanceMeasure).detail ?? {}) as { kind?: string; seats?: number };
      return { duration: entry.duration, kind: detail.kind ?? '', seats: detail.seats ?? 0 };
    }),
  );

async function openPlan(page: Page, eventId: number, seats: number): Promise<DrawMeasure> {
  await page.goto(`/events/${eventId}/seats`);
  await expect(page.getByTestId('seat-plan-viewer')).toHaveAttribute('data-seat-count', String(seats), {
    timeout: 60_000,
  });
  await expect(page.getByTestId('seat-plan-canvas')).toHaveAttribute('data-scale', /\d/, { timeout: 30_000 });
  const first = (await drawMeasures(page)).find((entry) => entry.kind === 'first');
  if (!first || first.seats !== seats) throw new Error(`no first draw of ${seats} seats was measured`);
  return first;
}

export const seatPlanSuite: BenchSuite = {
  name: 'seat plan',
  async run(bench) {
    const arenaDraws: number[] = [];
    const redraws: number[] = [];
    const selects: number[] = [];
    const hitP95s: number[] = [];
    const syntheticDraws: number[] = [];
    let viewerChunk: { path: string; gzip: number } | null = null;
    let viewerOnDashboard = false;
    const synthetic = JSON.stringify(syntheticPlan(100_000));

    for (let run = 0; run < bench.runs; run++) {
      const context = await bench.newContext({ signedIn: true });
      try {
        const eventId = await arenaEventId(context);
        const page = await context.newPage();
        const scripts = new Map<string, Buffer>();
        const pending: Promise<void>[] = [];
        page.on('response', (response) => {
          if (response.request().resourceType() !== 'script') return;
          pending.push(
            response.body().then((body) => {
              scripts.set(new URL(response.url()).pathname, body);
            }),
          );
        });
        if (run === 0) {
          // Lazy: the dashboard must not load the viewer.
          await page.goto('/');
          await expect(page.getByTestId('performance-card').first()).toBeVisible({ timeout: 60_000 });
          await page.waitForLoadState('networkidle');
          await Promise.all(pending);
          viewerOnDashboard = [...scripts.keys()].some((path) => path.includes('seat-plan-viewer'));
        }

        arenaDraws.push((await openPlan(page, eventId, 20_400)).duration);
        await Promise.all(pending);
        const chunk = [...scripts.entries()].find(([path]) => /\/seat-plan-viewer-[^/]*\.js$/.test(path));
        if (chunk) viewerChunk = { path: chunk[0], gzip: gzipSync(chunk[1]).length };

        // Hit tests: every pointer move over the plan runs one; collect them all.
        await page.evaluate(() => {
          const hits: number[] = [];
          (window as unknown as { __hits: number[] }).__hits = hits;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) if (entry.name === 'seatplan:hit') hits.push(entry.duration);
          }).observe({ type: 'measure' });
        });
        const box = await page.getByTestId('seat-plan-canvas').boundingBox();
        if (!box) throw new Error('the plan is not visible');
        for (let i = 0; i < 60; i++) {
          await page.mouse.move(
            box.x + box.width * (0.1 + (0.8 * ((i * 37) % 60)) / 60),
            box.y + box.height * (0.1 + (0.8 * i) / 60),
          );
        }
        const hits = (await page.evaluate(() => (window as unknown as { __hits: number[] }).__hits)) as number[];
        if (hits.length === 0) throw new Error('no hit test was measured');
        hitP95s.push(percentile(hits, 95));

        // A selection by keyboard (focus the plan, Enter on the first free seat), then the redraw it caused.
        const before = (await drawMeasures(page)).length;
        await page.getByTestId('seat-plan-canvas').focus();
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('seat-selection-summary')).toHaveText(/^1 gekozen/);
        const after = await drawMeasures(page);
        const redraw = after
          .slice(before)
          .filter((entry) => entry.kind === 'selection')
          .at(-1);
        if (!redraw) throw new Error('no redraw after the selection was measured');
        redraws.push(redraw.duration);
        const select = await page.evaluate(() =>
          performance.getEntriesByName('seatplan:select', 'measure').map((entry) => entry.duration),
        );
        if (select.length > 0) selects.push(select.at(-1) as number);
        await page.close();

        // 100,000 seats: the same page and drawing code, fed a synthetic plan instead of the arena's.
        const syntheticPage = await context.newPage();
        await syntheticPage.route('**/partner/seating/*', (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: synthetic }),
        );
        syntheticDraws.push((await openPlan(syntheticPage, eventId, 100_000)).duration);
        await syntheticPage.close();
      } finally {
        await context.close();
      }
    }
    const round1 = (value: number) => Math.round(value * 10) / 10;
    bench.log(`arena first draw runs: ${arenaDraws.map(round1).join(', ')} ms`);
    bench.log(`redraw after selection runs: ${redraws.map(round1).join(', ')} ms`);
    bench.log(`100,000-seat first draw runs: ${syntheticDraws.map(round1).join(', ')} ms`);
    const rows: BenchRow[] = [
      {
        metric: `arena (20,400 seats) first draw (median of ${arenaDraws.length})`,
        value: round1(median(arenaDraws)),
        unit: 'ms',
        budget: SEAT_PLAN_BUDGETS.arenaFirstDrawMs,
      },
      {
        metric: `arena redraw after a selection (median of ${redraws.length})`,
        value: round1(median(redraws)),
        unit: 'ms',
        budget: SEAT_PLAN_BUDGETS.redrawAfterSelectionMs,
      },
      {
        metric: `arena selection to drawn, seatplan:select (median of ${selects.length})`,
        value: round1(median(selects)),
        unit: 'ms',
        detail: 'reported only: includes React updating the legend and list',
      },
      {
        metric: `arena hit test, p95 of 60 moves (median of ${hitP95s.length})`,
        value: Math.round(median(hitP95s) * 1000) / 1000,
        unit: 'ms',
        budget: SEAT_PLAN_BUDGETS.hitTestMs,
        detail: 'browser timer resolution limits precision',
      },
      {
        metric: `synthetic 100,000-seat first draw (median of ${syntheticDraws.length})`,
        value: round1(median(syntheticDraws)),
        unit: 'ms',
        budget: SEAT_PLAN_BUDGETS.synthetic100kFirstDrawMs,
      },
      {
        metric: 'seat-plan viewer chunk (gzip)',
        value: viewerChunk ? kB(viewerChunk.gzip) : Number.NaN,
        unit: 'kB',
        budget: SEAT_PLAN_BUDGETS.viewerChunkKB,
        detail: viewerChunk
          ? `${viewerChunk.path}; ${viewerOnDashboard ? 'ALSO loaded by the dashboard' : 'lazy: not loaded by the dashboard'}`
          : 'chunk not found',
      },
    ];
    if (viewerOnDashboard) rows.push({ metric: 'viewer loaded lazily', value: 1, unit: '', budget: 0 });
    return rows;
  },
};
