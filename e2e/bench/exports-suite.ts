import { expect } from '@playwright/test';
import { mirrorSynced } from '../support/mirror';
import type { BenchRow, BenchSuite } from './web-bench-kit';

/** Issue 8 budgets for the CRM export of ~50,000 orders. */
export const BUDGETS = { exportSeconds: 60, heapGrowthMB: 100 } as const;

const SAMPLE_MS = 200;

/**
 * Exports every order (~50,000 in the demo data) as CSV through the exports page, in its download route
 * (Blob assembled from chunk strings: the route that could hold data in memory; the save-to-file route
 * writes each chunk to disk). Measures the time from the click to the finished download, and the peak of
 * the JS heap above its level before the click, sampled through the DevTools protocol (after a forced GC,
 * so the baseline holds no garbage). One run: it takes tens of seconds.
 */
export const exportsSuite: BenchSuite = {
  name: 'exports',
  async run(bench) {
    const context = await bench.newContext({ signedIn: true });
    try {
      const page = await context.newPage();
      // No save dialog in a headless browser: the page takes its download route.
      await page.addInitScript(() => {
        Reflect.deleteProperty(window, 'showSaveFilePicker');
      });
      // The gateway makes the file from its mirror: its first full sync must be done.
      await mirrorSynced(page.request, 600_000);
      await page.goto('/exports?kind=orders');
      await expect(page.getByText(/records in totaal/)).toBeVisible({ timeout: 60_000 });
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      const usage = async () => ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
      const baseline = await usage();
      let peak = baseline;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await usage());
          await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
        }
      })();

      const downloading = page.waitForEvent('download', { timeout: 600_000 });
      const started = Date.now();
      await page.getByRole('button', { name: 'Exporteren', exact: true }).click();
      const download = await downloading;
      const seconds = (Date.now() - started) / 1000;
      sampling = false;
      await sampler;

      const result = page.getByTestId('export-result');
      await expect(result).toBeVisible();
      const records = Number(await result.getAttribute('data-records'));
      const counted = await page.request.get('/api/exports/count?kind=orders');
      const total = ((await counted.json()) as { total: number }).total;
      const complete = (await result.getAttribute('data-complete')) === 'true';
      await download.delete();
      bench.log(`export: ${records} of ${total} orders, complete: ${complete}, ${seconds.toFixed(1)} s`);
      if (!complete || records !== total) throw new Error(`export incomplete: ${records} of ${total} orders`);
      return [
        {
          metric: `export of ${total.toLocaleString('en-GB')} orders to CSV (download route)`,
          value: Math.round(seconds * 10) / 10,
          unit: 's',
          budget: BUDGETS.exportSeconds,
          detail: `${Math.round(records / seconds)} orders/s; 1 run`,
        },
        {
          metric: 'export: peak JS heap growth',
          value: Math.round(((peak - baseline) / 1024 / 1024) * 10) / 10,
          unit: 'MB',
          budget: BUDGETS.heapGrowthMB,
          detail: `baseline ${Math.round(baseline / 1024 / 1024)} MB, sampled every ${SAMPLE_MS} ms`,
        },
      ] satisfies BenchRow[];
    } finally {
      await context.close();
    }
  },
};
