import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedService } from './gateway/service-connection';
import { backgroundJobs, type JobName, periodicJob, startJobs } from './scheduler';
import { createTestGateway, quietLog, type TestGateway } from './testing/test-gateway';
import { createTestService, type TestService } from './testing/test-service';

describe('the background jobs', () => {
  let service: TestService;
  let gateway: TestGateway;
  let exportDir: string;

  beforeAll(async () => {
    service = await createTestService();
    exportDir = await mkdtemp(join(tmpdir(), 'foyer-scheduler-'));
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app), exportDir });
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
    await rm(exportDir, { recursive: true, force: true });
  });

  it('are one named list: the gateway jobs, and the service jobs only with the embedded service', () => {
    const anchors = { auditAnchorFile: join(exportDir, 'audit-anchors.jsonl') };
    expect([...backgroundJobs(gateway.deps, service.deps, anchors).keys()].sort()).toEqual([
      'audit-anchors',
      'auto-tags',
      'customer-jobs',
      'customer-search',
      'duplicate-scan',
      'export-schedules',
      'mirror-sync',
      'payment-window',
      'print-jobs',
      'rate-limit-cleanup',
      'report-rollups',
      'segment-totals',
      'shared-reads',
    ]);
    expect([...backgroundJobs(gateway.deps, null).keys()].sort()).toEqual([
      'auto-tags',
      'customer-jobs',
      'customer-search',
      'duplicate-scan',
      'export-schedules',
      'mirror-sync',
      'print-jobs',
      'report-rollups',
      'segment-totals',
      'shared-reads',
    ]);
  });

  it('clean up the rate-limit counters in a job of their own, apart from the payment window', async () => {
    const now = service.deps.now();
    const dayAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
    await service.db.query(
      `insert into rate_limit_hits (bucket, address, window_start, hits)
       values ('test-cleanup', 'old', $1, 1), ('test-cleanup', 'recent', $2, 1)`,
      [dayAgo(25), dayAgo(1)],
    );
    const cleanup = backgroundJobs(gateway.deps, service.deps).get('rate-limit-cleanup');
    const jobs = startJobs(new Map([['rate-limit-cleanup', cleanup!]]), quietLog);
    await jobs.stop(); // waits for the run it started at once
    const { rows } = await service.db.query<{ address: string }>(
      "select address from rate_limit_hits where bucket = 'test-cleanup'",
    );
    expect(rows.map((row) => row.address)).toEqual(['recent']);
  });
});

describe('startJobs', () => {
  const recording = (started: string[]) => (name: JobName) =>
    [name, { start: () => void started.push(name), stop: async () => undefined }] as const;

  it('starts the jobs that are heavy at first only once ready and quiet, the others at once', async () => {
    const started: string[] = [];
    const job = recording(started);
    let ready = () => {};
    const jobs = startJobs(new Map([job('mirror-sync'), job('duplicate-scan'), job('segment-totals')]), quietLog, {
      ready: new Promise<void>((resolve) => {
        ready = resolve;
      }),
      quietMs: 30,
    });
    expect(started).toEqual(['mirror-sync']);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(started).toEqual(['mirror-sync']);
    ready();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual(['mirror-sync']);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(started).toEqual(['mirror-sync', 'duplicate-scan', 'segment-totals']);
    await jobs.stop();
  });

  it('never starts them once stopped', async () => {
    const started: string[] = [];
    const jobs = startJobs(new Map([recording(started)('duplicate-scan')]), quietLog, { quietMs: 20 });
    await jobs.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toEqual([]);
  });
});

describe('periodicJob', () => {
  it('runs at once and then on its interval, never two runs at a time, and stop waits for the run under way', async () => {
    let runs = 0;
    let overlapping = 0;
    let running = false;
    let finished = 0;
    const job = periodicJob(5, async () => {
      if (running) overlapping += 1;
      running = true;
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      running = false;
      finished += 1;
    });
    job.start();
    expect(runs).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await job.stop();
    expect(runs).toBeGreaterThan(1);
    expect(overlapping).toBe(0);
    expect(finished).toBe(runs);
    const stoppedAt = runs;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(stoppedAt);
  });
});
