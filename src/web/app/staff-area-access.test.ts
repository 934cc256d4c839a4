import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../contract/staff';
import { staffRoutes } from '../features/staff/staff-routes';
import { type Session, sessionKey } from '../lib/session';
import { askedPage, guardRoutes } from './access';
import { visibleAreas } from './shell/visible-areas';

const session = (permissions: Permission[]): Session => ({
  clientName: 'demo',
  person: { id: 1, email: 'kim@venue.test', name: 'Kim' },
  role: { key: 'custom', name: 'Custom' },
  permissions,
  totpEnabled: false,
  mustEnrolTotp: false,
});

/** The loader of `/staff` (index) or `/staff/<path>`, as the router runs it: guarded by the area's permissions. */
async function load(permissions: Permission[], path: string | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionKey, session(permissions));
  const [layout] = guardRoutes(
    staffRoutes.routes({ queryClient, prefetch: () => {} }),
    staffRoutes.requires,
    queryClient,
  );
  const route = layout?.children?.find((child) => (path === null ? child.index : child.path === path));
  const loader = route?.loader;
  if (typeof loader !== 'function') throw new Error('no loader');
  try {
    await loader({ request: new Request(`http://foyer.test/staff/${path ?? ''}`), params: {} } as LoaderFunctionArgs);
    return null;
  } catch (thrown) {
    return thrown instanceof Response ? thrown.headers.get('location') : thrown;
  }
}

describe('the staff area', () => {
  it('is offered to whoever manages staff or the connection, and to nobody else', () => {
    const ids = (permissions: Permission[]) => visibleAreas(session(permissions)).map((area) => area.id);
    expect(ids(['staff:manage'])).toContain('staff');
    expect(ids(['connection:manage'])).toContain('staff');
    expect(ids(['orders:read', 'audit:read'])).not.toContain('staff');
  });

  it('opens the people page for an administrator', async () => {
    expect(await load(['staff:manage', 'connection:manage'], null)).toBeNull();
    expect(await load(['staff:manage'], 'roles')).toBeNull();
  });

  it('sends someone who manages only the connection to the page that is theirs', async () => {
    expect(await load(['connection:manage'], null)).toBe('/staff/connection');
    expect(await load(['connection:manage'], 'connection')).toBeNull();
    expect(await load(['connection:manage'], 'roles')).toBe('/no-access?page=%2Fstaff%2Froles');
  });

  it('keeps the connection from someone who manages only staff', async () => {
    expect(await load(['staff:manage'], 'connection')).toBe('/no-access?page=%2Fstaff%2Fconnection');
  });

  it('names only a page of the app as the one asked for', () => {
    const asked = (query: string) => askedPage(new URLSearchParams(query));
    expect(asked('page=%2Forders%3Fstatus%3Dpaid')).toBe('/orders?status=paid');
    expect(asked('page=%2F%2Fevil.test')).toBeNull();
    expect(asked('page=%2F%5Cevil.test')).toBeNull();
    expect(asked('page=https%3A%2F%2Fevil.test')).toBeNull();
    expect(asked('')).toBeNull();
  });
});
