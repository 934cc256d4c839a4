/**
 * The staff concern's public entry: the gateway registers its routes (people, roles, invitations and reset
 * links). Nothing else is used from outside this folder.
 */
export { registerStaffRoutes } from './staff-routes';
