import type { QueryClient } from '@tanstack/react-query';
import type { PageProgress } from '../../lib/fetch-all-pages';
import type { Customer } from '../../lib/schemas/customer';
import {
  type CustomerQuery,
  type CustomerQueryAnswer,
  type DirectoryStatus,
  type EngineState,
  type FromEngine,
  INITIAL_ENGINE_STATE,
  type Question,
  receivedError,
  type ToEngine,
} from './customer-directory-protocol';

export type { DirectoryStatus } from './customer-directory-protocol';

export interface DirectoryState {
  status: DirectoryStatus;
  progress: PageProgress | null;
  error: unknown;
  /** Bumped on every change of the customers: a cheap dependency for queries. */
  version: number;
  /** Customers held. */
  size: number;
  /** A changedSince refresh is running. */
  refreshing: boolean;
  refreshError: unknown;
}

/** How the page talks to the engine: a Web Worker, or (where there are none: unit tests) this thread. */
interface EngineChannel {
  post(message: ToEngine): void;
  close(): void;
}

function openChannel(receive: (message: FromEngine) => void): EngineChannel {
  if (typeof Worker === 'function') {
    const worker = new Worker(new URL('./customer-directory.worker.ts', import.meta.url), {
      type: 'module',
      name: 'customers',
    });
    worker.onmessage = (event: MessageEvent<FromEngine>) => receive(event.data);
    return { post: (message) => worker.postMessage(message), close: () => worker.terminate() };
  }
  // Loaded on demand, so that the engine's code stays out of the customers route.
  const engine = import('./customer-directory-engine').then(
    ({ DirectoryEngine }) => new DirectoryEngine((message) => queueMicrotask(() => receive(message))),
  );
  return {
    post: (message) => void engine.then((loaded) => loaded.handle(message)),
    close: () => void engine.then((loaded) => loaded.dispose()),
  };
}

/** Customers the page saw lately (rows shown, edits), to show a customer at once while the service is asked. */
const SEEN_LIMIT = 2_000;

/**
 * The page's side of the signed-in client's customer directory. The customers themselves live in a Web
 * Worker (customer-directory-engine.ts: load, changedSince refresh, search index), in memory only; this
 * side mirrors the engine's state for the screens and asks it for the rows they show.
 */
export class CustomerDirectory {
  /**
   * The customer list's search text, kept here (in memory) rather than in the URL: a name or an email in the
   * address would end up in the browser's history on a shared computer. Back to the list finds it again.
   */
  lastQuery = '';
  private state: DirectoryState = { ...INITIAL_ENGINE_STATE };
  private listeners = new Set<() => void>();
  private channel: EngineChannel | null = null;
  private nextQuestion = 1;
  private questions = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  private seen = new Map<number, Customer>();

  constructor(readonly clientName: string) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): DirectoryState => this.state;

  /** The engine, started (and loading) on first use. */
  private engine(): EngineChannel {
    if (!this.channel) {
      this.channel = openChannel((message) => this.receive(message));
      this.channel.post({ type: 'start', clientName: this.clientName });
    }
    return this.channel;
  }

  private receive(message: FromEngine): void {
    if (message.type === 'state') {
      this.setState(message.state);
      return;
    }
    const question = this.questions.get(message.id);
    if (!question) return;
    this.questions.delete(message.id);
    if (message.type === 'answer') question.resolve(message.value);
    else question.reject(receivedError(message.error));
  }

  private setState(state: EngineState): void {
    this.state = {
      ...state,
      error: state.error ? receivedError(state.error) : null,
      refreshError: state.refreshError ? receivedError(state.refreshError) : null,
    };
    for (const listener of this.listeners) listener();
  }

  /** Starts the full load unless it runs or ran; after a cancel or failure only `reload` starts it again. */
  ensureLoaded(): void {
    this.engine();
  }

  reload(): void {
    this.engine().post({ type: 'reload' });
  }

  cancel(): void {
    this.channel?.post({ type: 'cancel' });
  }

  /** Fetches what changed since the last load or refresh (at most every few seconds unless forced). */
  refresh(options: { force?: boolean } = {}): void {
    this.channel?.post({ type: 'refresh', force: options.force ?? false });
  }

  /** A customer the app just saw from the service (after an edit, a findByEmail): shown at once. */
  put(customer: Customer): void {
    this.remember(customer);
    this.engine().post({ type: 'put', customer });
  }

  /** A customer's new tags (a bulk change): the rest of the record stays as the directory holds it. */
  setTags(customer: Customer, tags: string[]): void {
    const seen = this.seen.get(customer.customerId);
    if (seen) this.remember({ ...seen, customerTags: tags });
    this.engine().post({ type: 'setTags', customer, tags });
  }

  /** A customer the page saw lately (in a list, after an edit); the service has the final word. */
  get(customerId: number): Customer | undefined {
    return this.seen.get(customerId);
  }

  /** The rows of a search (with the list's filters and sort) that a screen shows, and how many match. */
  async query(query: CustomerQuery): Promise<CustomerQueryAnswer> {
    const answer = (await this.ask({ kind: 'query', query })) as CustomerQueryAnswer;
    for (const customer of answer.rows) this.remember(customer);
    return answer;
  }

  /** Every customer matching a query (a bulk action on all matches of a search). */
  async matching(query: CustomerQuery): Promise<Customer[]> {
    return (await this.ask({ kind: 'matching', query })) as Customer[];
  }

  /** Customers per tag: every valid tag (also those nobody holds) and any other tag found, most used first. */
  async tagCounts(validTags: string[]): Promise<Array<[string, number]>> {
    return (await this.ask({ kind: 'tagCounts', validTags })) as Array<[string, number]>;
  }

  private ask(question: Question): Promise<unknown> {
    const id = this.nextQuestion++;
    return new Promise((resolve, reject) => {
      this.questions.set(id, { resolve, reject });
      this.engine().post({ type: 'ask', id, question });
    });
  }

  private remember(customer: Customer): void {
    this.seen.delete(customer.customerId);
    this.seen.set(customer.customerId, customer);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.keys().next().value as number);
  }

  /** Sign-out: stop everything and forget every customer (the worker ends with them). */
  dispose(): void {
    this.channel?.close();
    this.channel = null;
    for (const question of this.questions.values()) question.reject(new DOMException('Signed out', 'AbortError'));
    this.questions.clear();
    this.seen.clear();
    this.lastQuery = '';
    this.listeners.clear();
  }
}

let current: CustomerDirectory | null = null;
const watchedCaches = new WeakSet<QueryClient>();

/**
 * The directory of the signed-in client; a different client starts afresh. When the session ends — sign-out
 * clears the query cache, a 401 sets the session to null — the customers are forgotten.
 */
export function customerDirectoryFor(clientName: string, queryClient: QueryClient): CustomerDirectory {
  if (!watchedCaches.has(queryClient)) {
    watchedCaches.add(queryClient);
    queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] !== 'session') return;
      if (event.type === 'removed' || (event.type === 'updated' && event.query.state.data === null)) {
        disposeCustomerDirectory();
      }
    });
  }
  if (current?.clientName !== clientName) {
    current?.dispose();
    current = new CustomerDirectory(clientName);
  }
  return current;
}

/** Forgets the customers (sign-out). */
export function disposeCustomerDirectory(): void {
  current?.dispose();
  current = null;
}
