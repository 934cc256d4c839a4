import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * Who is calling, for throttles and logs, and which origin they used, for absolute URLs — with the
 * forwarded headers (`X-Forwarded-For`, `-Proto`, `-Host`) believed only when `TRUST_PROXY` says a proxy
 * sets them. Without a proxy anyone can send those headers, so they are ignored and the TCP peer counts.
 *
 * `trustProxy`: `false` = no proxy; `true` = every hop is trusted (the leftmost X-Forwarded-For entry is
 * the client); a number n = the n proxies nearest to us are trusted (X-Forwarded-For read from the right:
 * 1 = its last entry, as one reverse proxy appends the peer it saw).
 */
export type TrustProxy = boolean | number;

/** The TCP peer of a request served by @hono/node-server; null when there is no socket (an in-process call). */
export function peerAddress(c: Context): string | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const address = incoming?.socket?.remoteAddress;
  return address ? normaliseAddress(address) : null;
}

/** The client address as the throttles count it; `unknown` for a request without a socket peer. */
export function clientAddress(c: Context, trustProxy: TrustProxy): string {
  const peer = peerAddress(c);
  if (!trustProxy || peer === null) return peer ?? 'unknown';
  return forwardedClient(peer, c.req.header('x-forwarded-for'), trustProxy);
}

/**
 * The address chain [peer, nearest proxy's client, …, first client] read as far as the trust goes. An
 * entry that is not an IP address (a spoofed or broken header) ends the walk at the last good one.
 */
export function forwardedClient(peer: string, forwardedFor: string | undefined, trustProxy: true | number): string {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .reverse();
  const depth = trustProxy === true ? hops.length : trustProxy;
  let address = peer;
  for (let index = 0; index < Math.min(depth, hops.length); index += 1) {
    const hop = hops[index] ?? '';
    if (!isIpAddress(hop)) break;
    address = normaliseAddress(hop);
  }
  return address;
}

/**
 * The origin the client used (`https://tickets.example.org`): from X-Forwarded-Proto/-Host when a proxy
 * is trusted and sends them (first value of each), else from the request itself. Hostile or broken values
 * fall back to the request's own origin, never to a URL that fails later.
 */
export function clientOrigin(c: Context, trustProxy: TrustProxy): string {
  const url = new URL(c.req.url);
  if (!trustProxy) return url.origin;
  const proto = firstValue(c.req.header('x-forwarded-proto'))?.toLowerCase();
  const host = firstValue(c.req.header('x-forwarded-host'));
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1);
  const authority = host && /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host) ? host : url.host;
  try {
    return new URL(`${scheme}://${authority}`).origin;
  } catch {
    return url.origin;
  }
}

function firstValue(header: string | undefined): string | undefined {
  const value = header?.split(',')[0]?.trim();
  return value ? value : undefined;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export function isIpAddress(value: string): boolean {
  const v4 = IPV4.exec(value);
  if (v4) return v4.slice(1).every((part) => Number(part) <= 255);
  return /^[0-9A-Fa-f:]+(\.\d{1,3}){0,3}$/.test(value) && value.includes(':') && value.length <= 45;
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) counts as `127.0.0.1`. */
export function normaliseAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && IPV4.test(lower.slice(7)) ? lower.slice(7) : lower;
}
