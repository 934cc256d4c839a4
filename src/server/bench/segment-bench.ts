import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SegmentRule } from '@/contract/segments';
import { connectDatabase } from '../db/connect';
import type { Database } from '../db/database';
import { membersInMemory, SegmentFactsDirectories } from '../gateway/segments/segment-facts-directory';
import { countMembers, memberPage, membersWithIds, todayOf } from '../gateway/segments/segment-store';
import { migrateGateway } from '../gateway/store';
import { fillSegmentMirror, generateSegmentRules } from '../testing/segment-mirror';
import { cpuSeconds, loadAverages, onOwnPostgres, printVerdicts, verdict } from './bench-run';
import { percentile } from './stats';

/**
 * `npm run bench:segments`: counting segments over the mirror (issue 30, item 1). Fills the mirror's tables of
 * one organisation straight with SQL (generate_series): BENCH_CUSTOMERS customers (default 1,000,000) with
 * Dutch cities and zips, tags, custom fields and preferences in their legacy forms; twice as many orders over
 * three years (most paid, the rest cancelled, reserved, pending…) with one to three seats each over 300
 * performances of 60 productions; 50,000 waiting-list entries (testing/segment-mirror.ts). Then counts a generated
 * set of 60 rules of one to five conditions (some in an OR group), each twice, and lists the first preview page of
 * each: with a statement over the facts table, and over the process's copy of the facts in memory (the builder's
 * counts, segment-facts-directory.ts: its first read timed), and checks that both count the same members.
 * BENCH_ENGINE=pglite|postgres|both (default both). Budgets: count p95 ≤ 300 ms, preview first page ≤ 200 ms.
 * A million customers take long to fill, so a filled database can be kept and reused: BENCH_POSTGRES_URL (a
 * database of a server of your own) and BENCH_PGLITE_DIR (a PGlite directory) are filled on the first run and
 * only migrated and measured on the next ones (the organisation 'bench' in them is the filled one).
 */

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const ORDERS = CUSTOMERS * 2;
const ENGINE = process.env.BENCH_ENGINE ?? 'both';
const RULES = 60;
/** BENCH_PATHS: statement (a count is one statement over the facts), memory (over the process's copy), or both. */
const PATHS = (process.env.BENCH_PATHS ?? 'statement,memory').split(',').map((path) => path.trim());
const TODAY = todayOf();
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

const describe = (rule: SegmentRule): string =>
  rule.rules
    .map((node) => (node.kind === 'group' ? `(${describe(node).replaceAll(' & ', ' | ')})` : node.kind))
    .join(' & ');

/** The organisation a kept database was filled for, if it was. */
async function filledOrganisation(db: Database): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    `select o.id from gateway.organisations o where o.client_name = 'bench'
        and exists (select 1 from gateway.mirror_customers m where m.organisation_id = o.id)`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

interface Timed {
  ms: number;
  cpu: number;
  rule: string;
  members: number;
}

/** A rule's count and first preview page by one path: the count, and the page's members. */
interface CountPath {
  name: string;
  count(rule: SegmentRule): Promise<number>;
  firstPage(rule: SegmentRule): Promise<number>;
}

/**
 * Each rule counted twice and its preview's first page listed once by `path`. `postgresDataDir`: the PostgreSQL
 * server's data directory, whose backends' CPU time is counted with this process's (null for PGlite, which runs in
 * this process): CPU time per count does not grow with the machine's load as the wall time does.
 */
async function measure(engine: string, path: CountPath, rules: SegmentRule[], postgresDataDir: string | null) {
  const timed = async (rule: SegmentRule, work: () => Promise<number>): Promise<Timed> => {
    const cpu = await cpuSeconds(postgresDataDir);
    const start = performance.now();
    const members = await work();
    const ms = performance.now() - start;
    return { ms, cpu: ((await cpuSeconds(postgresDataDir)) - cpu) * 1000, rule: describe(rule), members };
  };
  const counts: Timed[] = [];
  for (let pass = 1; pass <= 2; pass++) {
    for (const rule of rules) counts.push(await timed(rule, () => path.count(rule)));
  }
  const pages: Timed[] = [];
  for (const rule of rules) pages.push(await timed(rule, () => path.firstPage(rule)));
  const line = (name: string, values: number[]) =>
    `${name}: p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  max ${ms(Math.max(...values))}  (${values.length})`;
  const of = (list: Timed[], key: 'ms' | 'cpu') => list.map((entry) => entry[key]);
  console.log(`  ${path.name}:`);
  console.log(`    ${line('count', of(counts, 'ms'))}`);
  console.log(`    ${line('count, CPU time', of(counts, 'cpu'))}`);
  console.log(`    ${line('preview first page', of(pages, 'ms'))}`);
  console.log(`    ${line('preview first page, CPU time', of(pages, 'cpu'))}`);
  // The slowest by CPU time, which does not grow with the machine's load as the wall time does.
  for (const worst of counts
    .slice(rules.length)
    .sort((a, b) => b.cpu - a.cpu)
    .slice(0, 5)) {
    console.log(
      `      slow: CPU ${ms(worst.cpu)} (${ms(worst.ms)})  ${worst.rule}  → ${worst.members.toLocaleString('en')} members`,
    );
  }
  for (const worst of [...pages].sort((a, b) => b.ms - a.ms).slice(0, 3)) {
    console.log(
      `      slow preview: ${ms(worst.ms)} (CPU ${ms(worst.cpu)})  ${worst.rule}  → ${worst.members} on the page`,
    );
  }
  const countP95 = percentile(of(counts, 'ms'), 95);
  const pageP95 = percentile(of(pages, 'ms'), 95);
  const pageMax = Math.max(...of(pages, 'ms'));
  return {
    members: counts.slice(0, rules.length).map((entry) => entry.members),
    verdict: `${engine}, ${path.name} (${CUSTOMERS.toLocaleString('en')} customers, ${ORDERS.toLocaleString('en')} orders): count p95 ${ms(countP95)} (CPU ${ms(percentile(of(counts, 'cpu'), 95))}) → ${verdict(countP95 <= 300)} (≤ 300 ms); preview first page p95 ${ms(pageP95)}, max ${ms(pageMax)} (CPU p95 ${ms(percentile(of(pages, 'cpu'), 95))}) → ${verdict(pageMax <= 200)} (≤ 200 ms)`,
  };
}

/** Counting with a statement over gateway.segment_facts. */
function statementPath(db: Database, org: number): CountPath {
  return {
    name: 'with a statement',
    count: (rule) => countMembers(db, org, rule, TODAY),
    firstPage: async (rule) => (await memberPage(db, org, rule, TODAY, { offset: 0, limit: 26 })).length,
  };
}

/** Counting over this process's copy of the facts (segment-facts-directory.ts), as the builder's counts do. */
async function inMemoryPath(db: Database, org: number): Promise<CountPath> {
  const directories = new SegmentFactsDirectories(db);
  const readAt = performance.now();
  const before = process.memoryUsage().rss;
  await directories.whenRead(org);
  console.log(
    `  in memory: the facts read in ${seconds(readAt)}, the process's memory grew ${Math.round((process.memoryUsage().rss - before) / 1e6)} MB (${loadAverages()})`,
  );
  const now = async (rule: SegmentRule) => {
    const found = await membersInMemory(db, directories, org, rule, TODAY);
    if (!found) throw new Error('the facts are being read again');
    return found;
  };
  return {
    name: 'in memory',
    count: async (rule) => (await now(rule)).members.length,
    firstPage: async (rule) => {
      const { directory, members } = await now(rule);
      return (await membersWithIds(db, org, directory.pageOf(members, { offset: 0, limit: 26 }))).length;
    },
  };
}

async function bench(engine: string, db: Database, postgresDataDir: string | null): Promise<string[]> {
  let org = await filledOrganisation(db);
  if (org === null) {
    console.log(`\n${engine}: filling the mirror (${loadAverages()})`);
    org = await fillSegmentMirror(db, CUSTOMERS, (line) => console.log(line));
  } else {
    console.log(`\n${engine}: the mirror filled before (organisation ${org}; ${loadAverages()})`);
  }
  const rules = generateSegmentRules(RULES, TODAY);
  const verdicts: string[] = [];
  const members: number[][] = [];
  for (const name of PATHS) {
    const path = name === 'memory' ? await inMemoryPath(db, org) : statementPath(db, org);
    const measured = await measure(engine, path, rules, postgresDataDir);
    verdicts.push(measured.verdict);
    members.push(measured.members);
  }
  if (members.length === 2) {
    const agree = rules.filter((_, n) => members[0]?.[n] === members[1]?.[n]).length;
    console.log(`  both paths counted the same members for ${agree} of ${rules.length} rules`);
    if (agree < rules.length)
      verdicts.push(`${engine}: the two paths disagree on ${rules.length - agree} rules → FAIL`);
  }
  return verdicts;
}

async function main(): Promise<void> {
  console.log(`Segments benchmark (issue 30). ${RULES} rules; before: ${loadAverages()}`);
  const verdicts: string[] = [];
  if (ENGINE !== 'postgres') {
    const kept = process.env.BENCH_PGLITE_DIR;
    const dataDir = kept ?? (await mkdtemp(join(tmpdir(), 'foyer-segment-bench-')));
    // As `npm start`: sized from the data directory unless PGLITE_SHARED_BUFFERS_MB says (to compare sizes).
    const chosen = process.env.PGLITE_SHARED_BUFFERS_MB;
    const db = await connectDatabase({ dataDir, sharedBuffersMb: chosen ? Number(chosen) : undefined });
    try {
      await migrateGateway(db);
      const buffers = (await db.query<{ size: string }>('select current_setting($1) as size', ['shared_buffers']))
        .rows[0];
      verdicts.push(...(await bench(`PGlite (shared buffers ${buffers?.size})`, db, null)));
    } finally {
      await db.close();
      if (!kept) await rm(dataDir, { recursive: true, force: true });
    }
  }
  const keptPostgres = process.env.BENCH_POSTGRES_URL;
  if (ENGINE !== 'pglite' && keptPostgres) {
    const db = await connectDatabase({ databaseUrl: keptPostgres, poolSize: 2 });
    try {
      await migrateGateway(db);
      const { rows } = await db.query<{ dir: string }>(`select current_setting('data_directory') as dir`);
      verdicts.push(...(await bench('PostgreSQL', db, rows[0]?.dir ?? null)));
    } finally {
      await db.close();
    }
  } else if (ENGINE !== 'pglite') {
    const onPostgres = await onOwnPostgres('foyer_segment_bench', { durable: false }, async (url, server) => {
      const db = await connectDatabase({ databaseUrl: url, poolSize: 2 });
      try {
        await migrateGateway(db);
        return await bench('PostgreSQL', db, server.dataDir);
      } finally {
        await db.close();
      }
    });
    verdicts.push(...onPostgres);
  }
  printVerdicts(verdicts, loadAverages());
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
