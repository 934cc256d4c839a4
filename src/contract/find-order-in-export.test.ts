import { describe, expect, it } from 'vitest';
import { type ExportPage, findOrderInExport } from './find-order-in-export';

interface Row {
  orderId: number;
  orderKey: string;
  lastChanged: string;
}

function order(id: number, changed: string): Row {
  return { orderId: id, orderKey: `key${id}`, lastChanged: changed };
}

function envelopes(rows: Row[]) {
  const pages = Math.max(1, Math.ceil(rows.length / 100));
  return (page: number): ExportPage<Row> => ({ data: rows.slice((page - 1) * 100, page * 100), last_page: pages });
}

const SAME_MOMENT = '2026-11-20T12:00:00+01:00';
const signal = new AbortController().signal;

describe('findOrderInExport', () => {
  it('finds the order on page 1 with one call', async () => {
    const rows = [order(5, SAME_MOMENT), order(9, SAME_MOMENT)];
    const asked: number[] = [];
    const pageOf = envelopes(rows);
    const found = await findOrderInExport(
      order(9, SAME_MOMENT),
      async (page) => {
        asked.push(page);
        return pageOf(page);
      },
      signal,
    );
    expect(found?.orderId).toBe(9);
    expect(asked).toEqual([1]);
  });

  it('binary-searches when thousands of orders share the moment', async () => {
    const rows = Array.from({ length: 5000 }, (_, index) => order(index + 1, SAME_MOMENT));
    const asked: number[] = [];
    const pageOf = envelopes(rows);
    const found = await findOrderInExport(
      order(4321, SAME_MOMENT),
      async (page) => {
        asked.push(page);
        return pageOf(page);
      },
      signal,
    );
    expect(found?.orderId).toBe(4321);
    expect(asked.length).toBeLessThanOrEqual(8);
  });

  it('orders later in time are found by their moment too', async () => {
    const rows = Array.from({ length: 1000 }, (_, index) =>
      order(1000 - index, new Date(Date.UTC(2026, 10, 20, 0, index)).toISOString()),
    );
    const target = rows[777] as Row;
    const pageOf = envelopes(rows);
    expect((await findOrderInExport(target, async (page) => pageOf(page), signal))?.orderId).toBe(target.orderId);
  });

  it('reads every page when the service does not sort as expected', async () => {
    const rows = Array.from({ length: 500 }, (_, index) => order(500 - index, SAME_MOMENT));
    const pageOf = envelopes(rows);
    expect((await findOrderInExport(order(3, SAME_MOMENT), async (page) => pageOf(page), signal))?.orderId).toBe(3);
  });

  it('answers null when the order is not where it should be', async () => {
    const rows = Array.from({ length: 300 }, (_, index) => order(index * 2, SAME_MOMENT));
    const pageOf = envelopes(rows);
    expect(await findOrderInExport(order(151, SAME_MOMENT), async (page) => pageOf(page), signal)).toBeNull();
  });
});
