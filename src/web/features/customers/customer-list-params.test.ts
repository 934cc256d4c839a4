import { describe, expect, it } from 'vitest';
import { readCustomerListParams, searchParamsOf, writeCustomerListParams } from './customer-list-params';

const read = (search: string) => readCustomerListParams(new URLSearchParams(search));

describe('customer list params', () => {
  it('reads a column sort in its first direction, and dir for the other', () => {
    expect(read('').sort).toBeNull();
    expect(read('sort=name').sort).toEqual({ column: 'name', descending: false });
    // Links from before header sorting keep their meaning: newest and highest first.
    expect(read('sort=lastChanged').sort).toEqual({ column: 'lastChanged', descending: true });
    expect(read('sort=credit&dir=asc').sort).toEqual({ column: 'credit', descending: false });
    expect(read('sort=city&dir=desc').sort).toEqual({ column: 'city', descending: true });
    expect(read('sort=relevance').sort).toBeNull();
    expect(read('sort=phone').sort).toBeNull();
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    const params = { tag: 'VIP', optin: 'yes' as const, since: '2026-11-01', sort: null };
    expect(writeCustomerListParams(params).toString()).toBe('tag=VIP&optin=yes&since=2026-11-01');
    for (const sort of [
      { column: 'email' as const, descending: false },
      { column: 'email' as const, descending: true },
      { column: 'lastChanged' as const, descending: true },
      { column: 'lastChanged' as const, descending: false },
    ]) {
      const written = writeCustomerListParams({ ...params, sort });
      expect(readCustomerListParams(written)).toEqual({ ...params, sort });
    }
    expect(writeCustomerListParams({ ...params, sort: { column: 'credit', descending: true } }).get('dir')).toBeNull();
  });

  it('drops values it does not know', () => {
    expect(read('optin=maybe&since=gisteren')).toEqual({ tag: '', optin: '', since: '', sort: null });
  });
});

describe('searchParamsOf', () => {
  it('asks the gateway for the text, filters, sort with its direction, and the page', () => {
    expect(
      searchParamsOf('  jansen 1234 ab ', { tag: 'VIP', optin: 'no', since: '2026-11-01', sort: null }, 3, 100),
    ).toEqual({ q: 'jansen 1234 ab', tag: 'VIP', optin: 'no', since: '2026-11-01', page: 3, perPage: 100 });
    expect(
      searchParamsOf('', { tag: '', optin: '', since: '', sort: { column: 'credit', descending: true } }, 1, 100),
    ).toEqual({ sort: 'credit', dir: 'desc', page: 1, perPage: 100 });
  });
});
