import { describe, expect, it } from 'vitest';
import type { Permission } from '../../contract/staff';
import { allowedExportKinds, allowedKind } from '../features/exports/export-kinds';
import type { Session } from '../lib/session';
import { homePath } from './home-path';
import { visibleAreas } from './shell/visible-areas';
import { visibleCommands } from './shell/visible-commands';

/** The gateway's role presets (src/server/gateway/permissions/permissions.ts; src/web does not import it). */
const PRESETS: Record<string, Permission[]> = {
  'box-office': ['events:read', 'sales:sell', 'customers:lookup'],
  marketing: ['customers:lookup', 'customers:read', 'customers:write', 'tags:write'],
  manager: [
    'events:read',
    'customers:lookup',
    'customers:read',
    'orders:read',
    'exports:run',
    'reports:read',
    'shifts:review',
    'audit:read',
  ],
  accounting: ['orders:read', 'exports:run', 'reports:read', 'shifts:review'],
  promoter: ['events:read', 'orders:read', 'reports:read'],
};

function sessionOf(role: string): Session {
  const permissions = PRESETS[role];
  if (!permissions) throw new Error(role);
  return {
    clientName: 'demo',
    person: { id: 1, email: `${role}@demo.test`, name: role },
    role: { key: role, name: role },
    permissions,
    totpEnabled: false,
    mustEnrolTotp: false,
    ...(role === 'promoter' ? { scoped: true as const } : {}),
  };
}

const ids = (session: Session) => visibleAreas(session).map((area) => area.id);
const commandIds = (session: Session) =>
  visibleCommands(session)
    .flatMap((area) => area.commands ?? [])
    .map((c) => c.id);
const searched = (session: Session, text: string) =>
  visibleCommands(session).flatMap((area) => area.searchCommands?.(text) ?? []);

describe('what each role sees', () => {
  it('box office: the dashboard, events, the box office, the reservations queue and their shifts, not customers, orders or exports', () => {
    const session = sessionOf('box-office');
    expect(ids(session)).toEqual(['dashboard', 'events', 'box-office', 'desk', 'shifts', 'account']);
    expect(commandIds(session)).not.toContain('shifts:to-sign-off');
    expect(homePath(session)).toBe('/');
    expect(commandIds(session)).not.toContain('customers:new');
    // The order page, which the box office opens, by its number typed in the palette (a damaged barcode); not the
    // orders area's own commands.
    expect(searched(session, '12345').map((command) => command.id)).toEqual(['orders:open:12345']);
    expect(commandIds(session).filter((id) => id.startsWith('orders:'))).toEqual([]);
  });

  it('marketing: customers only, and lands on them', () => {
    const session = sessionOf('marketing');
    expect(ids(session)).toEqual(['customers', 'exports', 'account']);
    expect(homePath(session)).toBe('/customers');
    expect(commandIds(session)).toContain('customers:new');
    expect(commandIds(session)).toContain('exports:customers');
    expect(commandIds(session)).not.toContain('waiting-list');
  });

  it('manager: orders, the reservations queue, shifts and exports, not the box office; no new customer', () => {
    const session = sessionOf('manager');
    expect(ids(session)).toEqual([
      'dashboard',
      'productions',
      'events',
      'customers',
      'orders',
      'desk',
      'shifts',
      'exports',
      'audit',
      'account',
    ]);
    expect(commandIds(session)).toContain('shifts:to-sign-off');
    expect(commandIds(session)).not.toContain('customers:new');
    expect(searched(session, '12345').map((command) => command.id)).toEqual(['orders:open:12345']);
  });

  it('accounting: orders, the reservations queue, shifts and exports, no customers and no box office', () => {
    const session = sessionOf('accounting');
    expect(ids(session)).toEqual(['dashboard', 'productions', 'orders', 'desk', 'shifts', 'exports', 'account']);
  });

  it('a promoter (a scoped role): their productions and their account only, and lands on the productions', () => {
    const session = sessionOf('promoter');
    expect(ids(session)).toEqual(['productions', 'account']);
    expect(homePath(session)).toBe('/production-sales');
    expect(searched(session, '12345')).toEqual([]);
  });
});

describe('export kinds', () => {
  it('offers only what the role may export, and falls back to the first of those', () => {
    const marketing = allowedExportKinds(sessionOf('marketing').permissions);
    expect(marketing).toEqual(['customers', 'clienttypes']);
    expect(allowedKind('orders', marketing)).toBe('customers');
    expect(allowedExportKinds(sessionOf('manager').permissions)).toEqual([
      'customers',
      'orders',
      'waitinglist',
      'clienttypes',
    ]);
    expect(allowedExportKinds(['exports:run'])).toEqual(['orders', 'waitinglist']);
    expect(allowedKind('customers', ['orders', 'waitinglist'])).toBe('orders');
    expect(allowedKind('waitinglist', ['orders', 'waitinglist'])).toBe('waitinglist');
    expect(allowedExportKinds(sessionOf('box-office').permissions)).toEqual([]);
  });
});
