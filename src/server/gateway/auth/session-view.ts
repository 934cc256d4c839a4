import type { SessionView } from '@/contract/staff';
import type { Principal } from '../principal';

/** What `GET /api/session` says: who is signed in and what they may do. The app shows only that. */
export function sessionView(principal: Principal): SessionView {
  return {
    clientName: principal.clientName,
    person: { id: principal.accountId, email: principal.email, name: principal.displayName },
    role: { key: principal.role.key, name: principal.role.name },
    permissions: principal.permissions,
    totpEnabled: principal.totpEnabled,
    mustEnrolTotp: principal.mustEnrolTotp,
    ...(principal.scope ? { scoped: true as const } : {}),
  };
}
