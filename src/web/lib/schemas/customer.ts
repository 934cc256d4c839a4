import { z } from 'zod/mini';
import {
  lenientCustomerPrefs,
  lenientDecimal,
  lenientInt,
  lenientNullableString,
  lenientString,
  lenientTags,
} from '../lenient';

/**
 * The app's reading of a Customer (spec 2.7; contract: src/contract/customer.ts). Lenient where a real
 * service may differ: ids and credit as strings or numbers, tags as a comma-separated string or an array,
 * preferences in their legacy forms (read by the five rules of 2.7 into `customerPrefs`).
 */
export const customerSchema = z.object({
  customerId: lenientInt,
  customerExternalId: lenientNullableString,
  email: lenientString,
  customerSalutation: lenientString,
  customerFirstName: lenientString,
  customerLastName: lenientString,
  customerPreposition: lenientString,
  customerAddress: lenientString,
  customerHouseNr: lenientString,
  customerZip: lenientString,
  customerCity: lenientString,
  customerCountry: lenientString,
  customerPhone: lenientString,
  // A missing or unreadable credit shows as 0 rather than hiding the whole customer.
  customerCredit: z.catch(lenientDecimal, 0),
  customerCustom1: lenientNullableString,
  customerCustom2: lenientNullableString,
  customerCustom3: lenientNullableString,
  customerCustom4: lenientNullableString,
  customerCustom5: lenientNullableString,
  customerCustom6: lenientNullableString,
  customerCustom7: lenientNullableString,
  customerPrefs: lenientCustomerPrefs,
  lastChanged: z.catch(z.string(), ''),
  customerTags: lenientTags,
});
export type Customer = z.infer<typeof customerSchema>;

/** The paginated customer export (spec 2.14): only what the loader needs of the envelope, read leniently. */
export const customerPageSchema = z.object({
  data: z.array(customerSchema),
  current_page: lenientInt,
  last_page: lenientInt,
  per_page: z.catch(lenientInt, 100),
  total: lenientInt,
  next_page_url: z.catch(lenientNullableString, null),
  prev_page_url: z.catch(lenientNullableString, null),
  first_page_url: z.catch(z.string(), ''),
  last_page_url: z.catch(z.string(), ''),
  from: z.catch(lenientInt, 0),
  to: z.catch(lenientInt, 0),
  path: z.catch(z.string(), ''),
});

/** `GET /partner/customer/{id}/clienttypes`, `GET /partner/export/clienttypes`: a list of tag names. */
export const tagListSchema = lenientTags;

/** "Anna de Vries": first name, preposition and last name as the Dutch write them. */
export function customerName(
  customer: Pick<Customer, 'customerFirstName' | 'customerPreposition' | 'customerLastName'>,
) {
  return [customer.customerFirstName, customer.customerPreposition, customer.customerLastName]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
}
