import type { Queryable } from '../../db/database';
import { findAccountRole } from '../auth';
import type { DashboardViewer } from '../promoters';
import { readRoleScope } from '../role-scopes';

/**
 * Whose view a scheduled production report is: the person who scheduled it, as their account is now — their
 * role's scope (read at each run, so a narrowed scope narrows the next report), without contact details.
 * A report whose person is gone, disabled or no longer reads reports stops with a reason on its schedule.
 */
export async function reportViewer(
  db: Queryable,
  organisationId: number,
  accountId: number | null,
): Promise<DashboardViewer> {
  const account = accountId === null ? null : await findAccountRole(db, accountId);
  if (!account || account.disabled || !account.permissions.includes('reports:read')) {
    throw new Error('The person who scheduled this report can no longer read reports: schedule it again.');
  }
  return { organisationId, scope: await readRoleScope(db, organisationId, account.roleId), permissions: [] };
}
