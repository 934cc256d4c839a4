import { describe, expect, it } from 'vitest';
import { can, type Session, safeNextPath, sessionFromPage, signInPath } from './session';

const SESSION: Session = {
  clientName: 'demo',
  person: { id: 1, email: 'boxoffice@demo.test', name: 'Bo Kassa' },
  role: { key: 'box-office', name: 'Box office' },
  permissions: ['events:read', 'sales:sell'],
  totpEnabled: false,
  mustEnrolTotp: false,
};

describe('safeNextPath', () => {
  it('keeps paths of this app with their query', () => {
    expect(safeNextPath('/events/12?tab=prices')).toBe('/events/12?tab=prices');
  });

  it('refuses other sites, odd schemes and loops back to sign-in', () => {
    for (const bad of [
      null,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:x',
      '/sign-in',
    ]) {
      expect(safeNextPath(bad)).toBe('/');
    }
  });

  it('builds the sign-in path with the place to return to', () => {
    expect(signInPath('/orders?page=2')).toBe('/sign-in?next=%2Forders%3Fpage%3D2');
    expect(signInPath('/')).toBe('/sign-in');
  });
});

describe('sessionSchema', () => {
  it('accepts a session, drops permissions it does not know, and refuses anything incomplete', async () => {
    const { sessionSchema } = await import('./session');
    const withUnknown = { ...SESSION, permissions: [...SESSION.permissions, 'teleport:use'] };
    expect(sessionSchema.safeParse(withUnknown)).toEqual({ success: true, data: SESSION });
    for (const bad of [
      null,
      {},
      { ...SESSION, clientName: '' },
      { ...SESSION, person: null },
      { clientName: 'demo' },
      'demo',
    ]) {
      expect(sessionSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('says what the role allows: any of the permissions asked, or anything when none are asked', () => {
    expect(can(SESSION, ['sales:sell'])).toBe(true);
    expect(can(SESSION, ['exports:run', 'events:read'])).toBe(true);
    expect(can(SESSION, ['exports:run'])).toBe(false);
    expect(can(SESSION, undefined)).toBe(true);
    expect(can(null, undefined)).toBe(false);
  });
});

describe('sessionFromPage', () => {
  const page = (head: string) => new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');

  it('reads the session the gateway wrote into index.html', () => {
    const content = JSON.stringify(SESSION).replaceAll('"', '&quot;');
    expect(sessionFromPage(page(`<meta name="foyer-session" content="${content}" />`))).toEqual(SESSION);
    expect(sessionFromPage(page('<meta name="foyer-session" content="not json" />'))).toBeUndefined();
  });

  it('is null when the page says nobody is signed in', () => {
    expect(sessionFromPage(page('<meta name="foyer-session" content="" />'))).toBeNull();
  });

  it('is undefined when the page says nothing (dev server): the app asks the gateway then', () => {
    expect(sessionFromPage(page('<meta name="description" content="Foyer" />'))).toBeUndefined();
  });
});
