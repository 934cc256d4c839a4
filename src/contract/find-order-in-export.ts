/** What the search reads of an order: its id and when it last changed (an ISO datetime). */
export interface OrderPosition {
  orderId: number;
  lastChanged: string;
}

/** What it reads of a page of the orders export: its rows and how many pages there are. */
export interface ExportPage<Row extends OrderPosition> {
  data: readonly Row[];
  last_page: number;
}

/**
 * Pure, so the app (an order's page) and the gateway (the desk's print data) share it.
 * `GET /partner/order/{orderId}` has no seats (spec 2.11: they are export fields), and no call filters
 * by order id. The orders export does carry them and is sorted by (lastChanged, orderId) ascending
 * (DESIGN.md decision 3, stable for incremental sync), so with `changedSince` = the order's own lastChanged
 * the order is on one of the first pages, and a binary search over the pages finds it in a few calls
 * even when thousands of orders share that moment. Should a service sort differently, the pages are read
 * in turn instead, so the answer is still right, only slower.
 */
export type FetchExportPage<Row extends OrderPosition> = (
  page: number,
  signal: AbortSignal,
) => Promise<ExportPage<Row>>;

type Position = readonly [changedMs: number, orderId: number];

const positionOf = (order: OrderPosition): Position => [Date.parse(order.lastChanged), order.orderId];

function compare(a: Position, b: Position): number {
  return a[0] - b[0] || a[1] - b[1];
}

function isSorted(rows: readonly OrderPosition[]): boolean {
  for (let index = 1; index < rows.length; index++) {
    const previous = rows[index - 1];
    const row = rows[index];
    if (previous && row && compare(positionOf(previous), positionOf(row)) > 0) return false;
  }
  return true;
}

export async function findOrderInExport<Row extends OrderPosition>(
  order: OrderPosition,
  fetchPage: FetchExportPage<Row>,
  signal: AbortSignal,
): Promise<Row | null> {
  const target = positionOf(order);
  const seen = new Map<number, ExportPage<Row>>();
  const load = async (page: number) => {
    let envelope = seen.get(page);
    if (!envelope) {
      envelope = await fetchPage(page, signal);
      seen.set(page, envelope);
    }
    return envelope;
  };
  const match = (envelope: ExportPage<Row>) => envelope.data.find((row) => row.orderId === order.orderId) ?? null;

  const first = await load(1);
  const found = match(first);
  if (found) return found;
  const lastPage = Math.max(1, first.last_page);
  let sorted = isSorted(first.data);

  // Binary search: each page is a sorted slice; narrow to the one whose range holds the target.
  let low = 2;
  let high = lastPage;
  while (sorted && low <= high) {
    const middle = Math.floor((low + high) / 2);
    const envelope = await load(middle);
    const hit = match(envelope);
    if (hit) return hit;
    const rows = envelope.data;
    const head = rows[0];
    const tail = rows[rows.length - 1];
    if (!head || !tail || !isSorted(rows)) {
      sorted = false;
      break;
    }
    if (compare(target, positionOf(head)) < 0) high = middle - 1;
    else if (compare(target, positionOf(tail)) > 0) low = middle + 1;
    else return null; // Within this page's range but not on it: the order changed since it was read.
  }
  if (sorted) return null;

  // Not sorted as expected: read the pages one after another.
  for (let page = 2; page <= lastPage; page++) {
    const hit = match(await load(page));
    if (hit) return hit;
  }
  return null;
}
