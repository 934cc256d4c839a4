import type { PermissionInfo } from '@/contract/roles';
import type { Permission } from '@/contract/staff';

export type PermissionGroupId = 'sales' | 'customers' | 'orders' | 'administration' | 'other';

/** How an administrator thinks of the permissions when making a role: by the part of the work they open. */
const GROUPS: readonly { id: Exclude<PermissionGroupId, 'other'>; permissions: readonly Permission[] }[] = [
  { id: 'sales', permissions: ['events:read', 'sales:sell', 'sales:no-sale'] },
  {
    id: 'customers',
    permissions: [
      'customers:lookup',
      'customers:read',
      'customers:write',
      'customers:contact',
      'tags:write',
      'segments:manage',
      'notes:write',
      'duplicates:review',
      'privacy:manage',
    ],
  },
  { id: 'orders', permissions: ['orders:read', 'exports:run', 'reports:read', 'shifts:review'] },
  { id: 'administration', permissions: ['sales-points:manage', 'staff:manage', 'audit:read', 'connection:manage'] },
];

export interface PermissionGroup {
  id: PermissionGroupId;
  permissions: PermissionInfo[];
}

/**
 * The gateway's permissions in groups, in the groups' order; a permission the app does not know (a newer
 * gateway) lands in `other` rather than disappearing. Empty groups are left out.
 */
export function groupPermissions(available: readonly PermissionInfo[]): PermissionGroup[] {
  const byKey = new Map(available.map((info) => [info.key, info]));
  const placed = new Set<string>();
  const groups: PermissionGroup[] = GROUPS.map((group) => ({
    id: group.id,
    permissions: group.permissions.flatMap((key) => {
      const info = byKey.get(key);
      if (!info) return [];
      placed.add(key);
      return [info];
    }),
  }));
  groups.push({ id: 'other', permissions: available.filter((info) => !placed.has(info.key)) });
  return groups.filter((group) => group.permissions.length > 0);
}

/** What a role's permissions amount to per group: "2 of 4", for the roles overview. */
export function grantedPerGroup(groups: readonly PermissionGroup[], granted: readonly string[]) {
  const set = new Set(granted);
  return groups.map((group) => ({
    id: group.id,
    granted: group.permissions.filter((info) => set.has(info.key)).length,
    total: group.permissions.length,
  }));
}
