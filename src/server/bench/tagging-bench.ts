import pino from 'pino';
import type { Queryable } from '../db/database';
import { CustomerJobRunner, createCustomerJob, type SegmentMembers } from '../gateway/customer-jobs';
import { embeddedService, type ServiceConnection } from '../gateway/service-connection';
import { openGateway } from '../gateway/start-gateway';
import { startServiceRuntime } from '../runtime';
import { organisationIdOf } from '../testing/mirror';
import { loadAverages } from './bench-run';
import { percentile } from './stats';

/**
 * `npm run bench:tagging` (issue 30, item 2): tag 10,000 members of a segment through the embedded service, as
 * the customer jobs do it, on PGlite. The run is killed half way — two calls under way, one of which reached the
 * service — and taken over by a second runner once its lease expired; every call the service received is
 * counted, so the figures prove no customer's tags were set twice and none was left out.
 * Printed: calls per second (the pace is set high, so the service bounds it), the service's own time per call
 * (read the tags, set them), the calls of each run, and the repeats (must be 0).
 * BENCH_MEMBERS (default 10,000), BENCH_CALLS_PER_SECOND (default 5,000: no limit in practice), BENCH_CONCURRENCY (8).
 */

const log = pino({ level: 'warn' });
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const CALLS_PER_SECOND = Number(process.env.BENCH_CALLS_PER_SECOND ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const TAG = 'Docent';

/** A segment for the bench: the first MEMBERS customers of the mirror without the tag. */
const benchSegment: SegmentMembers = {
  async findSegment(_db, _organisationId, id) {
    return { id, name: 'bench', rule: null };
  },
  async segmentMemberIds(db: Queryable, organisationId: number) {
    const { rows } = await db.query<{ id: string }>(
      `select customer_id as id from gateway.mirror_customers where organisation_id = $1 and not ($2 = any(tags))
        order by customer_id limit $3`,
      [organisationId, TAG, MEMBERS],
    );
    return rows.map((row) => Number(row.id));
  },
};

/** Every call that reaches the service, with the service's own time for it. */
function measuredService(inner: ServiceConnection) {
  const calls: { method: string; path: string; ms: number }[] = [];
  const service: ServiceConnection = {
    async fetch(path, init, origin) {
      const started = performance.now();
      const answer = await inner.fetch(path, init, origin);
      // The body is read here so its time is the service's, not the caller's.
      const text = await answer.text();
      calls.push({ method: init.method ?? 'GET', path, ms: performance.now() - started });
      return new Response(text, { status: answer.status, headers: answer.headers });
    },
    baseUrl: (origin) => inner.baseUrl(origin),
    prepared: () => undefined,
  };
  return { service, calls };
}

/** `service`, except that from the `killAt`-th tag change on every call hangs: the first of those reaches the service. */
function dyingService(service: ServiceConnection, killAt: number) {
  const state = { hung: 0, posts: 0 };
  const dying: ServiceConnection = {
    ...service,
    async fetch(path, init, origin) {
      if (init.method === 'POST' && path.endsWith('/clienttypes')) {
        state.posts += 1;
        if (state.posts === killAt) await service.fetch(path, init, origin);
        if (state.posts >= killAt) {
          state.hung += 1;
          return new Promise<Response>(() => undefined);
        }
      }
      return service.fetch(path, init, origin);
    },
  };
  return { dying, state };
}

const stats = (values: number[]) =>
  `mean ${(values.reduce((sum, n) => sum + n, 0) / Math.max(1, values.length)).toFixed(2)} ms, p50 ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms`;

async function main(): Promise<void> {
  console.log(`Tagging benchmark (issue 30, item 2): ${MEMBERS} members. Before: ${loadAverages()}`);
  const seeded = performance.now();
  const runtime = await startServiceRuntime(
    {
      DATA_DIR: '',
      DATABASE_URL: undefined,
      SEED: 'demo',
      SEED_CUSTOMERS: Math.max(2000, Math.ceil(MEMBERS * 1.25)),
      CART_TIMEOUT_SECONDS: 900,
    },
    log,
    { inMemory: true },
  );
  const measured = measuredService(embeddedService(runtime.app));
  const { deps } = await openGateway(
    { DATA_DIR: '', FOYER_MASTER_KEY: 'bench-master-key-of-at-least-32-characters' },
    { db: runtime.db, service: measured.service, log, seedDemo: true, segments: benchSegment },
  );
  const organisationId = await organisationIdOf(deps.db, 'demo');
  await deps.mirror.syncNow(organisationId);
  console.log(`  seeded and mirrored in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const members = await benchSegment.segmentMemberIds(deps.db, organisationId, null);
  // The job's calls only (the sync's export pages came before).
  const syncCalls = measured.calls.length;
  const jobCalls = () => measured.calls.slice(syncCalls);
  const jobId = await createCustomerJob(deps.db, deps.customerJobActions, {
    organisationId,
    kind: 'add-tag',
    params: { tag: TAG },
    origin: 'manual',
    originId: null,
    by: null,
    items: members.map((customerId) => ({ customerId, action: 'add-tag' })),
  });
  const runner = (service: ServiceConnection, leaseSeconds: number) =>
    new CustomerJobRunner({
      db: deps.db,
      service,
      organisations: deps.organisations,
      actions: deps.customerJobActions,
      log,
      callsPerSecond: CALLS_PER_SECOND,
      concurrency: CONCURRENCY,
      leaseSeconds,
    });

  // The first run dies half way, with two calls under way.
  const killAt = Math.floor(members.length / 2);
  const { dying, state } = dyingService(measured.service, killAt);
  const firstStarted = performance.now();
  let failure: unknown = null;
  runner(dying, 2)
    .tick()
    .catch((error: unknown) => {
      failure = error;
    });
  const progress = setInterval(() => {
    console.log(
      `    … ${jobCalls().length} calls after ${((performance.now() - firstStarted) / 1000).toFixed(0)} s (${state.posts} tag changes, ${state.hung} hung)`,
    );
  }, 15_000);
  while (state.hung < Math.min(2, CONCURRENCY)) {
    if (failure) throw failure;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const firstSeconds = (performance.now() - firstStarted) / 1000;
  const firstCalls = jobCalls().length;
  const { rows: halfway } = await deps.db.query<{ state: string; n: number }>(
    'select state, count(*)::int as n from gateway.customer_job_items where job_id = $1 group by 1 order by 1',
    [jobId],
  );
  console.log(
    `  first run killed after ${firstCalls} calls in ${firstSeconds.toFixed(1)} s: ${halfway.map((row) => `${row.n} ${row.state}`).join(', ')}`,
  );
  // The second instance takes the job once the dead run's lease (2 s) has expired.
  await new Promise((resolve) => setTimeout(resolve, 2100));
  const secondStarted = performance.now();
  await runner(measured.service, 60).tick();
  const secondSeconds = (performance.now() - secondStarted) / 1000;
  clearInterval(progress);
  const secondCalls = jobCalls().length - firstCalls;

  const posts = new Map<number, number>();
  for (const call of jobCalls()) {
    const id = /\/customer\/(\d+)\/clienttypes$/.exec(call.path)?.[1];
    if (id && call.method === 'POST') posts.set(Number(id), (posts.get(Number(id)) ?? 0) + 1);
  }
  const repeated = [...posts.values()].filter((n) => n > 1).length;
  const missing = members.filter((id) => !posts.has(id)).length;
  const { rows: end } = await deps.db.query<{ state: string; n: number }>(
    'select state, count(*)::int as n from gateway.customer_job_items where job_id = $1 group by 1 order by 1',
    [jobId],
  );
  const reads = jobCalls()
    .filter((call) => call.method === 'GET')
    .map((call) => call.ms);
  const writes = jobCalls()
    .filter((call) => call.method === 'POST')
    .map((call) => call.ms);
  const allSeconds = firstSeconds + secondSeconds;
  console.log(`  second run: ${secondCalls} calls in ${secondSeconds.toFixed(1)} s`);
  console.log(`  items at the end: ${end.map((row) => `${row.n} ${row.state}`).join(', ')}`);
  console.log(
    `  calls per second: ${(jobCalls().length / allSeconds).toFixed(0)} (${jobCalls().length} calls in ${allSeconds.toFixed(1)} s; pace set to ${CALLS_PER_SECOND}/s, ${CONCURRENCY} in flight)`,
  );
  console.log(`  customers tagged per second: ${(members.length / allSeconds).toFixed(0)}`);
  // With calls in flight together, each call's time includes waiting for the others (one embedded database).
  console.log(
    `  the service's time per call, ${CONCURRENCY} in flight: read tags ${stats(reads)}; set tags ${stats(writes)}; its busy time per call (1 / calls per second): ${((allSeconds * 1000) / jobCalls().length).toFixed(1)} ms`,
  );
  console.log(
    `  tag changes sent: ${[...posts.values()].reduce((sum, n) => sum + n, 0)} for ${members.length} members; repeated: ${repeated}; missing: ${missing}`,
  );
  console.log(`After: ${loadAverages()}`);
  await deps.mirror.stop();
  await runtime.close();
  if (repeated > 0 || missing > 0) process.exitCode = 1;
  // The dead run's hung calls keep nothing worth waiting for.
  process.exit();
}

await main();
