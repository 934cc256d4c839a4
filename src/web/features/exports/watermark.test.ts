import { describe, expect, it } from 'vitest';
import {
  clearWatermark,
  fingerprint,
  readWatermark,
  type Watermark,
  WatermarkTracker,
  watermarkStorageKey,
  writeWatermark,
} from './watermark';

const order = (orderId: number, lastChanged: string, orderPaymentStatus = 'paid') => ({
  orderId,
  lastChanged,
  orderPaymentStatus,
});
const NOW = new Date('2026-11-23T10:00:00Z');

describe('WatermarkTracker', () => {
  it('the watermark is the latest timestamp, compared as instants (offsets differ), kept as sent', () => {
    const tracker = new WatermarkTracker('lastChanged', null);
    tracker.observe(order(1, '2026-03-29T01:59:59+01:00'));
    tracker.observe(order(2, '2026-03-29T03:00:30+02:00')); // 01:00:30Z: the latest
    tracker.observe(order(3, '2026-03-29T02:30:00+02:00')); // 00:30:00Z
    const next = tracker.next(NOW);
    expect(next?.at).toBe('2026-03-29T03:00:30+02:00');
    expect(next?.boundary).toEqual([fingerprint(order(2, '2026-03-29T03:00:30+02:00'))]);
    expect(next?.savedAt).toBe(NOW.toISOString());
  });

  it('remembers every record of the latest second (changedSince is inclusive)', () => {
    const tracker = new WatermarkTracker('lastChanged', null);
    tracker.observe(order(1, '2026-11-20T10:00:00+01:00'));
    tracker.observe(order(2, '2026-11-20T10:00:05+01:00'));
    tracker.observe(order(3, '2026-11-20T09:00:05Z'));
    expect(tracker.next(NOW)?.boundary).toEqual([
      fingerprint(order(2, '2026-11-20T10:00:05+01:00')),
      fingerprint(order(3, '2026-11-20T09:00:05Z')),
    ]);
  });

  it('the next run skips the records already delivered at the watermark, but not ones changed again', () => {
    const first = new WatermarkTracker('lastChanged', null);
    first.observe(order(7, '2026-11-20T10:00:05+01:00', 'pending'));
    first.observe(order(8, '2026-11-20T10:00:05+01:00'));
    const previous = first.next(NOW);
    const second = new WatermarkTracker('lastChanged', previous);
    // 7 was paid within the same second after the first export read it: same stamp, new content.
    expect(second.observe(order(7, '2026-11-20T10:00:05+01:00', 'paid'))).toBe(false);
    expect(second.observe(order(8, '2026-11-20T10:00:05+01:00'))).toBe(true);
    expect(second.observe(order(9, '2026-11-20T10:00:06+01:00'))).toBe(false);
    expect(second.next(NOW)?.at).toBe('2026-11-20T10:00:06+01:00');
  });

  it('no timestamped record → no watermark; the waiting list uses createdAt', () => {
    expect(new WatermarkTracker('lastChanged', null).next(NOW)).toBeNull();
    const tracker = new WatermarkTracker('createdAt', null);
    tracker.observe({ waitingId: 4, createdAt: '2026-07-18T14:40:03+02:00', lastChanged: '2030-01-01T00:00:00Z' });
    tracker.observe({ waitingId: 5, createdAt: 'not a date' });
    expect(tracker.next(NOW)?.at).toBe('2026-07-18T14:40:03+02:00');
  });
});

describe('fingerprint', () => {
  it('differs when any field differs (the id included) and is stable for the same record', () => {
    expect(fingerprint(order(1, '2026-11-20T10:00:05Z'))).toBe(fingerprint(order(1, '2026-11-20T10:00:05Z')));
    expect(fingerprint(order(1, '2026-11-20T10:00:05Z'))).not.toBe(fingerprint(order(2, '2026-11-20T10:00:05Z')));
    expect(fingerprint(order(1, '2026-11-20T10:00:05Z'))).not.toBe(
      fingerprint(order(1, '2026-11-20T10:00:05Z', 'pending')),
    );
  });

  it('no collisions among 100,000 near-identical records', () => {
    const seen = new Set<string>();
    for (let id = 0; id < 100_000; id++) seen.add(fingerprint(order(id, '2026-11-23T00:00:00+01:00')));
    expect(seen.size).toBe(100_000);
  });
});

describe('watermark storage', () => {
  const watermark: Watermark = {
    at: '2026-11-20T10:00:05+01:00',
    boundary: ['1x2y3z.2a'],
    savedAt: NOW.toISOString(),
  };

  it('is kept per client and export kind', () => {
    writeWatermark(localStorage, 'demo', 'orders', watermark);
    expect(readWatermark(localStorage, 'demo', 'orders')).toEqual(watermark);
    expect(readWatermark(localStorage, 'demo', 'order-seats')).toBeNull();
    expect(readWatermark(localStorage, 'harbour', 'orders')).toBeNull();
    clearWatermark(localStorage, 'demo', 'orders');
    expect(readWatermark(localStorage, 'demo', 'orders')).toBeNull();
  });

  it('an unreadable entry reads as none (a full export is due), not as an error', () => {
    localStorage.setItem(watermarkStorageKey('demo', 'customers'), '{not json');
    expect(readWatermark(localStorage, 'demo', 'customers')).toBeNull();
    localStorage.setItem(watermarkStorageKey('demo', 'customers'), JSON.stringify({ ...watermark, at: 'yesterday' }));
    expect(readWatermark(localStorage, 'demo', 'customers')).toBeNull();
  });
});
