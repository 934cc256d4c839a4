import type { Queryable } from '../../db/database';
import { isPermission, type Permission, ROLE_PRESETS } from './permissions';

export interface Role {
  id: number;
  key: string;
  name: string;
  preset: boolean;
  permissions: Permission[];
  requireTotp: boolean;
  idleMinutes: number | null;
  absoluteMinutes: number | null;
  members: number;
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
  members: number;
}

const toRole = (row: RoleRow): Role => ({
  id: Number(row.id),
  key: row.key,
  name: row.name,
  preset: row.preset,
  permissions: row.permissions.filter(isPermission),
  requireTotp: row.require_totp,
  idleMinutes: row.idle_minutes,
  absoluteMinutes: row.absolute_minutes,
  members: row.members,
});

const ROLE_SELECT = `select r.id, r.key, r.name, r.preset, r.permissions, r.require_totp, r.idle_minutes, r.absolute_minutes,
       (select count(*)::int from gateway.accounts a where a.role_id = r.id and a.disabled_at is null) as members
  from gateway.roles r`;

export async function listRoles(db: Queryable, organisationId: number): Promise<Role[]> {
  const { rows } = await db.query<RoleRow>(`${ROLE_SELECT} where r.organisation_id = $1 order by r.preset desc, r.id`, [
    organisationId,
  ]);
  return rows.map(toRole);
}

export async function findRole(db: Queryable, organisationId: number, roleId: number): Promise<Role | null> {
  const { rows } = await db.query<RoleRow>(`${ROLE_SELECT} where r.organisation_id = $1 and r.id = $2`, [
    organisationId,
    roleId,
  ]);
  return rows[0] ? toRole(rows[0]) : null;
}

export async function findRoleByKey(db: Queryable, organisationId: number, key: string): Promise<Role | null> {
  const { rows } = await db.query<RoleRow>(`${ROLE_SELECT} where r.organisation_id = $1 and r.key = $2`, [
    organisationId,
    key,
  ]);
  return rows[0] ? toRole(rows[0]) : null;
}
