import { CUSTOM_FIELDS, type CustomFieldNames, UNNAMED_CUSTOM_FIELDS } from '@/contract/custom-fields';
import type { Queryable } from '../../db/database';

/** All SQL of the custom fields' names (gateway.custom_field_names, migration 048), by organisation. */

/** The organisation's names, '' for a field it has not named. */
export async function readCustomFieldNames(db: Queryable, organisationId: number): Promise<CustomFieldNames> {
  const { rows } = await db.query<{ field: number; name: string }>(
    'select field, name from gateway.custom_field_names where organisation_id = $1',
    [organisationId],
  );
  const names = { ...UNNAMED_CUSTOM_FIELDS };
  for (const row of rows) {
    const field = CUSTOM_FIELDS[row.field - 1];
    if (field) names[field] = row.name;
  }
  return names;
}

/**
 * Replaces the organisation's names, a field named '' having none: in one statement, the rows of the fields left
 * unnamed go and the others are written (two sets of rows apart, so neither part sees the other's).
 */
export async function writeCustomFieldNames(
  db: Queryable,
  organisationId: number,
  names: CustomFieldNames,
): Promise<void> {
  const named = CUSTOM_FIELDS.flatMap((field, index) =>
    names[field] ? [{ field: index + 1, name: names[field] }] : [],
  );
  await db.query(
    `with named as (select * from jsonb_to_recordset($2::jsonb) as n(field smallint, name text)),
          cleared as (delete from gateway.custom_field_names
                        where organisation_id = $1 and field not in (select field from named))
     insert into gateway.custom_field_names as c (organisation_id, field, name)
     select $1, field, name from named
     on conflict (organisation_id, field) do update set name = excluded.name`,
    [organisationId, JSON.stringify(named)],
  );
}
