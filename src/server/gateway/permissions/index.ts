/**
 * The permissions concern's public entry: what a person may do (the permissions and role presets), the
 * delegation rule of staff:manage, the table of forwarded calls, and the roles' store. Nothing else is used
 * from outside this folder.
 */
export { staffActionRefusal, type TargetAccount } from './delegation';
export { isPermission, PERMISSION_DESCRIPTIONS, PERMISSIONS, type Permission, ROLE_PRESETS } from './permissions';
export {
  createPresetRoles,
  deleteRole,
  findRole,
  findRoleByKey,
  insertRole,
  listRoles,
  type RoleFields,
  roleNameOrKeyTaken,
  roleNameTakenByAnother,
  type StoredRole,
  updateRole,
} from './role-store';
export { type ForwardedRoute, type ForwardLimit, forwardedRouteFor, type ScopeRule } from './route-permissions';
