import { REPORT_GROUPS, REPORT_MAX_DAYS, REPORT_SORTS, type ReportGrouping, type ReportSort } from '@/contract/reports';
import { addDays, isoLocalDate } from '@/web/lib/format';
import { validIsoDate } from '../order-ref';

/** The filters of the analysis; '' (or null) means "all". */
export interface AnalysisFilters {
  status: string;
  payment: string;
  channel: string;
  method: string;
  /** An event id, or null for all. */
  event: number | null;
  price: string;
  /** One day of the period, `YYYY-MM-DD`. */
  day: string;
  text: string;
}

export const NO_FILTERS: AnalysisFilters = {
  status: '',
  payment: '',
  channel: '',
  method: '',
  event: null,
  price: '',
  day: '',
  text: '',
};

export function hasFilters(filters: AnalysisFilters): boolean {
  return Boolean(
    filters.status ||
      filters.payment ||
      filters.channel ||
      filters.method ||
      filters.event !== null ||
      filters.price ||
      filters.day ||
      filters.text.trim(),
  );
}

/** The analysis as the URL holds it, so a view can be bookmarked, shared and reloaded. */
export interface AnalysisParams {
  /** Order dates, first and last day (inclusive), `YYYY-MM-DD`. */
  from: string;
  to: string;
  filters: AnalysisFilters;
  group: ReportGrouping;
  sort: ReportSort;
  page: number;
}

export const DEFAULT_PERIOD_DAYS = 30;

export const defaultPeriod = (now: Date) => ({
  from: isoLocalDate(addDays(now, -DEFAULT_PERIOD_DAYS)),
  to: isoLocalDate(now),
});

const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/** Whole days from `from` to `to`. */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

export function readAnalysisParams(search: URLSearchParams, now: Date): AnalysisParams {
  const period = defaultPeriod(now);
  // `since` is what links to the analysis said before it had a period with an end.
  let from = validIsoDate(search.get('from')) || validIsoDate(search.get('since')) || period.from;
  let to = validIsoDate(search.get('to')) || period.to;
  if (from > to) [from, to] = [to, from];
  if (daysBetween(from, to) > REPORT_MAX_DAYS)
    from = isoLocalDate(addDays(new Date(`${to}T12:00:00`), -REPORT_MAX_DAYS));
  const event = Number(search.get('event'));
  const page = Number(search.get('page'));
  return {
    from,
    to,
    filters: {
      status: search.get('status') ?? '',
      payment: search.get('payment') ?? '',
      channel: search.get('channel') ?? '',
      method: search.get('method') ?? '',
      event: Number.isInteger(event) && event > 0 ? event : null,
      price: search.get('price') ?? '',
      day: validIsoDate(search.get('day')),
      text: search.get('q') ?? '',
    },
    group: oneOf(REPORT_GROUPS, search.get('group'), 'none'),
    sort: oneOf(REPORT_SORTS, search.get('sort'), 'date-desc'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The search string for params; defaults are left out so the plain URL stays plain. */
export function writeAnalysisParams(params: AnalysisParams, now: Date): URLSearchParams {
  const search = new URLSearchParams();
  const period = defaultPeriod(now);
  if (params.from !== period.from) search.set('from', params.from);
  if (params.to !== period.to) search.set('to', params.to);
  for (const [key, value] of Object.entries(filterQuery(params.filters))) search.set(key, value);
  if (params.group !== 'none') search.set('group', params.group);
  if (params.sort !== 'date-desc') search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** The filters as the gateway's query parameters (the same names the URL uses). */
export function filterQuery(filters: AnalysisFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.status) query.status = filters.status;
  if (filters.payment) query.payment = filters.payment;
  if (filters.channel) query.channel = filters.channel;
  if (filters.method) query.method = filters.method;
  if (filters.event !== null) query.event = String(filters.event);
  if (filters.price) query.price = filters.price;
  if (filters.day) query.day = filters.day;
  if (filters.text.trim()) query.q = filters.text.trim();
  return query;
}

/** The period and filters for a report request. */
export const reportQuery = (params: Pick<AnalysisParams, 'from' | 'to' | 'filters'>) => ({
  from: params.from,
  to: params.to,
  ...filterQuery(params.filters),
});

/** The filter a click on a group sets: the analysis narrowed to that group's orders (none without grouping). */
export function groupFilter(grouping: ReportGrouping, key: string): Partial<AnalysisFilters> | null {
  switch (grouping) {
    case 'status':
      return { status: key };
    case 'payment':
      return { payment: key };
    case 'channel':
      return { channel: key };
    case 'method':
      return { method: key };
    case 'event':
      return { event: Number(key) };
    case 'price':
      return { price: key };
    case 'day':
      return { day: key };
    case 'none':
      return null;
  }
}
