import type { Queryable } from '../../db/database';
import { isPermission, type Permission, ROLE_PRESETS } from './permissions';

/**
 * All SQL of the roles (gateway.roles). How many people hold a role is the accounts' to say (auth's
 * `roleMembers`): a role as stored here has no members count.
 */

/** A role as it is stored: its name, permissions and sign-in rules. */
export interface RoleFields {
  name: string;
  permissions: readonly Permission[];
  requireTotp: boolean;
  idleMinutes: number | null;
  absoluteMinutes: number | null;
}

export interface StoredRole extends RoleFields {
  id: number;
  key: string;
  preset: boolean;
  permissions: Permission[];
}

export async function createPresetRoles(tx: Queryable, organisationId: number): Promise<void> {
  for (const preset of ROLE_PRESETS) {
    await tx.query(
      `insert into gateway.roles (organisation_id, key, name, preset, permissions) values ($1, $2, $3, true, $4)`,
      [organisationId, preset.key, preset.name, [...preset.permissions]],
    );
  }
}

interface RoleRow {
  id: string;
  key: string;
  name: string;
  preset: boolean;
  permissions: string[];
  require_totp: boolean;
  idle_minutes: number | null;
  absolute_minutes: number | null;
}

const toRole = (row: RoleRow): StoredRole => ({
  id: Number(row.id),
  key: row.key,
  name: row.name,
  preset: row.preset,
  permissions: row.permissions.filter(isPermission),
  requireTotp: row.require_totp,
  idleMinutes: row.idle_minutes,
  absoluteMinutes: row.absolute_minutes,
});

const ROLE_SELECT = `select r.id, r.key, r.name, r.preset, r.permissions, r.require_totp, r.idle_minutes, r.absolute_minutes
  from gateway.roles r`;

export async function listRoles(db: Queryable, organisationId: number): Promise<StoredRole[]> {
  const { rows } = await db.query<RoleRow>(`${ROLE_SELECT} where r.organisation_id = $1 order by r.preset desc, r.id`, [
    organisationId,
  ]);
  return rows.map(toRole);
}

export async function findRole(db: Queryable, organisationId: number, roleId: number): Promise<StoredRole | null> {
  const { rows } = await db.query<RoleRow>(`${ROLE_SELECT} where r.organisation_id = $1 and r.id = $2`, [
    organisationId,
    roleId,
  ]);
  return rows[0] ? toRole(rows[0]) : null;
}

export async function findRoleByKey(db: Queryable, organisationId: number, key: string): Promise<StoredRole | null> {
  const { rows } = await db.query<RoleRow>(`${ROLE_SELECT} where r.organisation_id = $1 and r.key = $2`, [
    organisationId,
    key,
  ]);
  return rows[0] ? toRole(rows[0]) : null;
}

/** Whether a role of the organisation has this name (in any case) or key. */
export async function roleNameOrKeyTaken(
  db: Queryable,
  organisationId: number,
  name: string,
  key: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from gateway.roles where organisation_id = $1 and (lower(name) = lower($2) or key = $3)',
    [organisationId, name, key],
  );
  return rows.length > 0;
}

/** Whether another role of the organisation than `roleId` has this name, in any case. */
export async function roleNameTakenByAnother(
  db: Queryable,
  organisationId: number,
  name: string,
  roleId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from gateway.roles where organisation_id = $1 and lower(name) = lower($2) and id <> $3',
    [organisationId, name, roleId],
  );
  return rows.length > 0;
}

/** Stores a custom role of the organisation; its id. */
export async function insertRole(
  db: Queryable,
  organisationId: number,
  key: string,
  role: RoleFields,
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into gateway.roles (organisation_id, key, name, permissions, require_totp, idle_minutes, absolute_minutes)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [organisationId, key, role.name, role.permissions, role.requireTotp, role.idleMinutes, role.absoluteMinutes],
  );
  return Number(rows[0]?.id);
}

export async function updateRole(db: Queryable, roleId: number, role: RoleFields): Promise<void> {
  await db.query(
    `update gateway.roles set name = $2, permissions = $3, require_totp = $4, idle_minutes = $5, absolute_minutes = $6 where id = $1`,
    [roleId, role.name, role.permissions, role.requireTotp, role.idleMinutes, role.absoluteMinutes],
  );
}

export async function deleteRole(db: Queryable, roleId: number): Promise<void> {
  await db.query('delete from gateway.roles where id = $1', [roleId]);
}
