import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fullPriceType } from '../service/domain/selling-test-support';
import { DEMO } from '../testing/test-service';
import {
  dataDirFromTemplate,
  emptyAcknowledged,
  type Foyer,
  fakeAppDir,
  fixturesOf,
  killFoyer,
  missingAcknowledged,
  openDatabase,
  sellAndRegister,
  sleep,
  startFoyer,
} from './fault-support';

/**
 * Issue 19, item 8: SIGTERM under load. Requests that had started finish (zero connection resets); new
 * connections are refused once the listener is closed; the process exits 0 within the drain bound.
 */
describe('SIGTERM under load', () => {
  let foyer: Foyer | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    await killFoyer(foyer);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A POST whose body arrives in two parts `gapMs` apart: in flight while the signal comes. */
  function slowPost(base: string, gapMs: number): Promise<{ status: number } | { error: string }> {
    const url = new URL(`${base}/v1/demo/partner/customer`);
    const body = JSON.stringify({
      email: `drain-slow-${Date.now()}@example.test`,
      customerFirstName: 'Slow',
      customerLastName: 'Poster',
    });
    return new Promise((resolve) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: DEMO.apiKey,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.once('end', () => resolve({ status: response.statusCode ?? 0 }));
        },
      );
      req.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), gapMs);
    });
  }

  it('finishes every request that had started: zero connection resets', async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-drain-'));
    const dataDir = join(dir, 'data');
    const fromTemplate = await dataDirFromTemplate(dataDir);
    const env = {
      DATA_DIR: dataDir,
      FOYER_APP_DIR: await fakeAppDir(dir),
      ...(fromTemplate ? {} : { SEED: 'demo', SEED_CUSTOMERS: '100' }),
    };
    const db = await openDatabase({ dataDir });
    const fx = await fixturesOf(db);
    const priceId = await fullPriceType(db, fx.arena.eventId, fx.arena.rankId);
    await db.close();

    foyer = await startFoyer(env);
    const current = foyer;
    const acknowledged = emptyAcknowledged();
    let stop = false;
    const load = sellAndRegister({
      base: () => current.base,
      fx,
      priceId,
      workers: 16,
      until: () => stop,
      acknowledged,
      tag: 'drain',
    });
    await sleep(1_000);
    const slow = slowPost(current.base, 700);
    await sleep(100);
    const signalledAt = Date.now();
    current.child.kill('SIGTERM');
    const exit = await current.exited;
    const drainMs = Date.now() - signalledAt;
    await sleep(100);
    stop = true;
    await load;
    const slowResult = await slow;

    console.log(
      `[faults drain] SIGTERM under 16 workers: exit ${JSON.stringify(exit)} after ${drainMs} ms; statuses ${JSON.stringify(acknowledged.statuses)}; network failures ${JSON.stringify(acknowledged.failures)}; a POST whose body was still arriving: ${JSON.stringify(slowResult)}`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    expect(slowResult).toEqual({ status: 201 });
    // Only refusals of new connections after the listener closed; no request that had started was reset.
    expect(Object.keys(acknowledged.failures).filter((code) => code !== 'ECONNREFUSED')).toEqual([]);
    expect(Object.keys(acknowledged.statuses).filter((status) => status.startsWith('5'))).toEqual([]);

    const check = await openDatabase({ dataDir });
    try {
      expect(await missingAcknowledged(check, acknowledged, fx.arena.eventId)).toEqual([]);
    } finally {
      await check.close();
    }
    foyer = undefined;
  });
});
