import type { AuditAction } from '@/contract/audit';
import type { Permission } from '@/contract/staff';
import type { recordAudit } from '../audit';
import { UpstreamUnavailableError } from '../errors';
import { retryAfterMs, type UpstreamClient } from '../upstream';

/** What an action works with for one customer: the organisation's client (its key, not a person's), the job's params. */
export interface CustomerJobContext {
  upstream: UpstreamClient;
  customerId: number;
  params: Record<string, unknown>;
}

/** An audit entry about one customer, as an action describes its change. */
export interface CustomerAuditEntry {
  action: AuditAction;
  details: NonNullable<Parameters<typeof recordAudit>[1]['details']>;
}

/** What an action did: nothing (the customer was already as asked), or a change, audited as it says. */
export type CustomerJobOutcome = { changed: false } | { changed: true; audit?: CustomerAuditEntry };

/**
 * One kind of work on one customer, as customer jobs do it for many (registered in a CustomerJobActions).
 * `apply` makes the change through the service — a change, not an increment, so that sending it twice would
 * do no harm beyond the call; `isApplied` says by a read (never a write) whether the change is there, which the
 * runner asks of an item found `sending` (its call may or may not have reached the service) before it calls
 * again. `apply` returning nothing counts as a change.
 */
export interface CustomerJobAction {
  kind: string;
  /** The permissions (all of them) a person needs to start, pause, resume or cancel a job of this kind. */
  requires?: readonly Permission[];
  apply(ctx: CustomerJobContext): Promise<CustomerJobOutcome | undefined>;
  isApplied(ctx: CustomerJobContext): Promise<boolean>;
}

/** The registry of actions by kind: the gateway registers each concern's actions once at start. */
export class CustomerJobActions {
  readonly #actions = new Map<string, CustomerJobAction>();

  constructor(actions: readonly CustomerJobAction[] = []) {
    for (const action of actions) this.register(action);
  }

  register(action: CustomerJobAction): void {
    if (this.#actions.has(action.kind)) throw new Error(`customer job action ${action.kind} registered twice`);
    this.#actions.set(action.kind, action);
  }

  get(kind: string): CustomerJobAction | undefined {
    return this.#actions.get(kind);
  }
}

/**
 * The service answered a call of an action with an error: its status and its own message (shown on the jobs
 * page), and for a 429 or 503 how long it asks to wait.
 */
export class ServiceAnswerError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

/** Whether a failed call is worth another attempt: the service busy or failing, or not reached at all. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ServiceAnswerError) return error.status === 429 || error.status >= 500;
  // Not reached, or no answer in time (a refused key is upstreamStatus 401/403: no use trying again).
  return error instanceof UpstreamUnavailableError && error.upstreamStatus === null;
}

/**
 * One call of an action, once (the runner retries, paced): the answer's JSON, or a ServiceAnswerError with the
 * service's message. Through the client's `send`, so the service's own words reach the jobs page.
 */
export async function callService(
  upstream: UpstreamClient,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const headers = new Headers({ accept: 'application/json' });
  if (body !== undefined) headers.set('content-type', 'application/json');
  const answer = await upstream.send(method, path, {
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // Small answers (a customer's tags): read as they are.
  const text = await answer.text().catch(() => '');
  if (answer.ok) return text ? (JSON.parse(text) as unknown) : null;
  throw new ServiceAnswerError(
    answer.status,
    serviceMessage(answer.status, text),
    retryAfterMs(answer.headers.get('retry-after')),
  );
}

function serviceMessage(status: number, text: string): string {
  try {
    const json = JSON.parse(text) as { message?: unknown; errors?: Record<string, unknown> };
    const fields = json.errors
      ? Object.values(json.errors)
          .flat()
          .filter((m) => typeof m === 'string')
      : [];
    if (typeof json.message === 'string') return [json.message, ...fields].join(' ').slice(0, 500);
  } catch {
    // Not JSON: the status says it.
  }
  return `The Ticketing Service answered ${status}.`;
}
