import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Refuses request bodies beyond `maxSize` (the service's and the gateway's limit). A larger Content-Length is
 * refused unread; a body without one is counted as it arrives and refused at the limit, so no body is ever held
 * whole beyond it. A declared length is judged on the header alone: Hono's bodyLimit first asks for
 * `c.req.raw.body`, for which @hono/node-server builds a whole web Request with a stream over the socket, and
 * the route then read its JSON through that stream instead of straight from the socket — a fifth of the
 * service's CPU in a sale (issue 32's profile), and as much again for each call through the gateway.
 * `tooLarge` answers (or throws) the refusal.
 */
export function limitBodies(
  maxSize: number,
  tooLarge: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  // No `Connection: close`: closing a socket with unread bytes resets it, and a client still sending may
  // lose the 413 to the reset. @hono/node-server discards what is left (at most 500 ms or 64 MB, never held)
  // and then closes.
  const streamed = bodyLimit({ maxSize, onError: tooLarge });
  return async (c: Context, next: Next) => {
    // GET and HEAD carry no body that is read (bodyLimit lets them through too).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    return Number.parseInt(length, 10) > maxSize ? tooLarge(c) : next();
  };
}
