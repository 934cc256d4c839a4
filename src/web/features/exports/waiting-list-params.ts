import type { WaitingEntry } from './waiting-list-schema';

/** The waiting list's filters, in the URL (`?type=waiting&event=34`) so a view can be shared and reloaded. */
export interface WaitingListParams {
  type: string;
  eventId: number | null;
}

export function readWaitingListParams(search: URLSearchParams): WaitingListParams {
  const eventId = Number(search.get('event'));
  return {
    type: search.get('type')?.trim() ?? '',
    eventId: Number.isSafeInteger(eventId) && eventId > 0 ? eventId : null,
  };
}

/** Writes the filters into `search`, keeping other parameters; a filter change goes back to page 1. */
export function writeWaitingListParams(search: URLSearchParams, params: WaitingListParams): URLSearchParams {
  const next = new URLSearchParams(search);
  if (params.type) next.set('type', params.type);
  else next.delete('type');
  if (params.eventId !== null) next.set('event', String(params.eventId));
  else next.delete('event');
  next.delete('page');
  return next;
}

/** Entries matching the filters, newest sign-up first. */
export function filterWaitingList(entries: readonly WaitingEntry[], params: WaitingListParams): WaitingEntry[] {
  return entries
    .filter(
      (entry) =>
        (!params.type || entry.type === params.type) && (params.eventId === null || entry.eventId === params.eventId),
    )
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.waitingId - a.waitingId);
}

/** The types present, known ones in the spec's order first, for the type filter. */
export function typesOf(entries: readonly WaitingEntry[], known: readonly string[]): string[] {
  const present = new Set(entries.map((entry) => entry.type).filter(Boolean));
  return [...known.filter((type) => present.has(type)), ...[...present].filter((type) => !known.includes(type)).sort()];
}
