import type { Paginated } from '../../../contract/pagination';
import { ApiClient } from '../../lib/api-client';
import { fetchAllPages } from '../../lib/fetch-all-pages';
import { type Customer, customerPageSchema } from '../../lib/schemas/customer';
import type {
  CustomerQuery,
  CustomerQueryAnswer,
  EngineState,
  FromEngine,
  Question,
  ToEngine,
} from './customer-directory-protocol';
import { INITIAL_ENGINE_STATE, sendableError } from './customer-directory-protocol';
import type { CustomerSortColumn } from './customer-list-params';
import { customerFilter, sortKey } from './customer-order';
import { CustomerSearchIndex } from './customer-search-index';

/** Pages in flight at once: enough to hide latency, polite to the service (spec 8 asks for restraint). */
const LOAD_CONCURRENCY = 6;
/** Several focus events in a row (alt-tab back and forth) cause one refresh. */
const MIN_REFRESH_INTERVAL_MS = 5_000;
/** How often the screens hear of a load's progress. */
const NOTIFY_INTERVAL_MS = 300;

const EXPORT_PATH = '/partner/export/customers';

/**
 * The signed-in client's customers, held by a Web Worker (customer-directory.worker.ts) so that fetching,
 * reading, indexing and searching 100,000 of them never blocks the page; in memory only (box-office
 * computers are shared: nothing personal goes to browser storage). Loaded once per session — page 1, then
 * the other pages in parallel, with progress, cancellable — and kept fresh through `changedSince` with the
 * latest `lastChanged` seen as high-watermark. Answers the screens' queries with just the rows they show.
 */
export class DirectoryEngine {
  private readonly index = new CustomerSearchIndex();
  private readonly api = new ApiClient();
  private state: EngineState = { ...INITIAL_ENGINE_STATE };
  private loadController: AbortController | null = null;
  private refreshController: AbortController | null = null;
  /** Highest `lastChanged` seen (as sent, and as milliseconds to compare). */
  private watermark: { text: string; ms: number } | null = null;
  private lastRefreshAt = 0;
  private refreshAgain = false;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  /** Documents sorted by a column (key: column and direction), for the index version they were made for. */
  private orders = new Map<string, { version: number; docs: Int32Array }>();

  constructor(private readonly send: (message: FromEngine) => void) {}

  handle(message: ToEngine): void {
    switch (message.type) {
      case 'start':
        this.api.setClientName(message.clientName);
        if (this.state.status === 'idle') void this.load();
        break;
      case 'reload':
        if (this.state.status !== 'loading') void this.load();
        break;
      case 'cancel':
        this.loadController?.abort(new DOMException('Cancelled', 'AbortError'));
        break;
      case 'refresh':
        void this.refresh(message.force);
        break;
      case 'put':
        // A customer the app just saw from the service (after an edit, a findByEmail): shown at once. It does
        // not move the watermark: changes made elsewhere just before it must still come with the next refresh.
        this.merge([message.customer], false);
        break;
      case 'setTags': {
        const current = this.index.get(message.customer.customerId) ?? message.customer;
        this.merge([{ ...current, customerTags: message.tags }], false);
        break;
      }
      case 'ask':
        try {
          this.send({ type: 'answer', id: message.id, value: this.answer(message.question) });
        } catch (error) {
          this.send({ type: 'failed', id: message.id, error: sendableError(error) });
        }
        break;
    }
  }

  /** Sign-out: stop everything and forget every customer. */
  dispose(): void {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.loadController?.abort();
    this.refreshController?.abort();
    this.index.clear();
    this.orders.clear();
    this.watermark = null;
  }

  private setState(change: Partial<EngineState>, options: { throttle?: boolean } = {}): void {
    this.state = { ...this.state, ...change, size: this.index.size, version: this.index.version };
    if (options.throttle) {
      // Pages arrive many times a second during a load: telling the screens of each would make them redo
      // their query for every page. They hear of it at most every NOTIFY_INTERVAL_MS.
      this.notifyTimer ??= setTimeout(() => {
        this.notifyTimer = null;
        this.send({ type: 'state', state: this.state });
      }, NOTIFY_INTERVAL_MS);
      return;
    }
    if (this.notifyTimer) {
      clearTimeout(this.notifyTimer);
      this.notifyTimer = null;
    }
    this.send({ type: 'state', state: this.state });
  }

  private async load(): Promise<void> {
    const controller = new AbortController();
    this.loadController = controller;
    this.setState({ status: 'loading', error: null, progress: null });
    const startedAt = Date.now();
    try {
      await fetchAllPages<Customer>({
        firstUrl: this.api.url(EXPORT_PATH),
        fetchPage: (url, signal) => this.fetchPage(url, undefined, signal),
        concurrency: LOAD_CONCURRENCY,
        collect: false,
        signal: controller.signal,
        onPage: (_page, rows) => this.merge(rows, true),
        onProgress: (progress) => this.setState({ progress }, { throttle: true }),
      });
      // Sort the index once now, so the first search does not pay for it.
      this.index.seal();
      this.setState({ status: 'ready' });
      // A customer changed while the pages came in may sit on a page fetched before the change: ask again
      // for everything changed since the load began (the watermark less the load's duration, with margin).
      if (this.watermark) {
        const since = this.watermark.ms - (Date.now() - startedAt) - 2_000;
        this.watermark = { text: new Date(since).toISOString(), ms: since };
      }
      void this.refresh(true);
    } catch (error) {
      if (controller.signal.aborted) this.setState({ status: 'cancelled' });
      else this.setState({ status: 'error', error: sendableError(error) });
    } finally {
      if (this.loadController === controller) this.loadController = null;
    }
  }

  private fetchPage(url: string, changedSince: string | undefined, signal: AbortSignal): Promise<Paginated<Customer>> {
    return this.api.post(url, { schema: customerPageSchema, body: changedSince ? { changedSince } : {}, signal });
  }

  /**
   * Fetches what changed since the high-watermark (inclusive, so the newest records come again: harmless,
   * they are replaced by id). Only once the full load is done; a refresh asked for while one runs follows it.
   */
  private async refresh(force: boolean): Promise<void> {
    if (this.state.status !== 'ready' || !this.watermark) return;
    if (this.refreshController) {
      this.refreshAgain = true;
      return;
    }
    const now = Date.now();
    if (!force && now - this.lastRefreshAt < MIN_REFRESH_INTERVAL_MS) return;
    this.lastRefreshAt = now;
    const controller = new AbortController();
    this.refreshController = controller;
    const changedSince = this.watermark.text;
    this.setState({ refreshing: true });
    try {
      await fetchAllPages<Customer>({
        firstUrl: this.api.url(EXPORT_PATH),
        fetchPage: (url, signal) => this.fetchPage(url, changedSince, signal),
        concurrency: LOAD_CONCURRENCY,
        collect: false,
        signal: controller.signal,
        onPage: (_page, rows) => this.merge(rows, true),
      });
      this.setState({ refreshing: false, refreshError: null });
    } catch (error) {
      this.setState({ refreshing: false, refreshError: controller.signal.aborted ? null : sendableError(error) });
    } finally {
      this.refreshController = null;
    }
    if (this.refreshAgain) {
      this.refreshAgain = false;
      await this.refresh(true);
    }
  }

  private merge(customers: readonly Customer[], fromExport: boolean): void {
    if (customers.length === 0) return;
    this.index.upsert(customers);
    if (fromExport) this.advanceWatermark(customers);
    // During the load the screens catch up a few times a second; a single change (an edit) shows at once.
    this.setState({}, { throttle: this.state.status === 'loading' });
  }

  private advanceWatermark(customers: readonly Customer[]): void {
    for (const customer of customers) {
      const ms = Date.parse(customer.lastChanged);
      if (Number.isFinite(ms) && (!this.watermark || ms > this.watermark.ms)) {
        this.watermark = { text: customer.lastChanged, ms };
      }
    }
  }

  private answer(question: Question): unknown {
    switch (question.kind) {
      case 'query':
        return this.query(question.query);
      case 'matching':
        return Array.from(this.matches(question.query), (doc) => this.index.customerAt(doc) as Customer);
      case 'tagCounts':
        return this.tagCounts(question.validTags);
    }
  }

  private query(query: CustomerQuery): CustomerQueryAnswer {
    const started = performance.now();
    const docs = this.matches(query);
    const rows: Customer[] = [];
    const end = Math.min(docs.length, query.offset + query.limit);
    for (let at = query.offset; at < end; at++) rows.push(this.index.customerAt(docs[at] as number) as Customer);
    return { text: query.text, total: docs.length, rows, searchMs: performance.now() - started };
  }

  /** Documents matching the search and the filters, in the order asked for (best match first by default). */
  private matches(query: CustomerQuery): Int32Array {
    const found = this.index.searchDocs(query.text);
    const filter = customerFilter(query);
    const keep = (doc: number) => {
      const customer = this.index.customerAt(doc);
      return customer !== null && (!filter || filter(customer));
    };
    if (query.sort) {
      // Walk the column's order and keep what the search found.
      const order = this.order(query.sort.column, query.sort.descending);
      let wanted: Uint8Array | null = null;
      if (found) {
        wanted = new Uint8Array(this.index.docCount);
        for (const doc of found) wanted[doc] = 1;
      }
      const result = new Int32Array(found ? found.length : order.length);
      let count = 0;
      for (const doc of order) if ((!wanted || wanted[doc] === 1) && keep(doc)) result[count++] = doc;
      return result.subarray(0, count);
    }
    const source = found ?? this.liveDocs();
    if (!filter) return source;
    const result = new Int32Array(source.length);
    let count = 0;
    for (const doc of source) if (keep(doc)) result[count++] = doc;
    return result.subarray(0, count);
  }

  /** Every customer's document, in the order they first came (the export's). */
  private liveDocs(): Int32Array {
    const result = new Int32Array(this.index.size);
    let count = 0;
    for (let doc = 0; doc < this.index.docCount; doc++) if (this.index.customerAt(doc)) result[count++] = doc;
    return result.subarray(0, count);
  }

  /** The live documents sorted by a column (ties in the export's order), kept until the next change. */
  private order(column: CustomerSortColumn, descending: boolean): Int32Array {
    const name = `${column}:${descending ? 'desc' : 'asc'}`;
    const cached = this.orders.get(name);
    if (cached?.version === this.index.version) return cached.docs;
    const docs = this.liveDocs();
    const keys = Array.from(docs, (doc) => sortKey(column, this.index.customerAt(doc) as Customer));
    // Positions in `docs` (ascending document numbers), so ties keep the export's order.
    const way = descending ? -1 : 1;
    const positions = Array.from(docs, (_, position) => position).sort((a, b) => {
      const x = keys[a] as string | number;
      const y = keys[b] as string | number;
      return x < y ? -way : x > y ? way : a - b;
    });
    const sorted = Int32Array.from(positions, (position) => docs[position] as number);
    this.orders.set(name, { version: this.index.version, docs: sorted });
    return sorted;
  }

  /** Customers per tag: every valid tag of the client (also those nobody holds) and any other tag found. */
  private tagCounts(validTags: readonly string[]): Array<[string, number]> {
    const counts = new Map<string, number>(validTags.map((tag) => [tag, 0]));
    for (let doc = 0; doc < this.index.docCount; doc++) {
      const customer = this.index.customerAt(doc);
      if (!customer) continue;
      for (const tag of customer.customerTags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'nl'));
  }
}
