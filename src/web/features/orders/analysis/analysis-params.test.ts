import { describe, expect, it } from 'vitest';
import {
  defaultPeriod,
  groupFilter,
  NO_FILTERS,
  readAnalysisParams,
  reportQuery,
  writeAnalysisParams,
} from './analysis-params';

const now = new Date(2026, 10, 23, 12, 0);

describe('analysis params', () => {
  it('reads the last 30 days without filters from a plain URL, and writes it back plain', () => {
    const params = readAnalysisParams(new URLSearchParams(), now);
    expect(params).toEqual({
      from: '2026-10-24',
      to: '2026-11-23',
      filters: NO_FILTERS,
      group: 'none',
      sort: 'date-desc',
      page: 1,
    });
    expect(writeAnalysisParams(params, now).toString()).toBe('');
  });

  it('keeps period, filters, grouping, sort and page through the URL', () => {
    const search = new URLSearchParams(
      'from=2026-01-01&to=2026-03-31&channel=sp&event=47&price=65%2B&q=jansen&group=price&sort=amount-desc&page=3',
    );
    const params = readAnalysisParams(search, now);
    expect(params).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-31',
      group: 'price',
      sort: 'amount-desc',
      page: 3,
      filters: { channel: 'sp', event: 47, price: '65+', text: 'jansen' },
    });
    expect(readAnalysisParams(writeAnalysisParams(params, now), now)).toEqual(params);
    expect(reportQuery(params)).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      channel: 'sp',
      event: '47',
      price: '65+',
      q: 'jansen',
    });
  });

  it('takes the old `since` as the start, turns a reversed period round and keeps it within three years', () => {
    expect(readAnalysisParams(new URLSearchParams('since=2026-11-01'), now)).toMatchObject({
      from: '2026-11-01',
      to: defaultPeriod(now).to,
    });
    expect(readAnalysisParams(new URLSearchParams('from=2026-05-01&to=2026-02-01'), now)).toMatchObject({
      from: '2026-02-01',
      to: '2026-05-01',
    });
    const long = readAnalysisParams(new URLSearchParams('from=2010-01-01&to=2026-11-23'), now);
    expect(long.from >= '2023-11-01').toBe(true);
  });

  it('ignores what is not a filter, a grouping or a sort', () => {
    const params = readAnalysisParams(new URLSearchParams('from=yesterday&event=-4&group=colour&sort=x&page=0'), now);
    expect(params).toMatchObject({ from: defaultPeriod(now).from, group: 'none', sort: 'date-desc', page: 1 });
    expect(params.filters.event).toBeNull();
  });
});

describe('groupFilter', () => {
  it("narrows to the picked group's orders: the group's key as the filter of its kind", () => {
    expect(groupFilter('status', 'C')).toEqual({ status: 'C' });
    expect(groupFilter('payment', 'P')).toEqual({ payment: 'P' });
    expect(groupFilter('channel', 'web')).toEqual({ channel: 'web' });
    expect(groupFilter('method', 'iDEAL')).toEqual({ method: 'iDEAL' });
    expect(groupFilter('event', '42')).toEqual({ event: 42 });
    expect(groupFilter('price', 'Normaal')).toEqual({ price: 'Normaal' });
    expect(groupFilter('day', '2026-11-23')).toEqual({ day: '2026-11-23' });
  });

  it('sets nothing without grouping', () => {
    expect(groupFilter('none', 'x')).toBeNull();
  });
});
