import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

interface MirrorStatus {
  resources: { resource: string; fullSync: { finishedAt: string | null } }[];
}

/**
 * Waits until the gateway's mirror has finished the first full sync of `resources` (the server starts it
 * shortly after it starts: 20,000 customers and 50,000 orders), so search, reports and exports read all of it.
 * `request` must be signed in as someone who may read the mirror's status.
 */
async function waitForMirror(
  request: APIRequestContext,
  resources: 'customers' | 'all',
  timeout: number,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/mirror/status');
        if (!response.ok()) return `status ${response.status()}`;
        const status = (await response.json()) as MirrorStatus;
        const waitedFor = status.resources.filter((part) => resources === 'all' || part.resource === resources);
        return waitedFor.length > 0 && waitedFor.every((part) => part.fullSync.finishedAt !== null)
          ? 'synced'
          : 'syncing';
      },
      { timeout, intervals: [500, 1000, 2000] },
    )
    .toBe('synced');
}

/** The customer search answers from the mirror once its customers are in. */
export function waitForCustomerMirror(request: APIRequestContext, timeout = 180_000): Promise<void> {
  return waitForMirror(request, 'customers', timeout);
}

/** Reports and exports read all of the mirror: customers, orders and the waiting list. */
export function mirrorSynced(request: APIRequestContext, timeout = 480_000): Promise<void> {
  return waitForMirror(request, 'all', timeout);
}
