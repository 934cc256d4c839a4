import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@/contract/staff';
import { grantedPerGroup, groupPermissions } from './permission-groups';

const info = (key: string) => ({ key, description: `does ${key}` });

describe('groupPermissions', () => {
  it('puts every permission of the contract in exactly one named group', () => {
    const groups = groupPermissions(PERMISSIONS.map(info));
    expect(groups.map((group) => group.id)).toEqual(['sales', 'customers', 'orders', 'administration']);
    const keys = groups.flatMap((group) => group.permissions.map((permission) => permission.key));
    expect([...keys].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('keeps the descriptions the gateway sent', () => {
    const [sales] = groupPermissions([info('sales:sell'), info('events:read')]);
    expect(sales?.permissions).toEqual([info('events:read'), info('sales:sell')]);
  });

  it('shows a permission the app does not know under "other", and leaves out empty groups', () => {
    const groups = groupPermissions([info('orders:read'), info('desk:cash-up')]);
    expect(groups).toEqual([
      { id: 'orders', permissions: [info('orders:read')] },
      { id: 'other', permissions: [info('desk:cash-up')] },
    ]);
  });

  it('counts what a role grants per group', () => {
    const groups = groupPermissions(PERMISSIONS.map(info));
    expect(grantedPerGroup(groups, ['events:read', 'sales:sell', 'customers:lookup'])).toEqual([
      { id: 'sales', granted: 2, total: 3 },
      { id: 'customers', granted: 1, total: 9 },
      { id: 'orders', granted: 0, total: 4 },
      { id: 'administration', granted: 0, total: 4 },
    ]);
  });
});
