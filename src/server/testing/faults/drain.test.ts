import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO } from '../test-service';
import { dataDirFromTemplate, type Foyer, fakeAppDir, killFoyer, openDatabase, sleep, startFoyer } from './harness';

// Real processes on a shared CI machine: more room than the unit tests' minute.
vi.setConfig({ testTimeout: 150_000, hookTimeout: 150_000 });

/**
 * Issue 19, item 8: SIGTERM under load. Requests that had started finish (zero connection resets); new
 * connections are refused once the listener is closed; the process exits 0 within the drain bound.
 *
 * "Started" is what the server can know: a request on a connection it had accepted. The load runs over
 * keep-alive connections (Node's agent), so a request on a reused connection certainly reached an accepted
 * connection: none of those may fail. A request on a brand-new connection that the kernel had queued but the
 * server never accepted is reset by the kernel when the listener closes (it never started for the server);
 * those are counted apart.
 */
describe('SIGTERM under load', () => {
  let foyer: Foyer | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    await killFoyer(foyer);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  interface Outcome {
    status?: number;
    error?: string;
    reused: boolean;
    customerId?: number;
    email: string;
    connection?: string | undefined;
  }

  /** One customer create over `agent`; the body goes in two parts `gapMs` apart when asked. */
  function createCustomer(base: string, agent: Agent, email: string, gapMs = 0): Promise<Outcome> {
    const url = new URL(`${base}/v1/demo/partner/customer`);
    const body = JSON.stringify({ email, customerFirstName: 'Drain', customerLastName: 'Test' });
    return new Promise((resolve) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          agent,
          headers: {
            authorization: DEMO.apiKey,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
          });
          response.once('end', () => {
            const customerId =
              response.statusCode === 201 ? (JSON.parse(text) as { customerId: number }).customerId : undefined;
            resolve({
              status: response.statusCode ?? 0,
              reused: req.reusedSocket,
              email,
              customerId,
              connection: response.headers.connection,
            });
          });
        },
      );
      req.once('error', (error: NodeJS.ErrnoException) =>
        resolve({ error: error.code ?? error.message, reused: req.reusedSocket, email }),
      );
      if (gapMs === 0) req.end(body);
      else {
        req.write(body.slice(0, 10));
        setTimeout(() => req.end(body.slice(10)), gapMs);
      }
    });
  }

  it('finishes every request that had started: zero connection resets', async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-drain-'));
    const dataDir = join(dir, 'data');
    const fromTemplate = await dataDirFromTemplate(dataDir);
    foyer = await startFoyer({
      DATA_DIR: dataDir,
      FOYER_APP_DIR: await fakeAppDir(dir),
      ...(fromTemplate ? {} : { SEED: 'demo', SEED_CUSTOMERS: '100' }),
    });
    const current = foyer;
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const outcomes: Outcome[] = [];
    let stop = false;
    let serial = 0;
    const worker = async () => {
      while (!stop) {
        serial += 1;
        const outcome = await createCustomer(current.base, agent, `drain-${serial}-${Date.now()}@example.test`);
        outcomes.push(outcome);
        if (outcome.error) await sleep(10);
      }
    };
    const load = Promise.all(Array.from({ length: 16 }, worker));
    await sleep(1_000);
    // A POST on a connection the server has served before, whose body is still arriving at the signal.
    const slowAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const warm = await createCustomer(current.base, slowAgent, `drain-warm-${Date.now()}@example.test`);
    expect(warm.status).toBe(201);
    const slow = createCustomer(current.base, slowAgent, `drain-slow-${Date.now()}@example.test`, 700);
    await sleep(200);
    const signalledAt = Date.now();
    current.child.kill('SIGTERM');
    const exit = await current.exited;
    const drainMs = Date.now() - signalledAt;
    await sleep(100);
    stop = true;
    await load;
    const slowResult = await slow;
    agent.destroy();
    slowAgent.destroy();

    const tally = (list: Outcome[]) =>
      list.reduce<Record<string, number>>((counts, outcome) => {
        const key = String(outcome.status ?? outcome.error);
        counts[key] = (counts[key] ?? 0) + 1;
        return counts;
      }, {});
    const reused = outcomes.filter((outcome) => outcome.reused);
    const fresh = outcomes.filter((outcome) => !outcome.reused);
    console.log(
      `[faults drain] SIGTERM under 16 keep-alive workers: exit ${JSON.stringify(exit)} after ${drainMs} ms; requests on reused connections ${JSON.stringify(tally(reused))}; on new connections ${JSON.stringify(tally(fresh))}; the POST whose body was still arriving: ${JSON.stringify(slowResult.status ?? slowResult.error)} (Connection: ${slowResult.connection})`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    expect(slowResult.status).toBe(201);
    // No request on a connection the server had accepted was reset or failed.
    expect(reused.filter((outcome) => outcome.error !== undefined)).toEqual([]);
    expect(outcomes.filter((outcome) => (outcome.status ?? 0) >= 500)).toEqual([]);

    const created = outcomes.filter((outcome) => outcome.customerId !== undefined);
    expect(created.length).toBeGreaterThan(0);
    const check = await openDatabase({ dataDir });
    try {
      const { rows } = await check.query<{ id: number }>('select id from customers where id = any($1::int[])', [
        created.map((outcome) => outcome.customerId),
      ]);
      expect(rows.length).toBe(created.length);
    } finally {
      await check.close();
    }
    foyer = undefined;
  });

  /**
   * Issue 29, item 7: a client that sends its next request on a kept-alive connection just as the server
   * closes that connection sees ECONNRESET (12 of 324 requests under load did). Here the crossing is made
   * certain: connections that are idle at SIGTERM send their next request the moment the server closes them
   * (as a busy client does that has not read the close yet), or 4 s after the signal when it does not. Each
   * must be answered, with `Connection: close`, while 16 keep-alive workers load the server.
   */
  it('answers a request sent on a kept-alive connection that was idle at SIGTERM: none reset', async () => {
    dir ??= await mkdtemp(join(tmpdir(), 'foyer-drain-'));
    const dataDir = join(dir, 'data-idle');
    const fromTemplate = await dataDirFromTemplate(dataDir);
    foyer = await startFoyer({
      DATA_DIR: dataDir,
      FOYER_APP_DIR: await fakeAppDir(join(dir, 'idle')),
      ...(fromTemplate ? {} : { SEED: 'demo', SEED_CUSTOMERS: '100' }),
    });
    const current = foyer;
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const outcomes: Outcome[] = [];
    let stop = false;
    let serial = 0;
    const worker = async () => {
      while (!stop) {
        serial += 1;
        const outcome = await createCustomer(current.base, agent, `drain-idle-${serial}-${Date.now()}@example.test`);
        outcomes.push(outcome);
        if (outcome.error) await sleep(10);
      }
    };
    const idle = await Promise.all(Array.from({ length: 16 }, () => KeptAlive.open(current.base)));
    for (const connection of idle) expect((await connection.send('GET', '/health/live')).status).toBe(200);
    const load = Promise.all(Array.from({ length: 16 }, worker));
    await sleep(1_000);
    const signalledAt = Date.now();
    current.child.kill('SIGTERM');
    const late = await Promise.all(
      idle.map(async (connection, index) => {
        await connection.closedByServerOr(4_000);
        return connection.send(
          'POST',
          '/v1/demo/partner/customer',
          JSON.stringify({
            email: `drain-late-${index}-${Date.now()}@example.test`,
            customerFirstName: 'Late',
            customerLastName: 'Client',
          }),
        );
      }),
    );
    const exit = await current.exited;
    const drainMs = Date.now() - signalledAt;
    stop = true;
    await load;
    agent.destroy();
    foyer = undefined;

    const tally = (list: { status?: number; error?: string }[]) =>
      list.reduce<Record<string, number>>((counts, outcome) => {
        const key = String(outcome.status ?? outcome.error);
        counts[key] = (counts[key] ?? 0) + 1;
        return counts;
      }, {});
    const reused = outcomes.filter((outcome) => outcome.reused);
    console.log(
      `[faults drain] SIGTERM with 16 kept-alive connections idle and 16 keep-alive workers: exit ${JSON.stringify(exit)} after ${drainMs} ms; the idle connections' late requests ${JSON.stringify(tally(late))} (Connection: ${[...new Set(late.map((answer) => answer.connection))].join(', ')}); workers' requests on reused connections ${JSON.stringify(tally(reused))}, on new ones ${JSON.stringify(tally(outcomes.filter((outcome) => !outcome.reused)))}`,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    // Every late request answered: done (201), or 503 with Retry-After; and the connection closed after it.
    for (const answer of late) {
      expect(answer.error).toBeUndefined();
      expect(answer.status === 201 || (answer.status === 503 && Number(answer.retryAfter) > 0)).toBe(true);
      expect(answer.connection).toBe('close');
    }
    expect(reused.filter((outcome) => outcome.error !== undefined)).toEqual([]);
  });
});

/**
 * One kept-alive connection spoken to by hand: a request is written whenever asked, whatever the server did
 * with the connection meanwhile, as a client does that has not yet read the server's close.
 */
class KeptAlive {
  #received = Buffer.alloc(0);
  #ended: string | null = null;
  #closedByServer = false;
  #wake: (() => void) | null = null;

  private constructor(
    private readonly socket: Socket,
    private readonly host: string,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.#received = Buffer.concat([this.#received, chunk]);
      this.#wake?.();
    });
    socket.on('end', () => {
      this.#closedByServer = true;
      this.#wake?.();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.#ended ??= error.code ?? error.message;
      this.#wake?.();
    });
    socket.on('close', () => {
      this.#ended ??= 'closed without an answer';
      this.#wake?.();
    });
  }

  static open(base: string): Promise<KeptAlive> {
    const url = new URL(base);
    return new Promise((resolve, reject) => {
      // allowHalfOpen: the server's FIN does not stop this side from writing (nor does it for a client
      // that has not read it yet).
      const socket = connect({ host: url.hostname, port: Number(url.port), allowHalfOpen: true }, () =>
        resolve(new KeptAlive(socket, url.host)),
      );
      socket.once('error', reject);
    });
  }

  /** Resolves when the server closes its side of the connection, or after `ms`. */
  async closedByServerOr(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.#closedByServer && !this.#ended && Date.now() < until) {
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        setTimeout(resolve, until - Date.now());
      });
    }
  }

  /** Writes one request; resolves with its answer's status and headers, or with what ended the connection. */
  async send(
    method: string,
    path: string,
    body = '',
  ): Promise<{ status?: number; connection?: string; retryAfter?: string; error?: string }> {
    this.#received = Buffer.alloc(0);
    this.socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: ${this.host}\r\nAuthorization: ${DEMO.apiKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    const until = Date.now() + 10_000;
    for (;;) {
      const answer = this.#complete();
      if (answer) return answer;
      if (this.#ended) return { error: this.#ended };
      if (Date.now() >= until) return { error: 'no answer within 10 s' };
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        setTimeout(resolve, until - Date.now());
      });
    }
  }

  /** The answer once its head and its Content-Length of body have arrived. */
  #complete() {
    const text = this.#received.toString('latin1');
    const headEnd = text.indexOf('\r\n\r\n');
    if (headEnd < 0) return null;
    const [statusLine = '', ...lines] = text.slice(0, headEnd).split('\r\n');
    const headers = new Map(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    if (this.#received.length < headEnd + 4 + Number(headers.get('content-length') ?? 0)) return null;
    return {
      status: Number(statusLine.split(' ')[1]),
      connection: headers.get('connection') ?? 'keep-alive',
      retryAfter: headers.get('retry-after'),
    };
  }
}
