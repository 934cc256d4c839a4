import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import type { ErrorBody } from '@/contract/common';
import { redactedPath } from './redacted-path';

/**
 * Typed errors of the gateway, as the service has them (service/errors.ts): routes throw these, and the one
 * error handler (`answerError`, the gateway's `onError`) answers each with its status and a
 * `{ message, errors? }` body — the shape the app reads. Anything else is a 500 that shows no internals.
 */
export class GatewayError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly options: {
      /** Messages per field (a 422's, or a conflict tied to one field). */
      errors?: Record<string, string[]>;
      /** Sent as `Retry-After`. */
      retryAfterSeconds?: number;
      /** Fields the app reads beside the message (a conflict's current figures, a search's progress). */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody & Record<string, unknown> {
    const { errors, extra } = this.options;
    return { message: this.message, ...(errors ? { errors } : {}), ...extra };
  }
}

/** A request that cannot be read at all (malformed JSON). */
export class BadRequestError extends GatewayError {
  constructor(message: string) {
    super(400, message);
  }
}

export class NotFoundError extends GatewayError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class UnauthorizedError extends GatewayError {
  constructor(message: string) {
    super(401, message);
  }
}

/** The `refusal` of a 403 for a request from outside the networks of the person's role (address-rules/). */
export const OUTSIDE_NETWORKS = 'outside-networks';

export class ForbiddenError extends GatewayError {
  constructor(message: string) {
    super(403, message);
  }
}

export class ConflictError extends GatewayError {
  constructor(message: string, options: { errors?: Record<string, string[]>; extra?: Record<string, unknown> } = {}) {
    super(409, message, options);
  }
}

/** What was asked for existed once and is gone for good (a file removed from the export folder). */
export class GoneError extends GatewayError {
  constructor(message: string) {
    super(410, message);
  }
}

export const INVALID_DATA_MESSAGE = 'The given data was invalid.';

/** A request that breaks a rule: 422 with the messages per field. */
export class ValidationError extends GatewayError {
  constructor(message: string, errors?: Record<string, string[]>) {
    super(422, message, errors ? { errors } : {});
  }

  /** One field's message, as the message of the whole answer too. */
  static field(field: string, message: string): ValidationError {
    return new ValidationError(message, { [field]: [message] });
  }
}

/** Too many requests: 429, with `Retry-After` when the wait is known. */
export class TooManyRequestsError extends GatewayError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(429, message, retryAfterSeconds === undefined ? {} : { retryAfterSeconds });
  }
}

/** The gateway cannot do this now (a folder not configured, an index still loading): 503. */
export class UnavailableError extends GatewayError {
  constructor(message: string, options: { retryAfterSeconds?: number; extra?: Record<string, unknown> } = {}) {
    super(503, message, options);
  }
}

/**
 * The Ticketing Service could not give what a route needs: unreachable (502), too slow (504), busy after the
 * retries (503 with `Retry-After`), refusing the organisation's key or answering an error (502). Thrown by the
 * upstream client (upstream/upstream-client.ts) only. The message is for the person; `detail` says which call
 * failed how (for the log and the mirror's status); `upstreamStatus` is the service's status when it answered.
 */
export class UpstreamUnavailableError extends GatewayError {
  constructor(
    status: 502 | 503 | 504,
    message: string,
    readonly upstreamStatus: number | null,
    readonly detail: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(status, message, options);
  }

  /** The same failure, saying how many attempts it took. */
  after(attempts: number): UpstreamUnavailableError {
    return new UpstreamUnavailableError(
      this.status as 502 | 503 | 504,
      this.message,
      this.upstreamStatus,
      `${this.detail} (after ${attempts} attempts)`,
      this.options,
    );
  }
}

/** The gateway's `onError`: every error answered as a typed one, with its status and `{ message, errors? }`. */
export function answerError(c: Context, error: unknown, log: Logger): Response {
  const typed = typedError(c, error, log);
  if (typed.options.retryAfterSeconds !== undefined) c.header('Retry-After', String(typed.options.retryAfterSeconds));
  return c.json(typed.toBody(), typed.status);
}

/** The typed error an error is answered as (logged where it says something went wrong here); a 500 if none. */
function typedError(c: Context, error: unknown, log: Logger): GatewayError {
  const where = { path: redactedPath(c.req.path), method: c.req.method };
  if (error instanceof UpstreamUnavailableError) {
    log.error({ reason: error.detail, upstreamStatus: error.upstreamStatus, ...where }, 'the Ticketing Service failed');
  }
  if (error instanceof GatewayError) return error;
  if (error instanceof HTTPException) {
    // Hono's body parsers throw 400 for malformed JSON.
    const message = error.status === 400 ? 'Malformed JSON in request body' : error.message || 'Request failed';
    return new GatewayError(error.status, message);
  }
  if (isDataException(error)) {
    // Safety net, as in the service: a value the database refuses (class 22: a NUL byte, out of range) came
    // from the request, so it is the caller's error, not a 5xx. Routes should reject such values themselves.
    log.warn({ code: error.code, ...where }, 'value refused by the database');
    return new ValidationError('A value in the request is out of range or malformed.');
  }
  log.error({ err: error, ...where }, 'unhandled error');
  return new GatewayError(500, 'Internal server error');
}

/** PostgreSQL class 22 "data exception" (pg and PGlite both expose the SQLSTATE as `code`). */
function isDataException(error: unknown): error is { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}
