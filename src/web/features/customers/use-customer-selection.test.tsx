import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { CustomerMatch } from '@/contract/customer-search';
import { LocaleProvider } from '../../lib/i18n';
import { useCustomerSelection } from './use-customer-selection';

const customer = (customerId: number): CustomerMatch => ({
  customerId,
  customerFirstName: 'Klant',
  customerPreposition: '',
  customerLastName: String(customerId),
  email: `klant${customerId}@example.nl`,
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <LocaleProvider initialLocale="nl-NL">{children}</LocaleProvider>
);

describe('useCustomerSelection', () => {
  it('after a bulk change keeps only the customers it did not change (failed or not reached)', () => {
    const { result } = renderHook(() => useCustomerSelection(), { wrapper });
    act(() => {
      for (const id of [1, 2, 3, 4]) result.current.toggle(customer(id), true);
    });
    act(() => result.current.release(new Set([1, 3])));
    expect([...result.current.selected.keys()]).toEqual([2, 4]);
    // A change that reached everyone empties it.
    act(() => result.current.release(new Set([2, 4])));
    expect(result.current.selected.size).toBe(0);
  });
});
