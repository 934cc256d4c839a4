import { describe, expect, it } from 'vitest';
import { KeyVault } from './key-vault';

const MASTER = 'a-master-key-of-at-least-32-characters-long';

describe('KeyVault', () => {
  const vault = new KeyVault(MASTER);

  it('opens what it sealed, in its context; the sealed bytes hold no plain text and differ every time', () => {
    const sealed = vault.seal('demo-partner-key', 'demo');
    expect(vault.open(sealed, 'demo')).toBe('demo-partner-key');
    expect(sealed.includes(Buffer.from('demo-partner-key'))).toBe(false);
    expect(sealed[0]).toBe(1);
    expect(sealed.length).toBe(1 + 12 + 16 + 'demo-partner-key'.length);
    const again = vault.seal('demo-partner-key', 'demo');
    expect(again.equals(sealed)).toBe(false);
    expect(vault.open(again, 'demo')).toBe('demo-partner-key');
    expect(vault.open(vault.seal('', 'x'), 'x')).toBe('');
    expect(vault.open(vault.seal('sleutel €', 'ü'), 'ü')).toBe('sleutel €');
  });

  it('refuses another context: a sealed key copied onto another row does not open', () => {
    const sealed = vault.seal('demo-partner-key', 'demo');
    expect(() => vault.open(sealed, 'harbour')).toThrow();
    expect(() => vault.open(sealed, 'Demo')).toThrow();
  });

  it('refuses a tampered value: any changed byte, a cut, an unknown version', () => {
    const sealed = vault.seal('demo-partner-key', 'demo');
    for (let index = 1; index < sealed.length; index++) {
      const tampered = Buffer.from(sealed);
      tampered[index] = (tampered[index] ?? 0) ^ 0x01;
      expect(() => vault.open(tampered, 'demo')).toThrow();
    }
    expect(() => vault.open(sealed.subarray(0, sealed.length - 1), 'demo')).toThrow();
    expect(() => vault.open(sealed.subarray(0, 20), 'demo')).toThrow(/format/);
    const versioned = Buffer.from(sealed);
    versioned[0] = 2;
    expect(() => vault.open(versioned, 'demo')).toThrow(/format/);
    expect(() => vault.open(new Uint8Array(), 'demo')).toThrow();
  });

  it('refuses a value sealed under another master key', () => {
    const other = new KeyVault(`${MASTER}-other`);
    expect(() => other.open(vault.seal('demo-partner-key', 'demo'), 'demo')).toThrow();
    expect(new KeyVault(MASTER).open(vault.seal('demo-partner-key', 'demo'), 'demo')).toBe('demo-partner-key');
  });

  it('derives independent 32-byte keys per purpose, the same for the same master key', () => {
    const cookie = vault.derive('foyer/session-cookie/v1');
    expect(cookie.length).toBe(32);
    expect(cookie.equals(new KeyVault(MASTER).derive('foyer/session-cookie/v1'))).toBe(true);
    expect(cookie.equals(vault.derive('foyer/seal/v1'))).toBe(false);
    expect(cookie.equals(new KeyVault(`${MASTER}!`).derive('foyer/session-cookie/v1'))).toBe(false);
  });
});
