import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { interpolate } from '../../lib/i18n';
import { localAuthError, localAuthMessage } from './auth-server-messages';
import { signInMessages } from './sign-in-messages';

type Key = keyof typeof signInMessages.nl;
const nl = (key: Key, values?: Record<string, string | number>) => interpolate(signInMessages.nl[key], values);

describe('the gateway’s sentences about passwords and accounts in the reader’s language', () => {
  it('maps the weak-password, disabled-account and code sentences (auth/*-service.ts) and keeps an unknown one', () => {
    expect(
      localAuthMessage('This password is too common or too easy to guess; add words only you would pick', nl),
    ).toMatch(/^Dit wachtwoord is te gewoon/);
    expect(localAuthMessage('This account is disabled. Ask an administrator.', nl)).toBe(
      'Dit account is uitgeschakeld. Vraag een beheerder.',
    );
    expect(localAuthMessage('That code is not right. Enter the current code from your app.', nl)).toMatch(/^Die code/);
    expect(localAuthMessage('Something new', nl)).toBe('Something new');
  });

  it('reads the length limits with their number', () => {
    expect(localAuthMessage('Use at least 12 characters', nl)).toBe('Gebruik minstens 12 tekens.');
    expect(localAuthMessage('Use at most 256 characters', nl)).toBe('Gebruik hoogstens 256 tekens.');
  });

  it('keeps the kind and the refusal of the error it words', () => {
    const error = new ApiError({
      kind: 'forbidden',
      status: 403,
      message: 'This account is disabled. Ask an administrator.',
      refusal: { kind: 'outside-networks', address: '10.0.0.1' },
    });
    const local = localAuthError(error, nl) as ApiError;
    expect(local.kind).toBe('forbidden');
    expect(local.refusal).toEqual({ kind: 'outside-networks', address: '10.0.0.1' });
    expect(local.message).toBe('Dit account is uitgeschakeld. Vraag een beheerder.');
  });
});
