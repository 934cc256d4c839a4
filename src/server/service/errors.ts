import type { ErrorBody } from '../../contract/common';

/**
 * Typed domain errors. Domain code throws these; the app's one error handler maps them to a status and
 * a JSON `{ message }` body (DESIGN.md decision 2). Anything else becomes a 500 that shows no internals.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return this.fieldErrors ? { message: this.message, errors: this.fieldErrors } : { message: this.message };
  }
}

export class NotFoundError extends ServiceError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

/** A seat or place that is no longer available. */
export class ConflictError extends ServiceError {
  constructor(message: string) {
    super(409, message);
  }
}

/** Validation and business rules. */
export class ValidationError extends ServiceError {
  constructor(message: string, fieldErrors?: Record<string, string[]>) {
    super(422, message, fieldErrors);
  }
}

export class UnauthorizedError extends ServiceError {
  constructor(message = 'Missing or unknown API key') {
    super(401, message);
  }
}

export class ForbiddenError extends ServiceError {
  constructor(message = 'This API key belongs to another client') {
    super(403, message);
  }
}

/** Too many requests from one address: 429 with `Retry-After` (seconds until the window ends). */
export class RateLimitedError extends ServiceError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
