import { describe, expect, it } from 'vitest';
import type { SignInMethod } from '../principal';
import { satisfiesTwoStep } from './second-factor';

const METHODS: SignInMethod[] = ['password', 'password+totp', 'passkey', 'invitation', 'reset', 'setup'];

describe("a role's two-step requirement", () => {
  it('is met by every session when the role does not require it', () => {
    for (const method of METHODS) expect(satisfiesTwoStep(false, false, method)).toBe(true);
  });

  it('is met by a passkey sign-in (user verification required) even without TOTP', () => {
    expect(satisfiesTwoStep(true, false, 'passkey')).toBe(true);
    expect(satisfiesTwoStep(true, true, 'passkey')).toBe(true);
  });

  it('is not met by a password, link or setup sign-in of a person without TOTP', () => {
    for (const method of METHODS.filter((candidate) => candidate !== 'passkey')) {
      expect({ method, met: satisfiesTwoStep(true, false, method) }).toEqual({ method, met: false });
    }
  });

  it('is met once the person has TOTP (a password sign-in then always takes the code step)', () => {
    expect(satisfiesTwoStep(true, true, 'password+totp')).toBe(true);
  });
});
