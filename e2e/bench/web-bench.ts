import { appLoadSuite } from './app-load-suite';
import { customersSuite } from './customers-suite';
import { eventsSuite } from './events-suite';
import { exportsSuite } from './exports-suite';
import { ordersSuite } from './orders-suite';
import { seatPlanSuite } from './seat-plan-suite';
import {
  type BenchRow,
  type BenchSuite,
  createBenchContext,
  launchBrowser,
  printTable,
  startServer,
} from './web-bench-kit';

/**
 * `npm run bench:web`: the app's performance figures against the real server in Chromium, with budgets.
 * Each issue adds its suite to SUITES. BENCH_RUNS changes the number of runs (default 5, the median is
 * reported); BENCH_APP_DIR reuses a build instead of building the current source.
 */
const SUITES: BenchSuite[] = [appLoadSuite, seatPlanSuite, eventsSuite, exportsSuite, ordersSuite, customersSuite];

async function main(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? '5');
  console.error('Starting the server (fresh data, app built from source)…');
  const server = await startServer();
  const browser = await launchBrowser();
  const rows: Array<BenchRow & { suite: string }> = [];
  try {
    const context = createBenchContext(browser, server.baseURL, runs);
    for (const suite of SUITES) {
      console.error(`Running ${suite.name}…`);
      for (const row of await suite.run(context)) rows.push({ ...row, suite: suite.name });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const allPass = printTable(rows);
  process.exitCode = allPass ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
