import { describe, expect, it } from 'vitest';
import { addServerTiming, mergeServerTimings, type ServerTimings } from './server-timings';

describe('server timings of the selling bench', () => {
  it("reads every metric of the gateway's header, a description with a comma in it included", () => {
    const timings: ServerTimings = {};
    const header =
      'check;dur=0.2;desc="Checks before the service", service;dur=9.5;desc="The service", record;dur=16.8;desc="Trail, mirror and shift"';
    addServerTiming(timings, 'POST /cart/', header);
    addServerTiming(timings, 'POST /cart/', 'check;dur=0.1, service;dur=3, record;dur=5.25');
    expect(timings).toEqual({ 'POST /cart/': { check: [0.2, 0.1], service: [9.5, 3], record: [16.8, 5.25] } });
  });

  it('merges rounds step by step and metric by metric', () => {
    const pooled: ServerTimings = { 'POST /cart/': { service: [1] } };
    mergeServerTimings(pooled, { 'POST /cart/': { service: [2], record: [3] }, checkout: { service: [4] } });
    expect(pooled).toEqual({ 'POST /cart/': { service: [1, 2], record: [3] }, checkout: { service: [4] } });
  });
});
