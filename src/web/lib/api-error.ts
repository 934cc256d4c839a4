import type { ErrorBody } from '../../contract/common';

/**
 * Every failure of a call to the gateway, classified once so screens react by kind rather than by status:
 * `unauthorized` sends the person to sign-in, `validation` carries field errors for forms, `rateLimited`
 * carries the wait the server asked for.
 */
export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'validation'
  | 'rateLimited'
  | 'badRequest'
  | 'network'
  | 'server'
  | 'unexpectedResponse';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
  refusal?: { kind: string; address?: string | undefined } | undefined;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; absent for network failures. */
  readonly status: number | undefined;
  /** 422 only: messages per request field, as the service names the fields. */
  readonly fieldErrors: Record<string, string[]>;
  /** 429 only: seconds to wait before the next attempt. */
  readonly retryAfterSeconds: number | undefined;
  /** 403 only: the gateway's own reason where the app words it (`outside-networks`: a role's address rules). */
  readonly refusal: { kind: string; address?: string | undefined } | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.refusal = init.refusal;
  }

  /** Worth trying again without changing the request: the failure was transient. */
  get isTransient(): boolean {
    return this.kind === 'network' || this.kind === 'server' || this.kind === 'rateLimited';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 409) return 'conflict';
  if (status === 422) return 'validation';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'server';
  return 'badRequest';
}

/** `Retry-After` as seconds or an HTTP date; absent or unreadable → undefined. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** Reads `{ message, errors }` from an error response; bodies of other shapes still yield a usable error. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: Partial<ErrorBody> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as Partial<ErrorBody>;
  } catch {
    // Not JSON (a proxy's HTML page): the status alone decides.
  }
  const kind = kindOfStatus(response.status);
  const fieldErrors: Record<string, string[]> = {};
  if (body.errors && typeof body.errors === 'object') {
    for (const [field, messages] of Object.entries(body.errors)) {
      if (Array.isArray(messages)) fieldErrors[field] = messages.map(String);
      else if (typeof messages === 'string') fieldErrors[field] = [messages];
    }
  }
  return new ApiError({
    kind,
    status: response.status,
    message: typeof body.message === 'string' && body.message ? body.message : `Request failed (${response.status})`,
    fieldErrors,
    retryAfterSeconds: kind === 'rateLimited' ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
    refusal:
      typeof body.refusal === 'string'
        ? { kind: body.refusal, address: typeof body.address === 'string' ? body.address : undefined }
        : undefined,
  });
}
