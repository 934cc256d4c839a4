/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is wrong": the
 * server restarting or failing over (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now),
 * connection exceptions (class 08), a connection reset, refused or timed out, or node-postgres's own
 * messages for a connection that ended. The service answers them with 503 and `Retry-After`; the pool
 * replaces the broken connections, so traffic resumes when the database is back.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const PG_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end',
];

export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && PG_MESSAGES.some((text) => message.includes(text))) return true;
    // AggregateError (a connection refused on both IPv4 and IPv6) carries the reasons in `errors`.
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.some(isConnectionError)) return true;
    current = cause;
  }
  return false;
}
