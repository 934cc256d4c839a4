/**
 * The limits of a customer's fields (spec 2.7), apart from the schemas so that the app's forms take them
 * without loading zod: the service checks them through src/contract/customer.ts, the app's form the same.
 */

/** Longest value of the free-text fields the spec leaves unbounded (external id, custom fields). */
export const CUSTOMER_FREE_TEXT_MAX = 255;

/** The longest value of each text field a customer body may send (spec 2.7), for the service and the app's form. */
export const CUSTOMER_FIELD_MAX = {
  email: 255,
  customerFirstName: 255,
  customerLastName: 255,
  customerSalutation: 1,
  customerPreposition: 255,
  customerAddress: 255,
  customerHouseNr: 20,
  customerZip: 10,
  customerCity: 255,
  customerCountry: 255,
  customerPhone: 30,
  customerExternalId: CUSTOMER_FREE_TEXT_MAX,
  customerCustom1: CUSTOMER_FREE_TEXT_MAX,
  customerCustom2: CUSTOMER_FREE_TEXT_MAX,
  customerCustom3: CUSTOMER_FREE_TEXT_MAX,
  customerCustom4: CUSTOMER_FREE_TEXT_MAX,
  customerCustom5: CUSTOMER_FREE_TEXT_MAX,
  customerCustom6: CUSTOMER_FREE_TEXT_MAX,
  customerCustom7: CUSTOMER_FREE_TEXT_MAX,
} as const;

/** Largest credit the service stores (integer cents in a 32-bit column). */
export const CUSTOMER_CREDIT_MAX = 21_474_836.47;
