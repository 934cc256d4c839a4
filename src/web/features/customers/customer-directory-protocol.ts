import { ApiError, type ApiErrorKind, isApiError } from '../../lib/api-error';
import type { PageProgress } from '../../lib/fetch-all-pages';
import type { Customer } from '../../lib/schemas/customer';
import type { CustomerListParams } from './customer-list-params';

/**
 * The messages between the customer directory on the main thread (customer-directory.ts) and its engine in
 * a Web Worker (customer-directory-engine.ts): the engine fetches, reads, indexes and searches the customers;
 * the screens ask it for the rows they show.
 */

export type DirectoryStatus = 'idle' | 'loading' | 'ready' | 'error' | 'cancelled';

/** An error as it crosses to the main thread (structured cloning would lose the ApiError's class). */
export interface SentError {
  message: string;
  apiError?: { kind: ApiErrorKind; status?: number; fieldErrors: Record<string, string[]>; retryAfterSeconds?: number };
}

export interface EngineState {
  status: DirectoryStatus;
  progress: PageProgress | null;
  error: SentError | null;
  /** Bumped on every change of the customers. */
  version: number;
  /** Customers held. */
  size: number;
  /** A changedSince refresh is running. */
  refreshing: boolean;
  refreshError: SentError | null;
}

/** Before the first load: nothing held, nothing running. */
export const INITIAL_ENGINE_STATE: Readonly<EngineState> = {
  status: 'idle',
  progress: null,
  error: null,
  version: 0,
  size: 0,
  refreshing: false,
  refreshError: null,
};

/** What a screen asks for: a search and the list's filters and sort, and which rows of the result. */
export interface CustomerQuery extends Omit<CustomerListParams, 'sort'> {
  text: string;
  sort: CustomerListParams['sort'];
  offset: number;
  limit: number;
}

export interface CustomerQueryAnswer {
  /** The search text this answers. */
  text: string;
  /** Matches in all. */
  total: number;
  /** Matches [offset, offset + limit), in order. */
  rows: Customer[];
  /** Milliseconds the engine took for the query (search, filters, sort, the page of rows). */
  searchMs: number;
}

export type Question =
  | { kind: 'query'; query: CustomerQuery }
  /** Every match of a query (a bulk action on all matches). */
  | { kind: 'matching'; query: CustomerQuery }
  | { kind: 'tagCounts'; validTags: string[] };

export type ToEngine =
  | { type: 'start'; clientName: string }
  | { type: 'reload' }
  | { type: 'cancel' }
  | { type: 'refresh'; force: boolean }
  | { type: 'put'; customer: Customer }
  /** A customer's tags changed (the rest of the record stays as the engine holds it). */
  | { type: 'setTags'; customer: Customer; tags: string[] }
  | { type: 'ask'; id: number; question: Question };

export type FromEngine =
  | { type: 'state'; state: EngineState }
  | { type: 'answer'; id: number; value: unknown }
  | { type: 'failed'; id: number; error: SentError };

export function sendableError(error: unknown): SentError {
  if (isApiError(error)) {
    return {
      message: error.message,
      apiError: {
        kind: error.kind,
        status: error.status,
        fieldErrors: error.fieldErrors,
        retryAfterSeconds: error.retryAfterSeconds,
      },
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

export function receivedError(sent: SentError): Error {
  if (!sent.apiError) return new Error(sent.message);
  return new ApiError({ ...sent.apiError, message: sent.message });
}
