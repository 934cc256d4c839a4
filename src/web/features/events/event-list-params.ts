import { addDays, calendarDay, isoLocalDate } from '../../lib/format';
import type { EventRange } from '../../lib/queries/event-queries';
import type { PartnerEvent } from '../../lib/schemas/partner-event';

/** The date presets of the events list; `next60` is the default (today and the 60 days after it). */
export const RANGE_PRESETS = ['next60', 'today', 'week', 'month', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const GROUPINGS = ['day', 'production'] as const;
export type Grouping = (typeof GROUPINGS)[number];
export const DEFAULT_DAYS_AHEAD = 60;

/** Everything the list shows, read from the URL so a view can be bookmarked, shared and reloaded. */
export interface EventListParams {
  preset: RangePreset;
  range: EventRange;
  group: Grouping;
  type: string;
  hall: number | null;
  tag: string;
  text: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/** Monday-based week and calendar month, in the browser's (the venue's) calendar. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date): EventRange {
  const today = isoLocalDate(now);
  switch (preset) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'week': {
      const sinceMonday = (now.getDay() + 6) % 7;
      const monday = addDays(now, -sinceMonday);
      return { startDate: isoLocalDate(monday), endDate: isoLocalDate(addDays(monday, 6)) };
    }
    case 'month': {
      const first = new Date(now.getFullYear(), now.getMonth(), 1);
      const last = new Date(now.getFullYear(), now.getMonth() + 1, 0);
      return { startDate: isoLocalDate(first), endDate: isoLocalDate(last) };
    }
    case 'next60':
      return { startDate: today, endDate: isoLocalDate(addDays(now, DEFAULT_DAYS_AHEAD)) };
  }
}

/** The period part of the URL (`range`, and `from`/`to` for a custom one), shared by the list and the occupancy page. */
export interface RangeParams {
  preset: RangePreset;
  range: EventRange;
}

export function readRangeParams(search: URLSearchParams, now: Date): RangeParams {
  const preset = oneOf(RANGE_PRESETS, search.get('range'), 'next60');
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (preset === 'custom') {
    if (ISO_DATE.test(from) && ISO_DATE.test(to) && from <= to)
      return { preset, range: { startDate: from, endDate: to } };
    // A custom range without two valid dates falls back to the default rather than to an error page.
    return { preset: 'next60', range: presetRange('next60', now) };
  }
  return { preset, range: presetRange(preset, now) };
}

/** Sets the period on `search`; the default period is left out so the plain URL stays plain. */
export function writeRangeParams(search: URLSearchParams, { preset, range }: RangeParams): URLSearchParams {
  search.delete('range');
  search.delete('from');
  search.delete('to');
  if (preset !== 'next60') search.set('range', preset);
  if (preset === 'custom') {
    search.set('from', range.startDate);
    search.set('to', range.endDate);
  }
  return search;
}

export function readEventListParams(search: URLSearchParams, now: Date): EventListParams {
  const hall = Number(search.get('hall'));
  return {
    ...readRangeParams(search, now),
    group: oneOf(GROUPINGS, search.get('group'), 'day'),
    type: search.get('type') ?? '',
    hall: Number.isInteger(hall) && hall > 0 ? hall : null,
    tag: search.get('tag') ?? '',
    text: search.get('q') ?? '',
  };
}

/** The search string for params; defaults are left out so the plain URL stays plain. */
export function writeEventListParams(params: EventListParams): URLSearchParams {
  const search = writeRangeParams(new URLSearchParams(), params);
  if (params.group !== 'day') search.set('group', params.group);
  if (params.type) search.set('type', params.type);
  if (params.hall !== null) search.set('hall', String(params.hall));
  if (params.tag) search.set('tag', params.tag);
  if (params.text) search.set('q', params.text);
  return search;
}

export function filterEvents(events: readonly PartnerEvent[], params: EventListParams): PartnerEvent[] {
  const text = params.text.trim().toLocaleLowerCase();
  const tag = params.tag.toLocaleLowerCase();
  return events
    .filter(
      (event) =>
        (!params.type || event.eventType === params.type) &&
        (params.hall === null || event.hallId === params.hall) &&
        (!tag || event.eventTags.some((candidate) => candidate.toLocaleLowerCase() === tag)) &&
        (!text || event.eventName.toLocaleLowerCase().includes(text)),
    )
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.eventId - b.eventId);
}

export interface EventGroup {
  key: string;
  /** A day (`YYYY-MM-DD`) or the production's first event, for its heading. */
  first: PartnerEvent;
  events: PartnerEvent[];
}

/** Groups sorted events by local day or by production, each group in the order its first event starts. */
export function groupEvents(events: readonly PartnerEvent[], group: Grouping): EventGroup[] {
  const groups = new Map<string, EventGroup>();
  for (const event of events) {
    const key = group === 'day' ? calendarDay(event.start) : String(event.productionId);
    const existing = groups.get(key);
    if (existing) existing.events.push(event);
    else groups.set(key, { key, first: event, events: [event] });
  }
  return [...groups.values()];
}

/** Every tag in the events, for the tag filter. */
export function tagsOf(events: readonly PartnerEvent[]): string[] {
  return [...new Set(events.flatMap((event) => event.eventTags))].sort((a, b) => a.localeCompare(b));
}
