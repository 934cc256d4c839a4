import { describe, expect, it } from 'vitest';
import { safeNextPath, sessionFromPage, signInPath } from './session';

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
  it('accepts a session and refuses anything without a client name', async () => {
    const { sessionSchema } = await import('./session');
    expect(sessionSchema.safeParse({ clientName: 'demo' })).toEqual({ success: true, data: { clientName: 'demo' } });
    for (const bad of [null, {}, { clientName: '' }, { clientName: 3 }, 'demo']) {
      expect(sessionSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('sessionFromPage', () => {
  const page = (head: string) => new DOMParser().parseFromString(`<html><head>${head}</head></html>`, 'text/html');

  it('reads the signed-in client the gateway wrote into index.html', () => {
    expect(sessionFromPage(page('<meta name="foyer-session" content="demo" />'))).toEqual({ clientName: 'demo' });
  });

  it('is null when the page says nobody is signed in', () => {
    expect(sessionFromPage(page('<meta name="foyer-session" content="" />'))).toBeNull();
  });

  it('is undefined when the page says nothing (dev server): the app asks the gateway then', () => {
    expect(sessionFromPage(page('<meta name="description" content="Foyer" />'))).toBeUndefined();
  });
});
