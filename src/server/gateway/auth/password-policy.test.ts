import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';

const person = { email: 'margriet.vandenberg@stadsschouwburg.test', name: 'Margriet van den Berg' };

describe('password policy', () => {
  it('refuses fewer than 12 characters, and more than the maximum', async () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(await passwordProblem('Xk9#vQ2!mZ4', person)).toMatch(/at least 12/);
    expect(await passwordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1), person)).toMatch(/at most/);
  });

  it.each([
    'passwordpassword',
    'qwertyuiopasdf',
    '123456789012',
    'aaaaaaaaaaaaaaaa',
    'iloveyou12345',
    'foyerfoyerfoyer',
  ])('refuses a common or guessable password: %s', async (password) => {
    expect(await passwordProblem(password, person)).toMatch(/too common|easy to guess/);
  });

  it.each(['margriet.vandenberg@stadsschouwburg.test', 'stadsschouwburg2026', 'MargrietVandenberg1'])(
    "refuses one made of the person's own email or name: %s",
    async (password) => {
      expect(await passwordProblem(password, person)).not.toBeNull();
    },
  );

  it('accepts a long random passphrase', async () => {
    for (const password of [
      'violet tugboat harmonica 1987 drizzle',
      'correct-staple-gravy-orbit-52',
      'Xk9#vQ2!mZ4@pL',
    ]) {
      expect({ password, problem: await passwordProblem(password, person) }).toEqual({ password, problem: null });
    }
  });

  it('hashes with argon2id and verifies; no stored hash never matches', async () => {
    const stored = await hashPassword('violet tugboat harmonica 1987 drizzle');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(await verifyPassword(stored, 'violet tugboat harmonica 1987 drizzle')).toBe(true);
    expect(await verifyPassword(stored, 'violet tugboat harmonica 1987 drizzlE')).toBe(false);
    expect(await verifyPassword(null, '')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});
