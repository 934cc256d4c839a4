import type { Customer } from '../../contract/customer';
import type { CustomerRow as SeedCustomerRow } from '../service/db/seed/tables';
import { centsToDecimalString } from '../service/domain/money';
import { zonedIso } from '../service/domain/zoned-timestamps';

/** The columns of a customer row that its JSON is made from (the seed's row, with the instant as read back). */
export type CustomerRow = Omit<SeedCustomerRow, 'client_id' | 'last_changed'> & { last_changed: Date };

export const CUSTOMER_COLUMNS = `id, external_id, email, salutation, first_name, last_name, preposition, address,
  house_nr, zip, city, country, phone, credit_cents, custom1, custom2, custom3, custom4, custom5, custom6, custom7,
  prefs, tags, last_changed`;

/**
 * Customer of spec 2.7 from its row, in TypeScript. `customerPrefs` is passed through exactly as stored
 * (legacy forms included). Not the service's builder: the service shows the JSON that the trigger of
 * migration 009 keeps with each row (see customerOf in service/domain/customers.ts); this states the same
 * rules for test data made without a database (mirror-customers.ts), and the export tests check that the
 * trigger's JSON equals it for the same rows. The shape of both is the contract's customerSchema.
 */
export function toCustomer(row: CustomerRow, timeZone: string): Customer {
  return {
    customerId: row.id,
    customerExternalId: row.external_id,
    email: row.email,
    customerSalutation: row.salutation,
    customerFirstName: row.first_name,
    customerLastName: row.last_name,
    customerPreposition: row.preposition,
    customerAddress: row.address,
    customerHouseNr: row.house_nr,
    customerZip: row.zip,
    customerCity: row.city,
    customerCountry: row.country,
    customerPhone: row.phone,
    customerCredit: centsToDecimalString(row.credit_cents),
    customerCustom1: row.custom1,
    customerCustom2: row.custom2,
    customerCustom3: row.custom3,
    customerCustom4: row.custom4,
    customerCustom5: row.custom5,
    customerCustom6: row.custom6,
    customerCustom7: row.custom7,
    customerPrefs: row.prefs,
    lastChanged: zonedIso(row.last_changed, timeZone),
    customerTags: row.tags.length > 0 ? row.tags.join(',') : null,
  };
}
