import { z } from 'zod';
import { OPTIN_STATES, type OptinState } from './customer-prefs';
import {
  CUSTOMER_LOOKUP_MIN_LENGTH,
  CUSTOMER_PAGE_SIZE_MAX,
  CUSTOMER_SORT_COLUMNS,
  type CustomerSearchParams,
} from './customer-search';

/**
 * The customer search's query strings as the gateway validates them. Apart from customer-search.ts, which the
 * app's first screens load without zod (the app builds these queries from its URL, it does not validate them).
 */

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** `GET /api/customers`. */
export const customerSearchQuerySchema = z.object({
  q: text(200).optional(),
  tag: text(255).optional(),
  optin: z
    .enum(OPTIN_STATES as [OptinState, ...OptinState[]], { error: "optin must be 'yes', 'no' or 'unknown'" })
    .optional(),
  since: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, YYYY-MM-DD')
    .optional(),
  sort: z.enum(CUSTOMER_SORT_COLUMNS, { error: `sort must be one of ${CUSTOMER_SORT_COLUMNS.join(', ')}` }).optional(),
  dir: z.enum(['asc', 'desc'], { error: "dir must be 'asc' or 'desc'" }).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  perPage: z.coerce.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).optional(),
}) satisfies z.ZodType<CustomerSearchParams>;

/** `GET /api/customers/lookup`: the box office's buyer lookup. */
export const customerLookupQuerySchema = z.object({
  q: text(200).min(CUSTOMER_LOOKUP_MIN_LENGTH, `Type at least ${CUSTOMER_LOOKUP_MIN_LENGTH} characters`),
});
