import { z } from 'zod';
import { isoDateTimeSchema, publicDecimalSchema } from './common';
import { CUSTOMER_CREDIT_MAX, CUSTOMER_FIELD_MAX } from './customer-limits';
import { paginated } from './pagination';

/**
 * `customerPrefs` (spec 2.7): passed through as stored. Values may be "1"/"0", integers or booleans, keys
 * may be missing (treat as 0) and unknown keys may appear, so it is an open record.
 */
export const customerPrefsSchema = z
  .record(z.string(), z.unknown())
  .nullable()
  .meta({ description: 'Opt-in preferences, read-only; legacy value forms ("1", 1, true) are kept as stored' });

/**
 * Customer (spec 2.7), as the partner group returns it. The reference service builds it in one place, the
 * trigger that keeps each row's JSON (service migration 009; see customerOf in service/domain/customers.ts);
 * src/server/testing/customer-json.ts states the same builder in TypeScript for test data.
 */
export const customerSchema = z
  .object({
    customerId: z.number().int(),
    customerExternalId: z.string().nullable(),
    email: z.string(),
    customerSalutation: z.string(),
    customerFirstName: z.string(),
    customerLastName: z.string(),
    customerPreposition: z.string(),
    customerAddress: z.string(),
    customerHouseNr: z.string(),
    customerZip: z.string(),
    customerCity: z.string(),
    customerCountry: z.string(),
    customerPhone: z.string(),
    customerCredit: publicDecimalSchema.meta({ description: 'Credit balance, a decimal string such as "12.50"' }),
    customerCustom1: z.string().nullable(),
    customerCustom2: z.string().nullable(),
    customerCustom3: z.string().nullable(),
    customerCustom4: z.string().nullable(),
    customerCustom5: z.string().nullable(),
    customerCustom6: z.string().nullable(),
    customerCustom7: z.string().nullable(),
    customerPrefs: customerPrefsSchema,
    lastChanged: isoDateTimeSchema,
    customerTags: z.string().nullable().meta({ description: 'Assigned client types, comma-separated; null when none' }),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;

const MAX = CUSTOMER_FIELD_MAX;

const CREDIT_PATTERN = /^-?\d+(\.\d{1,2})?$/;

/** A text field with human-readable messages; the app's forms show them as they are. */
function text(label: string, max: number, options: { required?: boolean } = {}) {
  const schema = z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .max(max, max === 1 ? `${label} must be a single character.` : `${label} may be at most ${max} characters.`);
  return options.required ? schema.refine((value) => value.trim().length > 0, `${label} is required.`) : schema;
}

function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text or null.` })
    .max(max, `${label} may be at most ${max} characters.`)
    .nullable()
    .optional();
}

const emailSchema = z
  .email({
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? 'Email is required.' : 'Email must be a valid email address.',
  })
  .max(MAX.email, `Email may be at most ${MAX.email} characters.`);

const phoneSchema = z
  .string({ error: 'Phone must be text.' })
  .regex(/^(\+?\d+)?$/, 'Phone must be numeric (digits, optionally starting with +).')
  .max(MAX.customerPhone, `Phone may be at most ${MAX.customerPhone} characters.`);

/** A decimal with at most two decimals, as a string ("12.50") or a JSON number (12.5). */
export const customerCreditInputSchema = z
  .union([z.string(), z.number()], { error: 'Credit must be a decimal number.' })
  .refine((value) => CREDIT_PATTERN.test(String(value).trim()), 'Credit must be a decimal with at most 2 decimals.')
  .refine(
    (value) => Math.abs(Number(String(value).trim())) <= CUSTOMER_CREDIT_MAX,
    `Credit may be at most ${CUSTOMER_CREDIT_MAX} (positive or negative).`,
  );

/** Rejects any value: create and update do not accept `customerPrefs` (spec 2.7 rule 5). */
const readOnlyPrefs = z
  .unknown()
  .refine((value) => value === undefined, 'customerPrefs is read-only.')
  .optional()
  .meta({ description: 'Read-only: a body that sends it is refused (422)' });

const writableFields = {
  customerExternalId: optionalText('External id', MAX.customerExternalId),
  customerSalutation: text('Salutation', MAX.customerSalutation).optional(),
  customerPreposition: text('Preposition', MAX.customerPreposition).optional(),
  customerAddress: text('Address', MAX.customerAddress).optional(),
  customerHouseNr: text('House number', MAX.customerHouseNr).optional(),
  customerZip: text('Zip code', MAX.customerZip).optional(),
  customerCity: text('City', MAX.customerCity).optional(),
  customerCountry: text('Country', MAX.customerCountry).optional(),
  customerPhone: phoneSchema.optional(),
  customerCredit: customerCreditInputSchema.optional(),
  customerCustom1: optionalText('Custom field 1', MAX.customerCustom1),
  customerCustom2: optionalText('Custom field 2', MAX.customerCustom2),
  customerCustom3: optionalText('Custom field 3', MAX.customerCustom3),
  customerCustom4: optionalText('Custom field 4', MAX.customerCustom4),
  customerCustom5: optionalText('Custom field 5', MAX.customerCustom5),
  customerCustom6: optionalText('Custom field 6', MAX.customerCustom6),
  customerCustom7: optionalText('Custom field 7', MAX.customerCustom7),
  customerPrefs: readOnlyPrefs,
};

/**
 * Body of `POST /partner/customer` (spec 2.7 constraints, DESIGN.md decision 13). Unknown fields are
 * ignored. Email uniqueness is checked by the service, not here.
 */
export const customerCreateSchema = z
  .object({
    email: emailSchema,
    customerFirstName: text('First name', MAX.customerFirstName, { required: true }),
    customerLastName: text('Last name', MAX.customerLastName, { required: true }),
    ...writableFields,
  })
  .meta({ id: 'CustomerCreate' });
export type CustomerCreate = z.infer<typeof customerCreateSchema>;

/** Body of `PUT /partner/customer/{customerId}`: the same fields, all optional; only sent fields change. */
export const customerUpdateSchema = z
  .object({
    email: emailSchema.optional(),
    customerFirstName: text('First name', 255, { required: true }).optional(),
    customerLastName: text('Last name', 255, { required: true }).optional(),
    ...writableFields,
  })
  .meta({ id: 'CustomerUpdate' });
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

/** Body of `POST /partner/customer/findByEmail`; the match is case-insensitive. */
export const findByEmailSchema = z.object({ email: emailSchema }).meta({ id: 'FindCustomerByEmail' });

/** Body of `POST /partner/customer/{customerId}/clienttypes`: replaces all tags; [] removes all. */
export const clientTypesBodySchema = z
  .object({
    clienttypes: z.array(z.string({ error: 'Each client type must be text.' }), {
      error: 'clienttypes must be an array of client type names.',
    }),
  })
  .meta({ id: 'CustomerClientTypes' });

/** A customer's tags, and the client's valid tags (`GET /partner/export/clienttypes`). */
export const clientTypeListSchema = z.array(z.string());

/** `POST /partner/export/customers`: customers including customerPrefs, oldest change first. */
export const customerPageSchema = paginated(customerSchema).meta({ id: 'CustomerPage' });
