import { z } from 'zod/mini';
import { lenientInt, lenientNullableString, lenientString } from '../../lib/lenient';
import { personName } from '../../lib/person-name';

/** The inline customer, as far as the waiting-list table needs it. */
const waitingCustomerSchema = z.object({
  email: lenientString,
  customerFirstName: lenientString,
  customerPreposition: lenientString,
  customerLastName: lenientString,
});

/** The app's reading of a WaitinglistExport (spec 2.12; contract: src/contract/waiting-list.ts). */
export const waitingEntrySchema = z.object({
  waitingId: lenientInt,
  customerId: lenientInt,
  eventId: lenientInt,
  numberOfTickets: z.catch(lenientInt, 0),
  type: z.catch(z.string(), ''),
  createdAt: z.string(),
  notifiedAt: lenientNullableString,
  user: z.catch(z.nullable(waitingCustomerSchema), null),
});
export type WaitingEntry = z.infer<typeof waitingEntrySchema>;

const numberOr = (fallback: number) => z.catch(lenientInt, fallback);

/** A page of the waiting-list export, lenient in the envelope's details. */
export const waitingPageSchema = z.object({
  data: z.array(waitingEntrySchema),
  current_page: numberOr(1),
  last_page: lenientInt,
  per_page: numberOr(100),
  total: lenientInt,
  next_page_url: z.catch(z.nullable(z.string()), null),
  prev_page_url: z.catch(z.nullable(z.string()), null),
  first_page_url: z.catch(z.string(), ''),
  last_page_url: z.catch(z.string(), ''),
  from: numberOr(0),
  to: numberOr(0),
  path: z.catch(z.string(), ''),
});

/** "Anna de Vries", or the email when the name is empty. */
export function customerName(user: WaitingEntry['user']): string {
  if (!user) return '';
  return personName(user) || user.email;
}
