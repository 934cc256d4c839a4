import { createServer, type Server, type Socket } from 'node:net';

/**
 * A receipt printer on 127.0.0.1 for the tests and the printing benchmark: it takes raw jobs as a network
 * printer does on port 9100, answers the ESC/POS paper status query (DLE EOT 4), and decodes each job's byte
 * stream into what a person would see come out: text lines, QR codes (GS ( k), cuts (GS V) and drawer pulses
 * (ESC p). It can also be out of paper, or stall (take the connection and never read).
 */

export interface DecodedJob {
  lines: string[];
  qrCodes: string[];
  cuts: number;
  pulses: number;
  statusQueries: number;
  bytes: number;
  /** performance.now() when its last byte arrived. */
  lastByteAt: number;
}

export type SimulatorMode = 'print' | 'out-of-paper' | 'stall';

export interface PrinterSimulator {
  host: string;
  port: number;
  jobs: DecodedJob[];
  mode: SimulatorMode;
  /** Resolves once `count` jobs have arrived in all (rejects after `timeoutMs`). */
  waitForJobs(count: number, timeoutMs?: number): Promise<DecodedJob[]>;
  /** Stops listening on its port: connections are refused, as by a printer that is switched off. */
  switchOff(): Promise<void>;
  /** Listens on its port again. */
  switchOn(): Promise<void>;
  close(): Promise<void>;
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;
const LF = 0x0a;
const CR = 0x0d;

/** How many parameter bytes follow `ESC x` for the ESC commands the encoder writes. */
const ESC_PARAMS: Record<number, number> = {
  64: 0, // @ initialise
  77: 1, // M font
  69: 1, // E bold
  45: 1, // - underline
  71: 1, // G double strike
  97: 1, // a alignment
  116: 1, // t code page
  50: 0, // 2 default line spacing
  51: 1, // 3 line spacing
  100: 1, // d feed lines
  74: 1, // J feed dots
  33: 1, // ! print mode
  112: 3, // p drawer pulse: m t1 t2
  82: 1, // R character set
  86: 1, // V rotation
  123: 1, // { upside down
  52: 1, // 4 italic
};

/** Parameter bytes after `GS x`, except GS ( k and GS V (variable). */
const GS_PARAMS: Record<number, number> = {
  33: 1, // ! size
  66: 1, // B invert
  72: 1, // H barcode text
  104: 1, // h barcode height
  119: 1, // w barcode width
  76: 2, // L left margin
  87: 2, // W print area
};

/** The ESC/POS stream of one job, read as a printer reads it. Text is read as Latin-1 (the tests check ASCII). */
export function decodeEscPos(bytes: Uint8Array): Omit<DecodedJob, 'lastByteAt'> {
  const job = {
    lines: [] as string[],
    qrCodes: [] as string[],
    cuts: 0,
    pulses: 0,
    statusQueries: 0,
    bytes: bytes.length,
  };
  let text: number[] = [];
  let qrData: number[] | null = null;
  const flushLine = () => {
    job.lines.push(Buffer.from(text).toString('latin1').trimEnd());
    text = [];
  };
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i] as number;
    const next = bytes[i + 1] as number;
    if (byte === ESC) {
      if (next === 0x70) job.pulses += 1;
      const params = ESC_PARAMS[next];
      if (params === undefined) throw new Error(`unknown command ESC 0x${next.toString(16)} at byte ${i}`);
      i += 2 + params;
    } else if (byte === GS && next === 0x28 && bytes[i + 2] === 0x6b) {
      // GS ( k pL pH cn fn [data]: the QR code's symbol commands; fn 80 stores its data, fn 81 prints it.
      const length = (bytes[i + 3] as number) + (bytes[i + 4] as number) * 256;
      const body = bytes.subarray(i + 5, i + 5 + length);
      if (body[0] === 0x31 && body[1] === 0x50) qrData = [...body.subarray(3)];
      if (body[0] === 0x31 && body[1] === 0x51 && qrData) {
        job.qrCodes.push(Buffer.from(qrData).toString('latin1'));
        qrData = null;
      }
      i += 5 + length;
    } else if (byte === GS && next === 0x56) {
      // GS V m, and GS V m n for m 65/66 (feed, then cut).
      job.cuts += 1;
      const m = bytes[i + 2] as number;
      i += m === 65 || m === 66 ? 4 : 3;
    } else if (byte === GS) {
      const params = GS_PARAMS[next];
      if (params === undefined) throw new Error(`unknown command GS 0x${next.toString(16)} at byte ${i}`);
      i += 2 + params;
    } else if (byte === FS) {
      i += 2; // FS . (cancel Kanji mode) and the like
    } else if (byte === DLE && next === 0x04) {
      job.statusQueries += 1;
      i += 3;
    } else if (byte === LF) {
      flushLine();
      i += 1;
    } else if (byte === CR) {
      i += 1;
    } else {
      text.push(byte);
      i += 1;
    }
  }
  if (text.length > 0) flushLine();
  return job;
}

/** The status byte of DLE EOT 4: bits 1 and 4 always set, 5 and 6 when the paper is out. */
const statusByte = (mode: SimulatorMode) => (mode === 'out-of-paper' ? 0x72 : 0x12);

export async function startPrinterSimulator(mode: SimulatorMode = 'print'): Promise<PrinterSimulator> {
  const jobs: DecodedJob[] = [];
  const waiters: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const simulator = { mode } as PrinterSimulator;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (simulator.mode === 'stall') {
      socket.pause();
      return;
    }
    const chunks: Buffer[] = [];
    let lastByteAt = 0;
    let scanned = 0;
    socket.on('data', (chunk: Buffer) => {
      lastByteAt = performance.now();
      chunks.push(chunk);
      const received = Buffer.concat(chunks);
      // Real-time status queries are answered as they arrive, before the job ends.
      for (
        let at = received.indexOf(Uint8Array.of(DLE, 0x04), scanned);
        at >= 0;
        at = received.indexOf(Uint8Array.of(DLE, 0x04), at + 3)
      ) {
        if (at + 2 < received.length) socket.write(Uint8Array.of(statusByte(simulator.mode)));
        scanned = at + 3;
      }
    });
    socket.on('end', () => {
      const received = Buffer.concat(chunks);
      // Out of paper: the status said so; whatever is sent anyway is not printed.
      if (simulator.mode === 'print' && received.some((byte) => byte !== DLE && byte !== 0x04)) {
        jobs.push({ ...decodeEscPos(received), lastByteAt });
        for (const wake of waiters.splice(0)) wake();
      }
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the printer simulator has no port');
  return Object.assign(simulator, {
    host: '127.0.0.1',
    port: address.port,
    jobs,
    async waitForJobs(count: number, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (jobs.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the printer received ${jobs.length} of ${count} jobs`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return jobs.slice(0, count);
    },
    async switchOff() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async switchOn() {
      await new Promise<void>((resolve) => server.listen(address.port, '127.0.0.1', resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
