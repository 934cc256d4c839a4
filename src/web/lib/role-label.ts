import type { RolePresetKey } from '../../contract/staff';
import { type Localized, useLocalized } from './i18n';

/**
 * The preset roles' names in the reader's language. The gateway stores them in English (they are its
 * records, shared by every reader); a custom role keeps the name its administrator gave it.
 */
const PRESET_NAMES: Readonly<Record<RolePresetKey, Localized>> = {
  'box-office': { nl: 'Kassa', en: 'Box office' },
  marketing: { nl: 'Marketing', en: 'Marketing' },
  manager: { nl: 'Manager', en: 'Manager' },
  accounting: { nl: 'Boekhouding', en: 'Accounting' },
  administrator: { nl: 'Beheerder', en: 'Administrator' },
};

export interface RoleNaming {
  key?: string | undefined;
  name: string;
}

export function roleLabel(role: RoleNaming, localized: (text: Localized) => string): string {
  const preset = role.key && role.key in PRESET_NAMES ? PRESET_NAMES[role.key as RolePresetKey] : undefined;
  return preset ? localized(preset) : role.name;
}

/** `label(role)`: a role's name as the reader sees it. */
export function useRoleLabel(): (role: RoleNaming) => string {
  const localized = useLocalized();
  return (role) => roleLabel(role, localized);
}
