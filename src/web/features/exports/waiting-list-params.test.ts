import { describe, expect, it } from 'vitest';
import { filterWaitingList, readWaitingListParams, typesOf, writeWaitingListParams } from './waiting-list-params';
import type { WaitingEntry } from './waiting-list-schema';

const entry = (waitingId: number, type: string, eventId: number, createdAt: string): WaitingEntry => ({
  waitingId,
  customerId: 1,
  eventId,
  numberOfTickets: 2,
  type,
  createdAt,
  notifiedAt: null,
  user: null,
});

const entries = [
  entry(1, 'waiting', 34, '2026-07-18T14:40:03+02:00'),
  entry(2, 'notified', 34, '2026-07-19T10:00:00+02:00'),
  entry(3, 'notified', 47, '2026-07-17T10:00:00+02:00'),
  entry(4, 'on-hold', 47, '2026-07-20T10:00:00+02:00'),
];

describe('waiting-list params', () => {
  it('reads type and event from the URL; a bad event id reads as none', () => {
    expect(readWaitingListParams(new URLSearchParams('type=notified&event=34'))).toEqual({
      type: 'notified',
      eventId: 34,
    });
    expect(readWaitingListParams(new URLSearchParams('event=abc'))).toEqual({ type: '', eventId: null });
  });

  it('writing filters keeps other parameters and goes back to page 1', () => {
    const next = writeWaitingListParams(new URLSearchParams('page=3&type=waiting&x=1'), { type: '', eventId: 47 });
    expect(next.toString()).toBe('x=1&event=47');
  });

  it('filters by type and event, newest sign-up first', () => {
    expect(filterWaitingList(entries, { type: 'notified', eventId: null }).map((e) => e.waitingId)).toEqual([2, 3]);
    expect(filterWaitingList(entries, { type: 'notified', eventId: 47 }).map((e) => e.waitingId)).toEqual([3]);
    expect(filterWaitingList(entries, { type: '', eventId: null }).map((e) => e.waitingId)).toEqual([4, 2, 1, 3]);
  });

  it('lists known types in the spec’s order first, then unknown ones as sent', () => {
    expect(typesOf(entries, ['waiting', 'notified', 'converted'])).toEqual(['waiting', 'notified', 'on-hold']);
  });
});
