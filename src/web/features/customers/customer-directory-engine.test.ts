import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../lib/schemas/customer';
import { DirectoryEngine } from './customer-directory-engine';
import type {
  CustomerQuery,
  CustomerQueryAnswer,
  EngineState,
  FromEngine,
  Question,
} from './customer-directory-protocol';

const PER_PAGE = 100;

function apiCustomer(id: number) {
  return {
    customerId: id,
    customerExternalId: null,
    email: `klant${id}@example.nl`,
    customerFirstName: id % 2 === 0 ? 'Anna' : 'Bram',
    customerLastName: `Naam${String(id).padStart(4, '0')}`,
    customerPreposition: '',
    customerZip: '',
    customerCity: id % 3 === 0 ? 'Utrecht' : 'Leiden',
    customerPhone: '',
    customerCredit: String((id % 5) * 10),
    customerPrefs: { user_prefs_optin: id % 4 === 0 ? '1' : '0' },
    lastChanged: `2026-11-${String(1 + (id % 28)).padStart(2, '0')}T10:00:00+01:00`,
    customerTags: id % 10 === 0 ? ['VIP'] : [],
  };
}

/** The export of `count` customers, 100 a page; changedSince answers with `changed`. */
function fakeExport(count: number, changed: () => unknown[] = () => []) {
  const all = Array.from({ length: count }, (_, index) => apiCustomer(index + 1));
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // As fetch does: an aborted request fails.
    init?.signal?.throwIfAborted();
    await Promise.resolve();
    const url = new URL(String(input), 'http://foyer.test');
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    const rows = body.changedSince ? changed() : all;
    const page = Number(url.searchParams.get('page') ?? '1');
    const data = rows.slice((page - 1) * PER_PAGE, page * PER_PAGE);
    const envelope = {
      data,
      current_page: page,
      last_page: Math.max(1, Math.ceil(rows.length / PER_PAGE)),
      per_page: PER_PAGE,
      total: rows.length,
    };
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

function startEngine() {
  const states: EngineState[] = [];
  const answers = new Map<number, unknown>();
  const engine = new DirectoryEngine((message: FromEngine) => {
    if (message.type === 'state') states.push(message.state);
    else if (message.type === 'answer') answers.set(message.id, message.value);
  });
  let nextId = 1;
  const ask = (question: Question) => {
    const id = nextId++;
    engine.handle({ type: 'ask', id, question });
    return answers.get(id);
  };
  const ready = () => vi.waitFor(() => expect(states.at(-1)?.status).toBe('ready'), { timeout: 10_000 });
  return { engine, states, ask, ready };
}

const query = (change: Partial<CustomerQuery> = {}): CustomerQuery => ({
  text: '',
  tag: '',
  optin: '',
  since: '',
  sort: null,
  offset: 0,
  limit: 10,
  ...change,
});

describe('DirectoryEngine', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads every page, then answers one page of rows with the total', async () => {
    vi.stubGlobal('fetch', fakeExport(450));
    const { engine, states, ask, ready } = startEngine();
    engine.handle({ type: 'start', clientName: 'demo' });
    await ready();
    expect(states.at(-1)?.size).toBe(450);
    expect(states.some((state) => state.status === 'loading')).toBe(true);

    const first = ask({ kind: 'query', query: query({ offset: 100, limit: 5 }) }) as CustomerQueryAnswer;
    expect(first.total).toBe(450);
    expect(first.rows.map((customer) => customer.customerId)).toEqual([101, 102, 103, 104, 105]);

    const found = ask({ kind: 'query', query: query({ text: 'naam0042' }) }) as CustomerQueryAnswer;
    expect(found).toMatchObject({ text: 'naam0042', total: 1 });
    expect(found.rows[0]?.customerId).toBe(42);
    engine.dispose();
  });

  it('filters and sorts before it pages: by tag, opt-in and columns in both directions', async () => {
    vi.stubGlobal('fetch', fakeExport(300));
    const { engine, ask, ready } = startEngine();
    engine.handle({ type: 'start', clientName: 'demo' });
    await ready();
    const ids = (change: Partial<CustomerQuery>) =>
      (ask({ kind: 'query', query: query(change) }) as CustomerQueryAnswer).rows.map((customer) => customer.customerId);

    expect((ask({ kind: 'query', query: query({ tag: 'VIP' }) }) as CustomerQueryAnswer).total).toBe(30);
    expect(ids({ tag: 'VIP', sort: { column: 'name', descending: true }, limit: 3 })).toEqual([300, 290, 280]);
    expect(ids({ optin: 'yes', sort: { column: 'name', descending: false }, limit: 3 })).toEqual([4, 8, 12]);
    // Credit highest first; ties keep the export's order.
    expect(ids({ sort: { column: 'credit', descending: true }, limit: 3 })).toEqual([4, 9, 14]);
    // A search and a sort: the matches, in the column's order.
    expect(ids({ text: 'anna', tag: 'VIP', sort: { column: 'name', descending: false }, limit: 2 })).toEqual([10, 20]);
    const all = ask({ kind: 'matching', query: query({ tag: 'VIP' }) }) as Customer[];
    expect(all).toHaveLength(30);
    engine.dispose();
  });

  it('keeps tag changes and edits, and counts tags', async () => {
    vi.stubGlobal('fetch', fakeExport(120));
    const { engine, states, ask, ready } = startEngine();
    engine.handle({ type: 'start', clientName: 'demo' });
    await ready();
    const before = states.at(-1)?.version ?? 0;
    const seven = (ask({ kind: 'query', query: query({ text: 'naam0007' }) }) as CustomerQueryAnswer)
      .rows[0] as Customer;
    engine.handle({ type: 'setTags', customer: seven, tags: ['Pers'] });
    expect(states.at(-1)?.version).toBeGreaterThan(before);
    expect(ask({ kind: 'tagCounts', validTags: ['VIP', 'Pers', 'Sponsor'] })).toEqual([
      ['VIP', 12],
      ['Pers', 1],
      ['Sponsor', 0],
    ]);
    // An edit replaces the record as the service returned it.
    engine.handle({ type: 'put', customer: { ...seven, customerLastName: 'Bakker' } });
    expect((ask({ kind: 'query', query: query({ text: 'bakker' }) }) as CustomerQueryAnswer).rows[0]).toMatchObject({
      customerId: 7,
      customerLastName: 'Bakker',
    });
    expect((ask({ kind: 'query', query: query({ text: 'naam0007' }) }) as CustomerQueryAnswer).total).toBe(0);
    engine.dispose();
  });

  it('stops a load on cancel and says so', async () => {
    vi.stubGlobal('fetch', fakeExport(5_000));
    const { engine, states } = startEngine();
    engine.handle({ type: 'start', clientName: 'demo' });
    engine.handle({ type: 'cancel' });
    await vi.waitFor(() => expect(states.at(-1)?.status).toBe('cancelled'));
    expect(states.at(-1)?.size).toBeLessThan(5_000);
    engine.dispose();
  });
});
