import { describe, expect, it } from 'vitest';
import type { MirrorStatus } from '@/contract/mirror';
import { mirrorRefreshAnswerSchema, mirrorStatusSchema } from './mirror-status';

const customers = {
  resource: 'customers',
  watermark: '2026-12-01T08:00:00.000Z',
  lastAttemptAt: '2026-12-01T08:00:01.000Z',
  lastSuccessAt: '2026-12-01T08:00:01.000Z',
  lastError: null,
  fullSync: { startedAt: '2026-12-01T07:59:00.000Z', finishedAt: '2026-12-01T07:59:40.000Z', total: 300, done: 300 },
};
const firstSyncRunning = {
  resource: 'orders',
  watermark: null,
  lastAttemptAt: null,
  lastSuccessAt: null,
  lastError: 'The service did not answer',
  fullSync: { startedAt: '2026-12-01T07:59:00.000Z', finishedAt: null, total: null, done: 0 },
};
const status: MirrorStatus = {
  intervalSeconds: 30,
  running: true,
  resources: [customers, firstSyncRunning] as MirrorStatus['resources'],
};

describe('the mirror status, read by hand', () => {
  it('reads the status as the gateway answers it, and the answer of a refresh', () => {
    expect(mirrorStatusSchema.parse(structuredClone(status))).toEqual(status);
    expect(mirrorRefreshAnswerSchema.parse({ started: false, status })).toEqual({ started: false, status });
  });

  it('refuses what the gateway never answers: a wrong type, an unknown resource, a missing part', () => {
    const refused = [
      { ...status, running: 'yes' },
      { ...status, intervalSeconds: '30' },
      { ...status, resources: null },
      { ...status, resources: [{ ...customers, resource: 'tickets' }] },
      { ...status, resources: [{ ...customers, fullSync: undefined }] },
      { ...status, resources: [{ ...customers, fullSync: { ...customers.fullSync, done: null } }] },
      { ...status, resources: [{ ...customers, lastError: 42 }] },
      [],
      null,
    ];
    for (const value of refused) expect(mirrorStatusSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    expect(mirrorRefreshAnswerSchema.safeParse({ status }).success).toBe(false);
  });
});
