import { describe, expect, it } from 'vitest';
import { ROLE_PRESET_KEYS } from '../../contract/staff';
import type { Localized } from './i18n';
import { roleLabel } from './role-label';

const dutch = (text: Localized) => text.nl;

describe('roleLabel', () => {
  // Found in a walkthrough: the accounting preset showed as "Accounting" in the Dutch app.
  it('names every preset role in Dutch, and keeps a custom role’s own name', () => {
    expect(ROLE_PRESET_KEYS.map((key) => roleLabel({ key, name: 'stored' }, dutch))).toEqual([
      'Kassa',
      'Marketing',
      'Manager',
      'Boekhouding',
      'Beheerder',
    ]);
    expect(roleLabel({ key: 'promoter-7', name: 'Promotor Zuid' }, dutch)).toBe('Promotor Zuid');
    expect(roleLabel({ name: 'Zonder sleutel' }, dutch)).toBe('Zonder sleutel');
  });
});
