import { addDays, isoLocalDate } from '../../../lib/format';
import { validIsoDate } from '../order-ref';
import { type AnalysisFilters, GROUPS, type Grouping, SORTS, type SortOrder } from './analysis-model';

/** The analysis as the URL holds it, so a view can be bookmarked, shared and reloaded. */
export interface AnalysisParams {
  /** Orders changed since this day (`YYYY-MM-DD`): what is loaded. */
  since: string;
  filters: AnalysisFilters;
  group: Grouping;
  sort: SortOrder;
}

export const DEFAULT_PERIOD_DAYS = 30;

export const defaultSince = (now: Date) => isoLocalDate(addDays(now, -DEFAULT_PERIOD_DAYS));

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

export function readAnalysisParams(search: URLSearchParams, now: Date): AnalysisParams {
  const event = Number(search.get('event'));
  return {
    since: validIsoDate(search.get('since')) || defaultSince(now),
    filters: {
      status: search.get('status') ?? '',
      payment: search.get('payment') ?? '',
      channel: search.get('channel') ?? '',
      method: search.get('method') ?? '',
      event: Number.isInteger(event) && event > 0 ? event : null,
      day: validIsoDate(search.get('day')),
      text: search.get('q') ?? '',
    },
    group: oneOf(GROUPS, search.get('group'), 'none'),
    sort: oneOf(SORTS, search.get('sort'), 'date-desc'),
  };
}

/** The search string for params; defaults are left out so the plain URL stays plain. */
export function writeAnalysisParams(params: AnalysisParams, now: Date): URLSearchParams {
  const search = new URLSearchParams();
  if (params.since !== defaultSince(now)) search.set('since', params.since);
  const { filters } = params;
  if (filters.status) search.set('status', filters.status);
  if (filters.payment) search.set('payment', filters.payment);
  if (filters.channel) search.set('channel', filters.channel);
  if (filters.method) search.set('method', filters.method);
  if (filters.event !== null) search.set('event', String(filters.event));
  if (filters.day) search.set('day', filters.day);
  if (filters.text) search.set('q', filters.text);
  if (params.group !== 'none') search.set('group', params.group);
  if (params.sort !== 'date-desc') search.set('sort', params.sort);
  return search;
}
