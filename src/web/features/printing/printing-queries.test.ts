import { describe, expect, it } from 'vitest';
import type { PrintingStatus } from '@/contract/printing';
import { printingQueries } from './printing-queries';

/** How often the printer chip asks again: never without a sales point, soon while a job is on its way. */
const intervalFor = (data: PrintingStatus | undefined) => {
  const { refetchInterval } = printingQueries.status();
  if (typeof refetchInterval !== 'function') throw new Error('the status is polled by a function of its data');
  return refetchInterval({ state: { data } } as unknown as Parameters<typeof refetchInterval>[0]);
};

const salesPoint = { id: 1, name: 'Kassa 1', cashDrawer: true, printsHere: true, paymentMethodIds: [1] };
const job = (status: PrintingStatus['jobs'][number]['status']) =>
  ({ status }) as unknown as PrintingStatus['jobs'][number];

describe('the printing status poll', () => {
  it('stops without a sales point: the shifts feature refreshes it when a shift opens', () => {
    expect(intervalFor({ salesPoint: null, printers: [], jobs: [] })).toBe(false);
  });

  it('looks again soon while a job is queued or sending, now and then otherwise', () => {
    const idle = intervalFor({ salesPoint, printers: [], jobs: [job('sent')] });
    const busy = intervalFor({ salesPoint, printers: [], jobs: [job('sent'), job('sending')] });
    expect(idle).toBe(5_000);
    expect(busy).toBe(700);
    expect(intervalFor({ salesPoint, printers: [], jobs: [job('queued')] })).toBe(700);
  });

  it('before the first answer it counts as idle', () => {
    expect(intervalFor(undefined)).toBe(5_000);
  });
});
