import { describe, expect, it } from 'vitest';
import type { StaffMember } from '@/contract/people';
import { filterStaff, readStaffFilters, staffStatus, statusFilterOf, withStaffFilter } from './staff-status';

const NOW = Date.parse('2026-11-26T12:00:00Z');

function person(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: 1,
    email: 'ann@venue.test',
    name: 'Ann',
    role: { id: 1, name: 'Box office' },
    disabled: false,
    passwordSet: true,
    passkeys: 0,
    totpEnabled: false,
    lastSeenAt: null,
    pendingLinkExpiresAt: null,
    createdAt: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

describe('staffStatus', () => {
  it('is active with a password, or with only a passkey', () => {
    expect(staffStatus(person(), NOW)).toEqual({ kind: 'active' });
    expect(staffStatus(person({ passwordSet: false, passkeys: 1 }), NOW)).toEqual({ kind: 'active' });
  });

  it('is active while a reset link is pending: the person still has their password', () => {
    expect(staffStatus(person({ pendingLinkExpiresAt: '2026-11-28T12:00:00Z' }), NOW)).toEqual({ kind: 'active' });
  });

  it('is invited until the link expires, then the invitation has expired', () => {
    const invited = person({ passwordSet: false, pendingLinkExpiresAt: '2026-11-29T12:00:00Z' });
    expect(staffStatus(invited, NOW)).toEqual({ kind: 'invited', until: '2026-11-29T12:00:00Z' });
    expect(staffStatus(invited, Date.parse('2026-11-29T12:00:01Z'))).toEqual({ kind: 'invitationExpired' });
    expect(staffStatus(person({ passwordSet: false }), NOW)).toEqual({ kind: 'invitationExpired' });
  });

  it('is disabled whatever else holds', () => {
    expect(staffStatus(person({ disabled: true }), NOW)).toEqual({ kind: 'disabled' });
    expect(
      staffStatus(person({ disabled: true, passwordSet: false, pendingLinkExpiresAt: '2026-11-29T12:00:00Z' }), NOW),
    ).toEqual({ kind: 'disabled' });
  });

  it('files an expired invitation under "invited"', () => {
    expect(statusFilterOf({ kind: 'invitationExpired' })).toBe('invited');
    expect(statusFilterOf({ kind: 'invited', until: 'x' })).toBe('invited');
    expect(statusFilterOf({ kind: 'disabled' })).toBe('disabled');
  });
});

describe('staff filters in the URL', () => {
  it('reads role and status, ignoring what it cannot use', () => {
    expect(readStaffFilters(new URLSearchParams('role=3&status=invited'))).toEqual({ roleId: 3, status: 'invited' });
    expect(readStaffFilters(new URLSearchParams('role=abc&status=gone'))).toEqual({ roleId: null, status: null });
    expect(readStaffFilters(new URLSearchParams(''))).toEqual({ roleId: null, status: null });
  });

  it('changes one filter, keeps the others and goes back to the first page', () => {
    const next = withStaffFilter(new URLSearchParams('role=3&page=2&invite='), 'status', 'disabled');
    expect(next.toString()).toBe('role=3&invite=&status=disabled');
    expect(withStaffFilter(next, 'role', '').toString()).toBe('invite=&status=disabled');
  });

  it('filters by role and by status together', () => {
    const people = [
      person({ id: 1 }),
      person({ id: 2, role: { id: 2, name: 'Manager' } }),
      person({ id: 3, disabled: true }),
      person({ id: 4, passwordSet: false, pendingLinkExpiresAt: '2026-11-29T12:00:00Z' }),
      person({ id: 5, passwordSet: false }),
    ];
    const ids = (filters: Parameters<typeof filterStaff>[1]) => filterStaff(people, filters, NOW).map((p) => p.id);
    expect(ids({ roleId: null, status: null })).toEqual([1, 2, 3, 4, 5]);
    expect(ids({ roleId: 1, status: null })).toEqual([1, 3, 4, 5]);
    expect(ids({ roleId: 1, status: 'active' })).toEqual([1]);
    expect(ids({ roleId: null, status: 'invited' })).toEqual([4, 5]);
    expect(ids({ roleId: 2, status: 'disabled' })).toEqual([]);
  });
});
