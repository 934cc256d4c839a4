import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { percentile } from '../../src/server/bench/stats';
import { mirrorSynced } from '../support/mirror';
import { type BenchRow, type BenchSuite, kB } from './web-bench-kit';

/** Issue 8 and 21 budgets: the orders route's own code, the analysis's first view and how fast it answers a change. */
export const ORDERS_BUDGETS = { routeKB: 60, updateP95Ms: 100 } as const;

/** How long one change may take to paint before the suite gives up on it. */
const UPDATE_WAIT_MS = 120_000;

/** A period that holds every demo order (~53,000): the analysis covers them all. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const ALL_ORDERS = `from=${day(-400)}&to=${day(10)}`;

/** Records the gzip size of every script the page fetches from now on, until `stop()`. */
function recordScripts(page: Page) {
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: import('@playwright/test').Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => void sizes.set(new URL(response.url()).pathname, gzipSync(body).length),
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  return async () => {
    page.off('response', onResponse);
    await Promise.all(pending);
    return sizes;
  };
}

const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);

/** The gzip size of a built script and of every script it imports statically, by path, read from the server. */
async function withStaticImports(
  request: APIRequestContext,
  path: string,
  found = new Map<string, number>(),
): Promise<Map<string, number>> {
  if (found.has(path)) return found;
  const body = await (await request.get(path)).body();
  found.set(path, gzipSync(body).length);
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  // `import{a as b}from"./x.js"` and `import"./x.js"` (the build's chunks import each other relatively); a
  // dynamic `import("./x.js")` is not followed.
  for (const [, file] of body.toString('utf8').matchAll(/\bimport\s*(?:[^"';()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    await withStaticImports(request, folder + file, found);
  }
  return found;
}

/**
 * What the lazy charts chunk brings that the analysis page does not have already: the chunk and the files only
 * it imports (the chart library), with their gzip sizes. `seen`: the script paths the page loaded.
 */
async function chartsOnlyScripts(request: APIRequestContext, seen: readonly string[]): Promise<Map<string, number>> {
  const entry = (name: string) => {
    const path = seen.find((candidate) => new RegExp(`/${name}-[^/]+\\.js$`).test(candidate));
    if (!path) throw new Error(`the page loaded no ${name} chunk`);
    return path;
  };
  const page = await withStaticImports(request, entry('analysis-page'));
  const charts = await withStaticImports(request, entry('analysis-charts'));
  return new Map([...charts].filter(([path]) => !page.has(path)));
}

/** Filter, sort and group changes a manager makes, each measured by the page from change to paint. */
const CHANGES: Array<{ testId: string; value: string }> = [
  { testId: 'filter-channel', value: 'sp' },
  { testId: 'filter-channel', value: 'www' },
  { testId: 'filter-channel', value: '' },
  { testId: 'sort-by', value: 'amount-desc' },
  { testId: 'filter-status', value: 'ord' },
  { testId: 'filter-payment', value: 'paid' },
  { testId: 'sort-by', value: 'date-asc' },
  { testId: 'group-by', value: 'status' },
  { testId: 'group-by', value: 'channel' },
  { testId: 'filter-status', value: '' },
  { testId: 'filter-payment', value: '' },
  { testId: 'group-by', value: 'day' },
  { testId: 'sort-by', value: 'amount-asc' },
  { testId: 'group-by', value: 'none' },
  { testId: 'sort-by', value: 'date-desc' },
];

export const ordersSuite: BenchSuite = {
  name: 'orders',
  async run(bench) {
    const rows: BenchRow[] = [];
    const context = await bench.newContext({ signedIn: true });
    try {
      const page = await context.newPage();
      // The analysis reads the gateway's mirror: its first full sync must be done.
      await mirrorSynced(page.request, 600_000);
      // Route code: what navigating from the dashboard to the orders list, then to the analysis, adds.
      await page.goto('/');
      await expect(page.getByTestId('performance-card').first()).toBeVisible({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      let stop = recordScripts(page);
      await page.getByRole('link', { name: 'Bestellingen' }).first().click();
      await expect(page.getByTestId('order-link')).toHaveCount(100, { timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      const listScripts = await stop();

      stop = recordScripts(page);
      const [totalResponse] = await Promise.all([
        page.request.get('/api/v1/demo/partner/order'),
        page.getByRole('link', { name: 'Analyse' }).click(),
      ]);
      const expectedAll = ((await totalResponse.json()) as { total: number }).total;
      await expect(page.getByTestId('analysis-count')).toBeVisible({ timeout: 60_000 });
      const analysisScripts = await stop();

      // The first view of a period holding every order, from a fresh page so nothing is cached.
      stop = recordScripts(page);
      const started = Date.now();
      await page.goto(`/orders/analysis?${ALL_ORDERS}`);
      await expect(page.getByTestId('analysis-count')).toHaveAttribute('data-count', String(expectedAll), {
        timeout: 300_000,
      });
      const loadSeconds = (Date.now() - started) / 1000;
      await expect(page.getByTestId('analysis-charts')).toBeVisible({ timeout: 60_000 });
      const afterLoadScripts = await stop();
      // The charts' own files, by the build's import graph: they load when the charts' answer comes, which on
      // a quick server is before the count shows, and were then counted as the route's code.
      const chartScripts = await chartsOnlyScripts(page.request, [
        ...analysisScripts.keys(),
        ...afterLoadScripts.keys(),
      ]);
      const routeScripts = new Map([...analysisScripts].filter(([path]) => !chartScripts.has(path)));
      const heapMB = await page.evaluate(() => {
        const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
        return memory ? memory.usedJSHeapSize / 1024 / 1024 : 0;
      });

      // Filter/sort/group: each change a few times over.
      await page.evaluate(() => performance.clearMeasures('orders-analysis:update'));
      const measured = () => page.evaluate(() => performance.getEntriesByName('orders-analysis:update').length);
      for (let round = 0; round < Math.max(2, bench.runs); round++) {
        for (const change of CHANGES) {
          const before = await measured();
          await page.getByTestId(change.testId).selectOption(change.value);
          // One change at a time: the next starts when the page has painted the previous one. A slow answer
          // is a figure over budget, not a failed run; only a change the page never paints stops the suite,
          // and says which.
          await page
            .waitForFunction((count) => performance.getEntriesByName('orders-analysis:update').length > count, before, {
              timeout: UPDATE_WAIT_MS,
            })
            .catch(() => {
              throw new Error(
                `no orders-analysis:update within ${UPDATE_WAIT_MS / 1000} s of ${change.testId}=${change.value || 'all'} (round ${round + 1}); the page is at ${page.url()}`,
              );
            });
        }
      }
      const updates = await page.evaluate(() =>
        performance.getEntriesByName('orders-analysis:update').map((entry) => entry.duration),
      );
      // One measure per change, in order: name the slowest, so a regression points at its cause.
      const slowest = updates
        .map((ms, index) => ({ ms, change: CHANGES[index % CHANGES.length] }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 3)
        .map(({ ms, change }) => `${change?.testId}=${change?.value || 'all'} ${Math.round(ms)} ms`);
      bench.log(`slowest changes: ${slowest.join(', ')}`);
      bench.log(
        `analysis updates: ${updates.length} measured, median ${Math.round(percentile(updates, 50))} ms, max ${Math.round(Math.max(...updates))} ms`,
      );

      rows.push(
        {
          metric: 'orders list route JS beyond the shell (gzip)',
          value: kB(total(listScripts)),
          unit: 'kB',
          budget: ORDERS_BUDGETS.routeKB,
          detail: `${listScripts.size} files`,
        },
        {
          metric: 'orders analysis route JS, charts excluded (gzip)',
          value: kB(total(routeScripts)),
          unit: 'kB',
          budget: ORDERS_BUDGETS.routeKB,
          detail: `${routeScripts.size} files`,
        },
        {
          metric: 'orders analysis charts, loaded lazily (gzip)',
          value: kB(total(chartScripts)),
          unit: 'kB',
          detail: `${chartScripts.size} files; reported only`,
        },
        {
          metric: `analysis first view of ${expectedAll.toLocaleString('en-GB')} orders`,
          value: Math.round(loadSeconds * 10) / 10,
          unit: 's',
          budget: 1.5,
          detail: 'from the gateway’s mirror; navigation included; one run',
        },
        {
          metric: 'JS heap with the analysis shown',
          value: Math.round(heapMB),
          unit: 'MB',
          detail: 'reported only',
        },
        {
          metric: `analysis filter/sort/group p95 (${updates.length} changes)`,
          value: Math.round(percentile(updates, 95)),
          unit: 'ms',
          budget: ORDERS_BUDGETS.updateP95Ms,
        },
      );
    } finally {
      await context.close();
    }
    return rows;
  },
};
