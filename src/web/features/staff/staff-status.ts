import type { StaffMember } from '@/contract/people';

/**
 * Where a person stands: `active` (has a way in), `invited` (never set a password; `until` says how long the
 * link works), `invitationExpired` (never set one, and no link works: issue a new invitation), `disabled`.
 */
export type StaffStatus =
  | { kind: 'active' }
  | { kind: 'invited'; until: string }
  | { kind: 'invitationExpired' }
  | { kind: 'disabled' };

export type StatusFilter = 'active' | 'invited' | 'disabled';
export const STATUS_FILTERS: readonly StatusFilter[] = ['active', 'invited', 'disabled'];

type StatusFields = Pick<StaffMember, 'disabled' | 'passwordSet' | 'passkeys' | 'pendingLinkExpiresAt'>;

export function staffStatus(person: StatusFields, now: number = Date.now()): StaffStatus {
  if (person.disabled) return { kind: 'disabled' };
  // A passkey is a way in as good as a password.
  if (person.passwordSet || person.passkeys > 0) return { kind: 'active' };
  const until = person.pendingLinkExpiresAt;
  return until && Date.parse(until) > now ? { kind: 'invited', until } : { kind: 'invitationExpired' };
}

/** The filter a status falls under: an expired invitation is still someone who was invited. */
export function statusFilterOf(status: StaffStatus): StatusFilter {
  return status.kind === 'invitationExpired' ? 'invited' : status.kind;
}

export interface StaffFilters {
  roleId: number | null;
  status: StatusFilter | null;
}

/** `?role=3&status=invited`; anything unreadable means "no filter" rather than an empty list. */
export function readStaffFilters(params: URLSearchParams): StaffFilters {
  const role = params.get('role');
  const status = params.get('status');
  return {
    roleId: role && /^\d{1,15}$/.test(role) ? Number(role) : null,
    status: (STATUS_FILTERS as readonly string[]).includes(status ?? '') ? (status as StatusFilter) : null,
  };
}

/** The URL's parameters with one filter changed (empty removes it); other parameters stay, the page resets. */
export function withStaffFilter(params: URLSearchParams, name: 'role' | 'status', value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  next.delete('page');
  return next;
}

export function filterStaff(people: readonly StaffMember[], filters: StaffFilters, now: number = Date.now()) {
  return people.filter(
    (person) =>
      (filters.roleId === null || person.role.id === filters.roleId) &&
      (filters.status === null || statusFilterOf(staffStatus(person, now)) === filters.status),
  );
}
