import { useCallback, useRef, useState } from 'react';
import type { CustomerMatch } from '@/contract/customer-search';
import { CUSTOMER_PAGE_SIZE } from '@/contract/customer-search';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { type CustomerListParams, searchParamsOf } from './customer-list-params';
import { fetchCustomerMatches } from './customer-queries';
import { customersMessages } from './customers-messages';

/**
 * The customers selected for a bulk tag change, by id: rows toggled one by one, or all matches of a search
 * at once (the gateway caps those; a capped selection says so). The selection follows the results: another
 * search or filter clears it (`clear`), so "n geselecteerd" are always customers of the list on screen and
 * the bulk change never reaches customers the person no longer sees.
 */
export function useCustomerSelection() {
  const t = useMessages(customersMessages);
  const { locale } = useLocale();
  const [selected, setSelected] = useState<Map<number, CustomerMatch>>(() => new Map());
  // Bumped by each clear: the matches of a search that was left while they were read are not selected.
  const generation = useRef(0);

  const selectAllMatches = async (text: string, params: CustomerListParams) => {
    const asked = generation.current;
    const { page: _page, perPage: _perPage, ...all } = searchParamsOf(text, params, 1, CUSTOMER_PAGE_SIZE);
    const matches = await fetchCustomerMatches(all);
    if (generation.current !== asked) return;
    setSelected(new Map(matches.data.map((customer) => [customer.customerId, customer])));
    if (matches.truncated) {
      void notify({
        color: 'yellow',
        message: t('selectTruncated', { count: formatNumber(matches.data.length, locale) }),
      });
    }
  };

  const toggle = useCallback(
    (customer: CustomerMatch, on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        if (on) next.set(customer.customerId, customer);
        else next.delete(customer.customerId);
        return next;
      }),
    [],
  );

  const clear = useCallback(() => {
    generation.current += 1;
    setSelected((current) => (current.size === 0 ? current : new Map()));
  }, []);

  /** After a bulk change: those it changed leave the selection, those it did not (failed, stopped) stay. */
  const release = useCallback(
    (customerIds: ReadonlySet<number>) =>
      setSelected((current) => {
        if (customerIds.size === 0) return current;
        const next = new Map(current);
        for (const id of customerIds) next.delete(id);
        return next;
      }),
    [],
  );

  return { selected, toggle, clear, release, selectAllMatches };
}
