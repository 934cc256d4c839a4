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
 * reported); BENCH_APP_DIR reuses a build instead of building the current source; BENCH_SUITES runs only the
 * suites whose names contain one of its comma-separated words (`BENCH_SUITES='app load'`).
 */
const SUITES: BenchSuite[] = [appLoadSuite, seatPlanSuite, eventsSuite, exportsSuite, ordersSuite, customersSuite];

function selectedSuites(filter: string | undefined): BenchSuite[] {
  const words = (filter ?? '')
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 0) return SUITES;
  const chosen = SUITES.filter((suite) => words.some((word) => suite.name.toLowerCase().includes(word)));
  if (chosen.length === 0) {
    throw new Error(`BENCH_SUITES=${filter} matches none of: ${SUITES.map((suite) => suite.name).join(', ')}`);
  }
  return chosen;
}

async function main(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? '5');
  const suites = selectedSuites(process.env.BENCH_SUITES);
  console.error('Starting the server (fresh data, app built from source)…');
  const server = await startServer();
  const browser = await launchBrowser();
  const rows: Array<BenchRow & { suite: string }> = [];
  try {
    const context = createBenchContext(browser, server.baseURL, runs);
    for (const suite of suites) {
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
