import type { QueryClient } from '@tanstack/react-query';
import type { Paginated } from '../../../contract/pagination';
import { apiClient } from '../../lib/api-client';
import { fetchAllPages, type PageProgress } from '../../lib/fetch-all-pages';
import { type Customer, customerPageSchema } from '../../lib/schemas/customer';
import { CustomerSearchIndex } from './customer-search-index';

export type DirectoryStatus = 'idle' | 'loading' | 'ready' | 'error' | 'cancelled';

export interface DirectoryState {
  status: DirectoryStatus;
  progress: PageProgress | null;
  error: unknown;
  /** Bumped on every change of the customers: a cheap dependency for memoised searches. */
  version: number;
  /** A changedSince refresh is running. */
  refreshing: boolean;
  refreshError: unknown;
}

/** Pages in flight at once: enough to hide latency, polite to the service (spec 8 asks for restraint). */
const LOAD_CONCURRENCY = 6;
/** Several focus events in a row (alt-tab back and forth) cause one refresh. */
const MIN_REFRESH_INTERVAL_MS = 5_000;
/** How often screens hear of a load's progress. */
const NOTIFY_INTERVAL_MS = 300;

const EXPORT_PATH = '/partner/export/customers';

/**
 * The signed-in client's customers, in memory only (box-office computers are shared: nothing personal goes
 * to browser storage). Loaded once per session in the background — page 1, then the other pages in
 * parallel, with progress, cancellable — and kept fresh through `changedSince` with the latest
 * `lastChanged` seen as high-watermark: when the window regains focus and after every edit.
 */
export class CustomerDirectory {
  readonly index = new CustomerSearchIndex();
  /**
   * The customer list's search text, kept here (in memory) rather than in the URL: a name or an email in the
   * address would end up in the browser's history on a shared computer. Back to the list finds it again.
   */
  lastQuery = '';
  private state: DirectoryState = {
    status: 'idle',
    progress: null,
    error: null,
    version: 0,
    refreshing: false,
    refreshError: null,
  };
  private listeners = new Set<() => void>();
  private loadController: AbortController | null = null;
  private refreshController: AbortController | null = null;
  /** Highest `lastChanged` seen (as sent, and as milliseconds to compare). */
  private watermark: { text: string; ms: number } | null = null;
  private lastRefreshAt = 0;
  private refreshAgain = false;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(readonly clientName: string) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): DirectoryState => this.state;

  private setState(change: Partial<DirectoryState>, options: { throttle?: boolean } = {}): void {
    this.state = { ...this.state, ...change };
    if (options.throttle) {
      // Pages arrive many times a second during a load: re-rendering the screens for each would cost more
      // than the load itself. Screens hear of it at most every NOTIFY_INTERVAL_MS.
      this.notifyTimer ??= setTimeout(() => {
        this.notifyTimer = null;
        this.notify();
      }, NOTIFY_INTERVAL_MS);
      return;
    }
    if (this.notifyTimer) {
      clearTimeout(this.notifyTimer);
      this.notifyTimer = null;
    }
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Starts the full load unless it runs or ran; after a cancel or failure only `reload` starts it again. */
  ensureLoaded(): void {
    if (this.state.status === 'idle') void this.load();
  }

  reload(): void {
    if (this.state.status === 'loading') return;
    void this.load();
  }

  cancel(): void {
    this.loadController?.abort(new DOMException('Cancelled', 'AbortError'));
  }

  private async load(): Promise<void> {
    const controller = new AbortController();
    this.loadController = controller;
    this.setState({ status: 'loading', error: null, progress: null });
    const startedAt = Date.now();
    try {
      await fetchAllPages<Customer>({
        firstUrl: apiClient.url(EXPORT_PATH),
        fetchPage: (url, signal) => this.fetchPage(url, undefined, signal),
        concurrency: LOAD_CONCURRENCY,
        collect: false,
        signal: controller.signal,
        onPage: (_page, rows) => this.merge(rows, true),
        onProgress: (progress) => this.setState({ progress }, { throttle: true }),
      });
      this.setState({ status: 'ready' });
      // A customer changed while the pages came in may sit on a page fetched before the change: ask again
      // for everything changed since the load began (the watermark less the load's duration, with margin).
      if (this.watermark) {
        const since = this.watermark.ms - (Date.now() - startedAt) - 2_000;
        this.watermark = { text: new Date(since).toISOString(), ms: since };
      }
      void this.refresh({ force: true });
    } catch (error) {
      if (controller.signal.aborted) this.setState({ status: 'cancelled' });
      else this.setState({ status: 'error', error });
    } finally {
      if (this.loadController === controller) this.loadController = null;
    }
  }

  private fetchPage(url: string, changedSince: string | undefined, signal: AbortSignal): Promise<Paginated<Customer>> {
    return apiClient.post(url, {
      schema: customerPageSchema,
      body: changedSince ? { changedSince } : {},
      signal,
    });
  }

  /**
   * Fetches what changed since the high-watermark (inclusive, so the newest records come again: harmless,
   * they are replaced by id). Only once the full load is done; a refresh asked for while one runs follows it.
   */
  async refresh(options: { force?: boolean } = {}): Promise<void> {
    if (this.state.status !== 'ready' || !this.watermark) return;
    if (this.refreshController) {
      this.refreshAgain = true;
      return;
    }
    const now = Date.now();
    if (!options.force && now - this.lastRefreshAt < MIN_REFRESH_INTERVAL_MS) return;
    this.lastRefreshAt = now;
    const controller = new AbortController();
    this.refreshController = controller;
    const changedSince = this.watermark.text;
    this.setState({ refreshing: true });
    try {
      await fetchAllPages<Customer>({
        firstUrl: apiClient.url(EXPORT_PATH),
        fetchPage: (url, signal) => this.fetchPage(url, changedSince, signal),
        concurrency: LOAD_CONCURRENCY,
        collect: false,
        signal: controller.signal,
        onPage: (_page, rows) => this.merge(rows, true),
      });
      this.setState({ refreshing: false, refreshError: null });
    } catch (error) {
      this.setState({ refreshing: false, refreshError: controller.signal.aborted ? null : error });
    } finally {
      this.refreshController = null;
    }
    if (this.refreshAgain) {
      this.refreshAgain = false;
      await this.refresh({ force: true });
    }
  }

  /**
   * A customer the app just saw from the service (after an edit, a findByEmail): shown at once. It does not
   * move the watermark: changes made elsewhere just before it must still come with the next refresh.
   */
  put(customer: Customer): void {
    this.merge([customer], false);
  }

  private merge(customers: readonly Customer[], fromExport: boolean): void {
    if (customers.length === 0) return;
    this.index.upsert(customers);
    if (fromExport) this.advanceWatermark(customers);
    // During the load the screens catch up a few times a second; a single change (an edit) shows at once.
    this.setState({ version: this.state.version + 1 }, { throttle: this.state.status === 'loading' });
  }

  private advanceWatermark(customers: readonly Customer[]): void {
    for (const customer of customers) {
      const ms = Date.parse(customer.lastChanged);
      if (Number.isFinite(ms) && (!this.watermark || ms > this.watermark.ms)) {
        this.watermark = { text: customer.lastChanged, ms };
      }
    }
  }

  /** Sign-out: stop everything and forget every customer. */
  dispose(): void {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.cancel();
    this.refreshController?.abort();
    this.index.clear();
    this.watermark = null;
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
