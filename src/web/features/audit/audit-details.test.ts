import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../lib/format';
import type { Localized } from '../../lib/i18n';
import { type DetailWords, detailLines } from './audit-details';

const dutch: DetailWords = { localized: (text: Localized) => text.nl, locale: 'nl-NL', empty: '(leeg)' };
const english: DetailWords = { localized: (text: Localized) => text.en, locale: 'en-GB', empty: '(empty)' };
const texts = (details: Record<string, unknown>, words = dutch) => detailLines(details, words).map((line) => line.text);

describe('detailLines', () => {
  it('names a sign-in’s method and a refusal’s reason in the reader’s language', () => {
    expect(texts({ method: 'password' })).toEqual(['Aanmeldwijze: wachtwoord']);
    expect(texts({ method: 'password+totp' }, english)).toEqual(['Sign-in method: password and authenticator app']);
    expect(texts({ reason: 'unknown email' })).toEqual(['Reden: onbekend e-mailadres']);
  });

  it('names an export’s settings and a list’s page in words, not as the code names them (a walkthrough read them raw)', () => {
    expect(
      texts({ kind: 'waitinglist', page: 12, rows: 100, incremental: false, changedSince: null, mode: 'full' }),
    ).toEqual([
      'Soort: wachtlijst',
      'Pagina: 12',
      'Regels: 100',
      'Alleen wijzigingen: nee',
      'Gewijzigd sinds: (leeg)',
      'Omvang: alles',
    ]);
    // A schedule run at once, and a note's operations (a walkthrough read "Wijziging: run-now").
    expect(texts({ op: 'run-now', kind: 'orders' })).toEqual(['Wijziging: nu uitgevoerd', 'Soort: bestellingen']);
    expect(texts({ op: 'add' })).toEqual(['Wijziging: toegevoegd']);
    expect(texts({ op: 'edit' }, english)).toEqual(['Change: edited']);
    expect(texts({ rows: 'seat', delimiter: 'semicolon', enabled: true, timeOfDay: '07:30' }, english)).toEqual([
      'Rows: one per seat',
      'Delimiter: semicolon',
      'Active: yes',
      'Time of day: 07:30',
    ]);
  });

  it('reads a shift’s opening as the desk does: money, words, and an empty value said as such', () => {
    expect(
      texts({ desk: 'Balie 1', shiftId: 1, openingFloatCents: 15000, salesPointId: null, reprint: false }),
    ).toEqual([
      'Balie: Balie 1',
      'Dienst-nr.: 1',
      `Beginkas: ${formatMoney(150, 'nl-NL')}`,
      'Kassapunt-nr.: (leeg)',
      'Herdruk: nee',
    ]);
  });

  it('shows a role’s old and new settings as what changed, not as two blocks of JSON (a walkthrough read them raw)', () => {
    const lines = detailLines(
      {
        change: 'changed',
        roleId: 11,
        old: { name: 'Deurploeg', idleMinutes: null, permissions: ['events:read', 'sales:sell'], requireTotp: false },
        new: {
          name: 'Deurploeg avond',
          idleMinutes: 30,
          permissions: ['events:read', 'sales:sell', 'orders:read'],
          requireTotp: false,
        },
      },
      dutch,
    );
    expect(lines.filter((line) => line.change).map((line) => line.text)).toEqual([
      'Naam: Deurploeg → Deurploeg avond',
      'Afmelden na inactiviteit (min.): (leeg) → 30',
      'Rechten: +orders:read',
    ]);
    expect(lines.filter((line) => !line.change).map((line) => line.text)).toEqual([
      'Wijziging: gewijzigd',
      'Rol-nr.: 11',
    ]);
  });

  it('names a customer’s changed fields, tags before and after, and lists as lists', () => {
    const fieldName = (key: string) => (key === 'customerFirstName' ? 'Voornaam' : null);
    expect(texts({ changes: { customerFirstName: { old: 'Ada', new: 'Ida' } } }, { ...dutch, fieldName })).toEqual([
      'Voornaam: Ada → Ida',
    ]);
    expect(texts({ before: ['VIP', 'Pers'], after: ['VIP', 'Abonnee'] })).toEqual(['+Abonnee, −Pers']);
    expect(texts({ before: [], after: ['VIP'] })).toEqual(['(leeg) → VIP']);
    expect(texts({ documents: ['receipt', 'tickets'] })).toEqual(['Documenten: receipt, tickets']);
  });

  it('shows what it cannot name as recorded: the trail never hides a value', () => {
    expect(texts({ method: 'carrier pigeon' })).toEqual(['Aanmeldwijze: carrier pigeon']);
    expect(texts({ somethingNew: { a: 1 } })).toEqual(['somethingNew: {"a":1}']);
  });
});
