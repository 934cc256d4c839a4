import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

interface MirrorStatus {
  resources: { resource: string; fullSync: { finishedAt: string | null } }[];
}

/**
 * Waits until the gateway's mirror has finished its first full sync (the server starts it shortly after it
 * starts: 20,000 customers and 50,000 orders), so reports and exports read all of it. `request` must be
 * signed in as someone who may read the mirror's status.
 */
export async function mirrorSynced(request: APIRequestContext, timeout = 480_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/mirror/status');
        if (!response.ok()) return false;
        const status = (await response.json()) as MirrorStatus;
        return status.resources.every((resource) => resource.fullSync.finishedAt !== null);
      },
      { timeout, intervals: [1000] },
    )
    .toBe(true);
}
