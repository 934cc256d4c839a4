/**
 * The gateway's own interface to the app (not the Ticketing Service's): what a person may do, and what
 * `GET /api/session` says about them. Pure, like the rest of src/contract, so both sides share one list.
 */
/** The roles every organisation starts with (the gateway's ROLE_PRESETS); the app names them in its languages. */
export const ROLE_PRESET_KEYS = ['box-office', 'marketing', 'manager', 'accounting', 'administrator'] as const;
export type RolePresetKey = (typeof ROLE_PRESET_KEYS)[number];

export const PERMISSIONS = [
  'events:read',
  'sales:sell',
  'sales:no-sale',
  'customers:lookup',
  'customers:read',
  'customers:write',
  'customers:contact',
  'tags:write',
  'segments:manage',
  'notes:write',
  'duplicates:review',
  'privacy:manage',
  'orders:read',
  'exports:run',
  'reports:read',
  'shifts:review',
  'sales-points:manage',
  'staff:manage',
  'audit:read',
  'connection:manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);

/** `GET /api/session`: the signed-in person, their organisation's client and what their role allows. */
export interface SessionView {
  clientName: string;
  person: { id: number; email: string; name: string };
  role: { key: string; name: string };
  permissions: Permission[];
  totpEnabled: boolean;
  /**
   * The role requires two-step sign-in and this session has none (a password alone, no TOTP yet): the person may
   * only set up a second factor. A passkey sign-in counts as two steps (gateway auth/second-factor.ts).
   */
  mustEnrolTotp: boolean;
  /**
   * Present when the role is limited to chosen productions (a promoter): the gateway answers such a person only
   * on routes that keep to their productions, and the app shows only the areas that do.
   */
  scoped?: true;
}

/** `POST /api/session` when the account has a second factor: the code is asked next, with this ticket. */
export interface TotpChallenge {
  totpRequired: true;
  ticket: string;
}

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
