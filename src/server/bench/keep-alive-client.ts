import { connect, type Socket } from 'node:net';

/**
 * One kept-alive HTTP/1.1 connection for the selling load, one request at a time, written and parsed by
 * hand. The load generator shares the machine's two cores with the server it measures, and node:http's
 * client (agent, header objects, IncomingMessage streams) spent about 1 ms of CPU per request — a third of
 * all the CPU a sale took — which the measured server then did not get. This client writes a request as
 * one string and reads the response's status line, headers and `Content-Length` bytes of body from the
 * socket's chunks: enough for the service, which frames every response with a Content-Length; anything
 * else (chunked framing, a closed connection) fails the request loudly instead of being guessed at.
 */

export interface Reply {
  status: number;
  text: string;
  /** The answer's `Server-Timing` header, when it has one (the gateway's forwarded calls do). */
  serverTiming: string | null;
}

interface Pending {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export class KeepAliveConnection {
  readonly #socket: Socket;
  readonly #host: string;
  #buffer: Buffer = Buffer.alloc(0);
  #pending: Pending | undefined;
  #failure: Error | undefined;

  constructor(url: URL) {
    this.#host = url.host;
    this.#socket = connect({ host: url.hostname, port: Number(url.port || 80), noDelay: true });
    this.#socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    this.#socket.on('error', (error) => this.#fail(error));
    this.#socket.on('close', () => this.#fail(new Error('connection closed by the server')));
  }

  /** Sends one request and resolves with the whole response (one at a time per connection). */
  request(method: string, path: string, headers: string, body = ''): Promise<Reply> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#pending) return Promise.reject(new Error('one request at a time per connection'));
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.#socket.write(
        `${method} ${path} HTTP/1.1\r\nhost: ${this.#host}\r\n${headers}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  close(): void {
    this.#socket.destroy();
  }

  #receive(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const headerEnd = this.#buffer.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.#buffer.toString('latin1', 0, headerEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.#fail(new Error(`response without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const bodyStart = headerEnd + HEADER_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.#buffer.length < bodyEnd) return;
    const text = this.#buffer.toString('utf8', bodyStart, bodyEnd);
    // One request at a time: nothing may follow the response.
    this.#buffer = this.#buffer.subarray(bodyEnd);
    const pending = this.#pending;
    this.#pending = undefined;
    const serverTiming = /\r\nserver-timing:[ \t]*([^\r]*)/i.exec(head)?.[1] ?? null;
    pending?.resolve({ status, text, serverTiming });
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.reject(error);
    this.#socket.destroy();
  }
}
