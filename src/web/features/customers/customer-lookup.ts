import { useDebouncedValue } from '@mantine/hooks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { can, type Session } from '../../app/session';
import { apiClient } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { customerKeys, customerQueries } from '../../lib/queries/customer-queries';
import { type Customer, customerSchema } from '../../lib/schemas/customer';
import { isExactEmail } from './use-customer-directory';

/**
 * How the customer picker finds a buyer. `directory`: the whole customer base loads in the background and is
 * searched locally (name, email, phone) — for people who may browse customers (customers:read). `lookup`: a
 * seller with customers:lookup only may not read the list (the gateway refuses the export), so the picker
 * asks the service for one customer by exact email or customer number, and never starts the directory load.
 */
export type PickerMode = 'directory' | 'lookup';

export function pickerMode(session: Session | null | undefined): PickerMode {
  return can(session, ['customers:read']) ? 'directory' : 'lookup';
}

/** What a seller typed, as something the service can be asked about; `none` until it is one. */
export type LookupKey = { kind: 'email'; email: string } | { kind: 'number'; customerId: number } | { kind: 'none' };

/** Customer numbers are positive integers; `#1234` as the app shows them, or just the digits (no leading 0: a phone). */
const CUSTOMER_NUMBER = /^#?\s*([1-9]\d{0,8})$/;

export function parseLookup(text: string): LookupKey {
  const trimmed = text.trim();
  if (isExactEmail(trimmed)) return { kind: 'email', email: trimmed };
  const number = CUSTOMER_NUMBER.exec(trimmed);
  if (number?.[1]) return { kind: 'number', customerId: Number(number[1]) };
  return { kind: 'none' };
}

/** `GET /partner/customer/{id}`: the customer with that number, or null when there is none (404). */
export async function findCustomerByNumber(customerId: number, signal?: AbortSignal): Promise<Customer | null> {
  try {
    return await apiClient.get(`/partner/customer/${customerId}`, { schema: customerSchema, signal });
  } catch (error) {
    if (isApiError(error) && (error.kind === 'notFound' || error.kind === 'validation')) return null;
    throw error;
  }
}

const byNumber = (customerId: number) =>
  queryOptions({
    queryKey: [...customerKeys.all, 'by-number', customerId] as const,
    queryFn: ({ signal }) => findCustomerByNumber(customerId, signal),
    staleTime: 10_000,
  });

/** The picker's answer in lookup mode, shaped like the directory search's (see useCustomerQuery). */
export interface LookupState {
  key: LookupKey;
  /** The customer found (one at most), [] when the service has none; undefined while asking or before a key. */
  rows: Customer[] | undefined;
  pending: boolean;
  error: unknown;
}

/** Typing pauses this long before the service is asked (`12`, `123`, `1234` are each a customer number). */
export const LOOKUP_DEBOUNCE_MS = 200;

/**
 * Asks the service for the customer `text` names (exact email or customer number), once typing pauses; nothing
 * when `enabled` is false. Until the answer is for the text as it stands, there are no rows (Enter must never
 * take the customer of `#3` when `#37` has been typed).
 */
export function useCustomerLookup(text: string, enabled: boolean): LookupState {
  const [settled] = useDebouncedValue(text, LOOKUP_DEBOUNCE_MS);
  const key = useMemo<LookupKey>(() => (enabled ? parseLookup(text) : { kind: 'none' }), [text, enabled]);
  const asked = useMemo<LookupKey>(() => (enabled ? parseLookup(settled) : { kind: 'none' }), [settled, enabled]);
  const email = asked.kind === 'email' ? asked.email : '';
  const customerId = asked.kind === 'number' ? asked.customerId : 0;
  const emailQuery = useQuery({ ...customerQueries.byEmail(email), enabled: email !== '' });
  const numberQuery = useQuery({ ...byNumber(customerId), enabled: customerId > 0 });
  const query = asked.kind === 'email' ? emailQuery : asked.kind === 'number' ? numberQuery : null;
  const current = settled === text;
  const data = current ? query?.data : undefined;
  return {
    key,
    rows: query && data !== undefined ? (data ? [data] : []) : undefined,
    pending: key.kind !== 'none' && (!current || (query?.isFetching ?? false)),
    error: current ? (query?.error ?? null) : null,
  };
}
