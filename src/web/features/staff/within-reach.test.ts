import { describe, expect, it } from 'vitest';
import { permissionChange, withinReach } from './within-reach';

describe('withinReach', () => {
  it('holds when every permission of the role is the viewer’s own', () => {
    expect(withinReach(['staff:manage', 'audit:read'], ['audit:read'])).toBe(true);
    expect(withinReach(['staff:manage'], [])).toBe(true);
    expect(withinReach(['staff:manage'], ['staff:manage', 'audit:read'])).toBe(false);
  });
});

describe('permissionChange', () => {
  it('names what a new role adds and what it takes away', () => {
    expect(permissionChange(['sell', 'customers:read', 'orders:read'], ['sell', 'staff:manage', 'audit:read'])).toEqual(
      {
        gained: ['staff:manage', 'audit:read'],
        lost: ['customers:read', 'orders:read'],
      },
    );
    expect(permissionChange(['sell'], ['sell'])).toEqual({ gained: [], lost: [] });
  });
});
