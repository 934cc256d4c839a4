import { type PreparedBody, preparedBodyOf } from '../service/prepared-responses';
import { inProcessRequest } from './in-process-request';

/**
 * How the gateway reaches the Ticketing Service: the embedded reference service in this process, or a
 * real one at UPSTREAM_BASE_URL. Either way the gateway sends a `Request` for a `/v1/...` path and gets the
 * service's `Response` back.
 */
export interface ServiceConnection {
  /**
   * Calls `pathAndQuery` (starting with `/v1/`). `gatewayOrigin` is the origin the browser used: the
   * embedded service builds its absolute page URLs from it.
   */
  fetch(pathAndQuery: string, init: RequestInit, gatewayOrigin: string): Promise<Response>;
  /** The URL prefix before `/v1/` in the service's absolute URLs (for rewriting them to gateway form). */
  baseUrl(gatewayOrigin: string): string;
  /**
   * The prepared body an answer of this connection was sent from, when there is one (the embedded service's
   * large reads, see service/prepared-responses.ts): its JSON text as it is, so the answer's bytes need not be
   * read back, and a place to keep the gateway's own form of it. Undefined otherwise: read the answer.
   */
  prepared(answer: Response): PreparedBody | undefined;
}

/** The JSON text of an answer: its prepared body's when the connection has one, else its bytes. */
export function answerText(service: ServiceConnection, answer: Response): Promise<string> {
  const prepared = service.prepared(answer);
  return prepared ? Promise.resolve(prepared.text) : answer.text();
}

/** The service could not be reached (network failure or timeout): the gateway answers 502 or 504. */
export class ServiceUnreachableError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

/** The embedded reference service, called in-process: no socket, no serialisation beyond the Request. */
export function embeddedService(app: { fetch(request: Request): Response | Promise<Response> }): ServiceConnection {
  return {
    async fetch(pathAndQuery, init, gatewayOrigin) {
      const call = withContentLength(init);
      const url = `${gatewayOrigin}${pathAndQuery}`;
      const { body, headers } = call;
      // What the gateway sends (its own Headers, a body of text or bytes) goes as a Request made as far as it is read.
      if (headers instanceof Headers && (body === undefined || body === null || isTextOrBytes(body)))
        return app.fetch(inProcessRequest(url, { method: call.method, headers, body }));
      return app.fetch(new Request(url, call));
    },
    baseUrl: (gatewayOrigin) => gatewayOrigin,
    prepared: preparedBodyOf,
  };
}

const isTextOrBytes = (body: BodyInit): body is string | ArrayBuffer | ArrayBufferView<ArrayBuffer> =>
  typeof body === 'string' || body instanceof ArrayBuffer || ArrayBuffer.isView(body);

/**
 * The call with the `Content-Length` a socket would have carried for its body (text or bytes): without it the
 * service's body limit counts the body through a stream and builds the Request again (service/app.ts).
 */
function withContentLength(init: RequestInit): RequestInit {
  const { body } = init;
  const length =
    typeof body === 'string'
      ? Buffer.byteLength(body)
      : body instanceof ArrayBuffer || ArrayBuffer.isView(body)
        ? body.byteLength
        : null;
  if (length === null) return init;
  // The upstream client's Headers are made for this one call: set on them, not on a copy.
  const headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
  headers.set('content-length', String(length));
  return headers === init.headers ? init : { ...init, headers };
}

/** A Ticketing Service elsewhere, e.g. `https://tickets.example.com` (a base path is kept). */
export function upstreamService(baseUrl: string, options: { timeoutMs?: number } = {}): ServiceConnection {
  const base = baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    async fetch(pathAndQuery, init) {
      try {
        return await fetch(`${base}${pathAndQuery}`, {
          ...init,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        // The cause names host and port only; the request (and its Authorization header) is never included.
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
        throw new ServiceUnreachableError(timedOut ? `timed out after ${timeoutMs} ms` : cause, timedOut);
      }
    },
    baseUrl: () => base,
    prepared: () => undefined,
  };
}
