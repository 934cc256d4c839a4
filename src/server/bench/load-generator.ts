import autocannon from 'autocannon';
import { KeepAliveConnection, type Reply } from './keep-alive-client';
import { addServerTiming, type ServerTimings } from './server-timings';
import { percentile } from './stats';

/**
 * The client side of `npm run bench:service`, run as a child process so that generating load does not
 * share an event loop (or a core) with the server it measures. Reads one job as JSON on stdin and writes
 * one LoadResult as JSON on stdout.
 */

export interface SeatChoice {
  seatId: string;
  rankId: number;
  priceId: string;
  /** The seat's event, when not the job's `eventId` (a pool of seats over several performances). */
  eventId?: number;
}

export type LoadJob =
  | PairedJob
  | {
      kind: 'http';
      url: string;
      method: 'GET' | 'POST';
      headers: Record<string, string>;
      body?: string;
      connections: number;
      durationSeconds: number;
      /** Requests per second over all connections (a steady load); absent: as fast as answers come. */
      overallRate?: number;
    }
  | {
      /** Each call: a fresh cart (not timed), then the timed `POST /partner/cart/{id}` adding one seat. */
      kind: 'add-seat';
      base: string;
      apiKey: string;
      eventId: number;
      seats: SeatChoice[];
      concurrency: number;
      /** Calls that begin in the first `warmupSeconds` are made but not measured (see runSelling). */
      warmupSeconds: number;
      durationSeconds: number;
    }
  | {
      /** Each call timed whole: `POST /cart/` → add two seats → checkout with a desk method. */
      kind: 'sale';
      base: string;
      apiKey: string;
      eventId: number;
      seats: SeatChoice[];
      customerId: number;
      paymentMethodId: number;
      concurrency: number;
      warmupSeconds: number;
      durationSeconds: number;
      /** Seats per sale (default 2). */
      seatsPerSale?: number;
      /** The client's path: `/v1/demo` (default, the service) or `/api/v1/demo` (through the gateway). */
      clientPath?: string;
      /** Raw header lines of each seller (`name: value\r\n`…), one entry per seller; default: the API key. */
      sellerHeaders?: string[];
    };

/** One endpoint of a paired job. */
export interface PairedSide {
  url: string;
  headers: Record<string, string>;
}

/**
 * Two endpoints measured at the same time (A B A B … request by request, not round by round): a steady
 * `overallRate` of GETs alternating between them, each side on its own `connectionsPerSide` kept-alive
 * connections. A request's latency runs from the moment it was due, so a queue behind a slow answer counts
 * (no coordinated omission), and a pause of either machine part falls on both sides alike.
 */
export interface PairedJob {
  kind: 'paired';
  sides: [PairedSide, PairedSide];
  connectionsPerSide: number;
  overallRate: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface LoadResult {
  requests: number;
  durationSeconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  firstError?: string;
  seatsUsed: number;
  /** Every measured latency in ms (paired and selling jobs). */
  samples?: number[];
  /** A paired job: this result is side A's, `second` side B's. */
  second?: LoadResult;
  /**
   * Sale jobs through the gateway: per step of a measured sale (`POST /cart/`, …), each `Server-Timing` metric's
   * durations in ms (where the gateway's time went: its checks, the service, its records).
   */
  serverTiming?: ServerTimings;
  /**
   * Selling jobs: the CPU time (ms) this process spent from the sellers' start to their end — the client's cost
   * of the load, without starting the process (tsx compiling this file), which comes before the load begins.
   */
  cpuMs?: number;
}

async function runHttp(job: Extract<LoadJob, { kind: 'http' }>): Promise<LoadResult> {
  const result = await autocannon({
    url: job.url,
    method: job.method,
    headers: job.headers,
    ...(job.body === undefined ? {} : { body: job.body }),
    connections: job.connections,
    ...(job.overallRate ? { overallRate: job.overallRate } : {}),
    duration: job.durationSeconds,
  });
  const requests = result['2xx'] + result.non2xx;
  return {
    requests,
    durationSeconds: result.duration,
    perSecond: requests / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    seatsUsed: 0,
  };
}

class StepError extends Error {}

function expectOk(reply: Reply, step: string): unknown {
  if (reply.status < 200 || reply.status >= 300) {
    throw new StepError(`${step} → ${reply.status} ${reply.text.slice(0, 200)}`);
  }
  return reply.text ? JSON.parse(reply.text) : undefined;
}

async function runSelling(job: Extract<LoadJob, { kind: 'add-seat' | 'sale' }>): Promise<LoadResult> {
  const base = new URL(job.base);
  const clientPath = (job.kind === 'sale' && job.clientPath) || '/v1/demo';
  const partner = `${clientPath}/partner`;
  const keyHeaders = `authorization: ${job.apiKey}\r\n`;
  const headersOf = (seller: number) =>
    `${(job.kind === 'sale' && job.sellerHeaders?.[seller]) || keyHeaders}content-type: application/json\r\n`;
  const latencies: number[] = [];
  let next = 0;
  let non2xx = 0;
  let errors = 0;
  let firstError: string | undefined;
  const seatsPerCall = job.kind === 'sale' ? (job.seatsPerSale ?? 2) : 1;
  // The sellers start together and keep going through the warm-up; only calls that begin after it are
  // measured. Without it the first calls decided the p99: all sellers begin at the same instant on new
  // connections, with code paths, prepared statements and PL/pgSQL triggers not yet compiled in the
  // server's processes (the first 20 sales took 240–450 ms, the rest a p50 of 66 ms). The reads are
  // measured after a warm-up too.
  const measureFrom = performance.now() + job.warmupSeconds * 1000;
  const deadline = measureFrom + job.durationSeconds * 1000;
  const measure = (begin: number, end: number) => {
    if (begin >= measureFrom) latencies.push(end - begin);
  };
  const serverTiming: ServerTimings = {};

  const items = (seats: SeatChoice[]) =>
    JSON.stringify(
      seats.map((seat) => ({
        priceId: seat.priceId,
        rankId: seat.rankId,
        eventId: seat.eventId ?? job.eventId,
        seatId: seat.seatId,
        numberOfTickets: 1,
      })),
    );

  async function seller(index: number): Promise<void> {
    const headers = headersOf(index);
    // One kept-alive connection per seller, as a box office keeps its connection open (a new one after a
    // connection failed).
    let connection = new KeepAliveConnection(base);
    const post = async (path: string, step: string, body = '') => {
      const sent = performance.now();
      const reply = await connection.request('POST', path, headers, body);
      if (reply.serverTiming && sent >= measureFrom) addServerTiming(serverTiming, step, reply.serverTiming);
      return expectOk(reply, step);
    };
    const newCart = async () => ((await post(`${clientPath}/cart/`, 'POST /cart/')) as { cart_id: string }).cart_id;
    while (performance.now() < deadline && next + seatsPerCall <= job.seats.length) {
      const seats = job.seats.slice(next, next + seatsPerCall);
      next += seatsPerCall;
      try {
        if (job.kind === 'add-seat') {
          const cartId = await newCart();
          const begin = performance.now();
          await post(`${partner}/cart/${cartId}`, 'POST /partner/cart/{id}', items(seats));
          measure(begin, performance.now());
        } else {
          const begin = performance.now();
          const cartId = await newCart();
          await post(`${partner}/cart/${cartId}`, 'POST /partner/cart/{id}', items(seats));
          await post(
            `${partner}/cart/${cartId}/checkout`,
            'POST /partner/cart/{id}/checkout',
            JSON.stringify({ customerId: job.customerId, paymentMethodId: job.paymentMethodId }),
          );
          measure(begin, performance.now());
        }
      } catch (error) {
        if (error instanceof StepError) non2xx += 1;
        else {
          errors += 1;
          connection.close();
          connection = new KeepAliveConnection(base);
        }
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
    connection.close();
  }

  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: job.concurrency }, (_, index) => seller(index)));
  const cpu = process.cpuUsage(cpuBefore);
  const durationSeconds = (performance.now() - measureFrom) / 1000;
  return {
    requests: latencies.length,
    durationSeconds,
    perSecond: latencies.length / durationSeconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx,
    errors,
    ...(firstError ? { firstError } : {}),
    seatsUsed: next,
    samples: latencies,
    ...(Object.keys(serverTiming).length > 0 ? { serverTiming } : {}),
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

async function runPaired(job: PairedJob): Promise<LoadResult> {
  const sides = job.sides.map((side) => {
    const url = new URL(side.url);
    const headers = Object.entries(side.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const idle = Array.from({ length: job.connectionsPerSide }, () => new KeepAliveConnection(url));
    return { url, headers, idle, all: [...idle], due: [] as number[], latencies: [] as number[], failures: 0 };
  });
  const started = performance.now();
  const measureFrom = started + job.warmupSeconds * 1000;
  const deadline = measureFrom + job.durationSeconds * 1000;
  const interval = 1000 / job.overallRate;
  type Side = (typeof sides)[number];
  const inFlight = new Set<Promise<void>>();
  // Sends the side's oldest due request on a free connection, and the next one when it is answered.
  const send = (side: Side) => {
    if (side.idle.length === 0 || side.due.length === 0) return;
    const connection = side.idle.pop()!;
    const dueAt = side.due.shift()!;
    const done = connection
      .request('GET', `${side.url.pathname}${side.url.search}`, side.headers)
      .then(
        (reply) => {
          if (reply.status < 200 || reply.status >= 300) side.failures += 1;
          else if (dueAt >= measureFrom) side.latencies.push(performance.now() - dueAt);
        },
        () => {
          side.failures += 1;
        },
      )
      .finally(() => {
        inFlight.delete(done);
        side.idle.push(connection);
        send(side);
      });
    inFlight.add(done);
  };
  for (let n = 0; ; n++) {
    const dueAt = started + n * interval;
    if (dueAt >= deadline) break;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const side = sides[n % 2] as Side;
    side.due.push(dueAt);
    send(side);
  }
  while (inFlight.size > 0) await Promise.all([...inFlight]);
  for (const side of sides) for (const connection of side.all) connection.close();
  const resultOf = (side: Side): LoadResult => ({
    requests: side.latencies.length,
    durationSeconds: job.durationSeconds,
    perSecond: side.latencies.length / job.durationSeconds,
    p50: percentile(side.latencies, 50),
    p99: percentile(side.latencies, 99),
    non2xx: side.failures,
    errors: 0,
    seatsUsed: 0,
    samples: side.latencies,
  });
  return { ...resultOf(sides[0] as Side), second: resultOf(sides[1] as Side) };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const job = JSON.parse(await readStdin()) as LoadJob;
const result =
  job.kind === 'http' ? await runHttp(job) : job.kind === 'paired' ? await runPaired(job) : await runSelling(job);
process.stdout.write(JSON.stringify(result));
