/*
 * What a person may do in Foyer (the list lives in src/contract/staff.ts, shared with the app). The gateway
 * enforces these on every route it serves or forwards (route-permissions.ts); the app asks
 * `GET /api/session` for the person's list and shows only that.
 */
import { isPermission, PERMISSIONS, type Permission, type RolePresetKey } from '@/contract/staff';

export { isPermission, PERMISSIONS, type Permission };

/** What each permission allows, as an administrator reads it when making a role. */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'events:read': 'See events, productions, halls and seat plans',
  'sales:sell': 'Sell at the desk: carts, checkout, payment methods, order status of a sale',
  'sales:no-sale': 'Open the cash drawer without a sale ("no sale"), giving the reason',
  'customers:lookup':
    'Find a buyer by name, email, phone, zip or number (what the picker shows) and quick-create one (not the customer list)',
  'customers:read': 'Browse and search all customers and their tags, and export customers',
  'customers:write': 'Create and edit customers',
  'customers:contact':
    "See buyers' contact details (email, phone, address) in orders; without it a buyer shows by name only",
  'tags:write': "Change customers' tags",
  'segments:manage':
    'Build, save, count, preview and export segments of customers; with tags:write, tag a segment and keep auto tags',
  'notes:write': 'Write desk notes and set flags on customers (everyone who sees a customer sees their flags)',
  'duplicates:review': 'Review likely duplicate customers: mark pairs not the same, or merge them',
  'privacy:manage': "Answer privacy requests: a customer's subject-access package, anonymising, the retention list",
  'orders:read': 'Browse orders and their lines',
  'exports:run': 'Export orders and the waiting list',
  'reports:read': 'Dashboards and analyses of sales and occupancy',
  'shifts:review':
    "Review every desk's shifts and Z-reports, close a shift left open, and sign off closed shifts (never one's own)",
  'sales-points:manage':
    'Set up the sales points: their receipt and ticket printers, cash drawer, payment methods and where they may be used',
  'staff:manage': 'Invite staff, change roles, disable accounts, issue reset links',
  'audit:read': 'Read the audit trail',
  'connection:manage': 'Connect the organisation and replace its API key',
};

export interface RolePreset {
  key: RolePresetKey;
  name: string;
  permissions: readonly Permission[];
}

/** The presets every organisation starts with, matching Foyer's three kinds of users, accounting and
 * their administrator.  */
export const ROLE_PRESETS: readonly RolePreset[] = [
  {
    key: 'box-office',
    name: 'Box office',
    permissions: ['events:read', 'sales:sell', 'sales:no-sale', 'customers:lookup'],
  },
  {
    key: 'marketing',
    name: 'Marketing',
    permissions: [
      'customers:lookup',
      'customers:read',
      'customers:write',
      'customers:contact',
      'tags:write',
      'segments:manage',
      'notes:write',
      'duplicates:review',
    ],
  },
  {
    key: 'manager',
    name: 'Manager',
    permissions: [
      'events:read',
      'customers:lookup',
      'customers:read',
      'customers:contact',
      'segments:manage',
      'privacy:manage',
      'orders:read',
      'exports:run',
      'reports:read',
      'shifts:review',
      'audit:read',
    ],
  },
  // Accounting (pretix #914): the money — orders, payments, shifts and Z-reports, exports — and no customer
  // editing, no selling, no buyers' contact details.
  {
    key: 'accounting',
    name: 'Accounting',
    permissions: ['orders:read', 'exports:run', 'reports:read', 'shifts:review'],
  },
  { key: 'administrator', name: 'Administrator', permissions: PERMISSIONS },
];
