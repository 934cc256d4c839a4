import { describe, expect, it } from 'vitest';
import type { VisibleArea } from '../../lib/area';
import { currentNavPath } from './visible-areas';

const entry = (id: string, path: string, end?: boolean): VisibleArea => ({
  id,
  nav: { label: { nl: id, en: id }, icon: null, path, ...(end ? { end } : {}) },
});

const menu = [
  entry('dashboard', '/', true),
  entry('customers', '/customers'),
  entry('segments', '/customers/segments'),
  entry('orders', '/orders'),
  { id: 'no-menu' },
];

describe('the current menu entry', () => {
  it.each([
    ['/', '/'],
    ['/customers', '/customers'],
    ['/customers/12', '/customers'],
    ['/customers/duplicates', '/customers'],
    ['/customers/segments', '/customers/segments'],
    ['/customers/segments/4', '/customers/segments'],
    ['/orders/analysis', '/orders'],
    // Only the overview's own path is the overview; a page without an entry has none.
    ['/account', null],
    ['/customersx', null],
  ])('%s → %s', (pathname, expected) => {
    expect(currentNavPath(menu, pathname)).toBe(expected);
  });
});
