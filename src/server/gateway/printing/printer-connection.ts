import { connect, type Socket } from 'node:net';
import type { NetworkPrinter } from '@/contract/sales-points';

/**
 * One job to a network printer over raw TCP (port 9100): connect, ask an ESC/POS printer for its paper state,
 * send the bytes, close — and take the job as printed when the printer closes its side too, as raw-port
 * printers do once they have read everything. Every step has a deadline, so a printer that is off, unplugged
 * or stuck fails the job with a message a seller understands, never hangs it.
 */

export interface PrinterTimeouts {
  /** To establish the connection. */
  connectMs: number;
  /** Without any progress (bytes taken, an answer, the close) once connected. */
  stallMs: number;
  /** For the answer to the paper status query; a printer that does not answer is sent the job anyway. */
  statusMs: number;
}

export const PRINTER_TIMEOUTS: PrinterTimeouts = { connectMs: 3_000, stallMs: 10_000, statusMs: 500 };

/** A job the printer did not take, with the reason as the seller reads it. */
export class PrinterError extends Error {
  constructor(
    message: string,
    readonly outOfPaper = false,
  ) {
    super(message);
  }
}

/** DLE EOT 4: "transmit the paper roll sensor status" (real-time, answered before anything queued prints). */
const PAPER_STATUS_QUERY = Uint8Array.of(0x10, 0x04, 0x04);
/** Bits 5 and 6 of its answer: the paper roll is out. */
const PAPER_OUT_BITS = 0x60;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

function connectionError(error: NodeJS.ErrnoException, where: string): PrinterError {
  switch (error.code) {
    case 'ECONNREFUSED':
      return new PrinterError(`Printer ${where} refused the connection: is it switched on, and is the port right?`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new PrinterError(`Printer ${where} cannot be reached on the network.`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new PrinterError(`Printer ${where}: no such host name.`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new PrinterError(`Printer ${where} broke off the connection while printing.`);
    default:
      return new PrinterError(`Printer ${where}: ${error.message}`);
  }
}

/** Sends `bytes` to the printer; resolves once it has taken them, rejects with a PrinterError otherwise. */
export function sendToPrinter(
  printer: Pick<NetworkPrinter, 'host' | 'port' | 'language'>,
  bytes: Uint8Array,
  timeouts: PrinterTimeouts = PRINTER_TIMEOUTS,
): Promise<void> {
  const where = `${printer.host}:${printer.port}`;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let stage: 'connecting' | 'status' | 'sending' = 'connecting';
    let statusTimer: NodeJS.Timeout | undefined;
    const socket: Socket = connect({ host: printer.host, port: printer.port });
    const finish = (error: PrinterError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(statusTimer);
      if (error) {
        socket.destroy();
        reject(error);
      } else resolve();
    };
    const connectTimer = setTimeout(
      () =>
        finish(new PrinterError(`Printer ${where} did not answer within ${seconds(timeouts.connectMs)}: is it on?`)),
      timeouts.connectMs,
    );
    const send = () => {
      if (settled || stage === 'sending') return;
      stage = 'sending';
      clearTimeout(statusTimer);
      socket.end(bytes);
    };
    socket.setNoDelay(true);
    socket.on('error', (error: NodeJS.ErrnoException) => finish(connectionError(error, where)));
    socket.on('timeout', () =>
      finish(
        new PrinterError(
          stage === 'sending'
            ? `Printer ${where} stopped taking the job (nothing for ${seconds(timeouts.stallMs)}): check it and retry.`
            : `Printer ${where} stopped answering.`,
        ),
      ),
    );
    socket.on('data', (answer: Buffer) => {
      if (stage !== 'status' || answer.length === 0) return;
      if (((answer.at(-1) ?? 0) & PAPER_OUT_BITS) !== 0) {
        finish(new PrinterError(`Printer ${where} is out of paper: load a roll and retry.`, true));
        return;
      }
      send();
    });
    // The printer closed its side: it has read the whole job (or hung up on it before).
    socket.on('close', () => {
      if (stage === 'sending') finish(null);
      else finish(new PrinterError(`Printer ${where} closed the connection before the job was sent.`));
    });
    socket.on('connect', () => {
      clearTimeout(connectTimer);
      socket.setTimeout(timeouts.stallMs);
      if (printer.language !== 'esc-pos') {
        send();
        return;
      }
      stage = 'status';
      socket.write(PAPER_STATUS_QUERY);
      statusTimer = setTimeout(send, timeouts.statusMs);
    });
  });
}
