import { describe, expect, it } from 'vitest';
import type { Localized } from '../../lib/i18n';
import { detailLine } from './audit-details';

const dutch = (text: Localized) => text.nl;
const english = (text: Localized) => text.en;

describe('detailLine', () => {
  it('names a sign-in’s method and a refusal’s reason in the reader’s language', () => {
    expect(detailLine('method', 'password', dutch)).toBe('Aanmeldwijze: wachtwoord');
    expect(detailLine('method', 'password+totp', english)).toBe('Sign-in method: password and authenticator app');
    expect(detailLine('reason', 'unknown email', dutch)).toBe('Reden: onbekend e-mailadres');
  });

  it('shows what it cannot name as recorded', () => {
    expect(detailLine('method', 'carrier pigeon', dutch)).toBe('Aanmeldwijze: carrier pigeon');
    expect(detailLine('shiftId', '12', dutch)).toBe('shiftId: 12');
  });
});
