import { describe, expect, it } from 'vitest';
import { SessionStore } from './session-store';

const HOUR = 3_600_000;
const secret = 'a-test-secret-that-is-long-enough-000';

function storeAt(start = 0, options: { maxSessions?: number } = {}) {
  const clock = { now: start };
  const store = new SessionStore({ secret, now: () => clock.now, ...options });
  return { store, clock };
}

describe('SessionStore', () => {
  it('names sessions by 256 random bits plus an HMAC, and resolves them', () => {
    const { store } = storeAt();
    const cookie = store.create('demo', 'key-1');
    const [id, signature] = cookie.split('.');
    expect(Buffer.from(id ?? '', 'base64url')).toHaveLength(32);
    expect(Buffer.from(signature ?? '', 'base64url')).toHaveLength(32);
    expect(store.resolve(cookie)?.clientName).toBe('demo');
    expect(store.create('demo', 'key-1')).not.toBe(cookie);
  });

  it('refuses values signed with another secret, tampered or malformed', () => {
    const { store } = storeAt();
    const cookie = store.create('demo', 'key-1');
    const other = new SessionStore({ secret: `${secret}-other` });
    expect(other.resolve(cookie)).toBeNull();
    const [id, signature] = cookie.split('.');
    const flipped = `${id?.slice(0, -1)}${id?.endsWith('A') ? 'B' : 'A'}.${signature}`;
    for (const value of [flipped, `${id}.`, `.${signature}`, id, '', undefined, 'x'.repeat(500)]) {
      expect(store.resolve(value)).toBeNull();
    }
  });

  it('ends a session after 8 idle hours, and after 24 hours however busy', () => {
    const { store, clock } = storeAt();
    const idle = store.create('demo', 'k');
    const busy = store.create('demo', 'k');
    for (let hour = 1; hour <= 23; hour++) {
      clock.now = hour * HOUR;
      expect(store.resolve(busy)).not.toBeNull();
      if (hour === 7) expect(store.resolve(idle)).not.toBeNull();
    }
    // Last used at hour 7: gone at hour 15.
    expect(store.resolve(idle)).toBeNull();
    clock.now = 24 * HOUR;
    expect(store.resolve(busy)).toBeNull();
    expect(store.size).toBe(0);
  });

  it('destroys a session', () => {
    const { store } = storeAt();
    const cookie = store.create('demo', 'k');
    store.destroy(cookie);
    expect(store.resolve(cookie)).toBeNull();
  });

  it('stays within its bound by dropping expired, then least recently used sessions', () => {
    const { store, clock } = storeAt(0, { maxSessions: 3 });
    const a = store.create('a', 'k');
    const b = store.create('b', 'k');
    const c = store.create('c', 'k');
    clock.now = 1000;
    store.resolve(a);
    store.create('d', 'k');
    expect(store.size).toBe(3);
    expect(store.resolve(b)).toBeNull();
    expect(store.resolve(a)).not.toBeNull();
    expect(store.resolve(c)).not.toBeNull();
  });

  it('never shows the API key when a session is serialised or logged', () => {
    const { store } = storeAt();
    const session = store.resolve(store.create('demo', 'the-secret-key'));
    expect(session?.apiKey).toBe('the-secret-key');
    expect(JSON.stringify(session)).not.toContain('the-secret-key');
    expect(Object.keys(session ?? {})).not.toContain('apiKey');
  });
});
