import { z } from 'zod';
import type { Permission } from './staff';

/**
 * The names an organisation gives the seven custom fields of its customers (spec 2.7: "Custom fields, configured
 * per organisation"): `GET /api/custom-fields` answers them, `PUT` replaces them. A field without a name is ''
 * and shows as "Custom field n".
 */
export const CUSTOM_FIELDS = [
  'customerCustom1',
  'customerCustom2',
  'customerCustom3',
  'customerCustom4',
  'customerCustom5',
  'customerCustom6',
  'customerCustom7',
] as const;
export type CustomField = (typeof CUSTOM_FIELDS)[number];

/** Who reads the names (any one of them): whoever sees customers' records whole — the list and page, the form,
 * the duplicates side by side. Who fills the fields (customers:write) names them. */
export const CUSTOM_FIELD_READ_PERMISSIONS: readonly Permission[] = [
  'customers:read',
  'customers:write',
  'duplicates:review',
];

/** A name fits a form's label and a table's column heading. */
export const CUSTOM_FIELD_NAME_MAX_LENGTH = 40;

/** The message of a name too long, as the form translates it. */
export const CUSTOM_FIELD_NAME_TOO_LONG = `At most ${CUSTOM_FIELD_NAME_MAX_LENGTH} characters`;
/** Two fields of one name (any case): the gateway's message, on the second field. */
export const CUSTOM_FIELD_NAME_TAKEN = 'Another custom field has this name';

const nameSchema = z.string().trim().max(CUSTOM_FIELD_NAME_MAX_LENGTH, CUSTOM_FIELD_NAME_TOO_LONG);

/** Every field's name ('' for none): the body of `PUT /api/custom-fields` and its answer, and `GET`'s. */
export const customFieldNamesSchema = z.strictObject(
  Object.fromEntries(CUSTOM_FIELDS.map((field) => [field, nameSchema])) as Record<CustomField, typeof nameSchema>,
);
export type CustomFieldNames = z.infer<typeof customFieldNamesSchema>;

/** No field named: what an organisation starts with. */
export const UNNAMED_CUSTOM_FIELDS = Object.fromEntries(CUSTOM_FIELDS.map((field) => [field, ''])) as CustomFieldNames;
