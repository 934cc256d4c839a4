import { type APIRequestContext, expect } from '@playwright/test';

interface MirrorStatus {
  resources: { resource: string; fullSync: { finishedAt: string | null } }[];
}

/**
 * Waits until the gateway's mirror holds the demo client's customers (its first full sync, started with the
 * server, has finished): the customer search answers from the mirror. `request` must be signed in.
 */
export async function waitForCustomerMirror(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/mirror/status');
        if (!response.ok()) return `status ${response.status()}`;
        const status = (await response.json()) as MirrorStatus;
        return status.resources.find((part) => part.resource === 'customers')?.fullSync.finishedAt
          ? 'synced'
          : 'syncing';
      },
      { timeout: 180_000, intervals: [500, 1000, 2000] },
    )
    .toBe('synced');
}
