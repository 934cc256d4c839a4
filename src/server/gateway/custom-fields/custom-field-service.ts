import { CUSTOM_FIELD_NAME_TAKEN, CUSTOM_FIELDS, type CustomFieldNames } from '@/contract/custom-fields';
import type { Database, Queryable } from '../../db/database';
import type { RequestAuditEntry } from '../audit';
import { ValidationError } from '../errors';
import { readCustomFieldNames, writeCustomFieldNames } from './custom-field-store';

/** Who asks: their organisation, and how their change enters the audit trail (in the change's transaction). */
export interface CustomFieldCaller {
  organisationId: number;
  audit: (tx: Queryable, entry: RequestAuditEntry) => Promise<unknown>;
}

/**
 * The names of the customers' custom fields. Two fields of one name could not be told apart on a customer's page
 * or in a file: refused, on the second field, as the form shows it.
 */
export class CustomFieldService {
  constructor(private readonly db: Database) {}

  names(organisationId: number): Promise<CustomFieldNames> {
    return readCustomFieldNames(this.db, organisationId);
  }

  async rename(caller: CustomFieldCaller, names: CustomFieldNames): Promise<CustomFieldNames> {
    const seen = new Map<string, string>();
    for (const field of CUSTOM_FIELDS) {
      const key = names[field].toLocaleLowerCase('nl');
      if (!key) continue;
      if (seen.has(key)) throw ValidationError.field(field, CUSTOM_FIELD_NAME_TAKEN);
      seen.set(key, field);
    }
    return this.db.transaction(async (tx) => {
      const before = await readCustomFieldNames(tx, caller.organisationId);
      await writeCustomFieldNames(tx, caller.organisationId, names);
      const changed = CUSTOM_FIELDS.filter((field) => before[field] !== names[field]);
      if (changed.length > 0) {
        await caller.audit(tx, {
          action: 'custom-fields',
          status: 200,
          details: {
            changed: Object.fromEntries(changed.map((field) => [field, { from: before[field], to: names[field] }])),
          },
        });
      }
      return names;
    });
  }
}
