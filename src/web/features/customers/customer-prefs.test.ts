import { describe, expect, it } from 'vitest';
import { customerSchema } from '../../lib/schemas/customer';
import { optinState, prefRows, storedValueText } from './customer-prefs';

/** Reads `customerPrefs` the way the app reads a customer from the service. */
function prefsOf(customerPrefs: unknown) {
  const parsed = customerSchema.safeParse({
    customerId: 1,
    email: 'a@b.nl',
    customerFirstName: 'A',
    customerLastName: 'B',
    customerCredit: '0.00',
    lastChanged: '2026-01-01T00:00:00+01:00',
    customerTags: null,
    customerPrefs,
  });
  if (!parsed.success) throw new Error('customer did not parse');
  return parsed.data.customerPrefs;
}

const states = (customerPrefs: unknown) => prefRows(prefsOf(customerPrefs))?.map((row) => [row.key, row.state]);

describe('customerPrefs rules (spec 2.7)', () => {
  it('rule 1: strings "1"/"0", integers and booleans compare loosely', () => {
    for (const yes of ['1', 1, true, 'true']) {
      expect(prefRows(prefsOf({ user_prefs_optin: yes }))?.[0]).toMatchObject({ state: 'yes', stored: yes });
    }
    for (const no of ['0', 0, false, '', null]) {
      expect(prefRows(prefsOf({ user_prefs_optin: no }))?.[0]).toMatchObject({ state: 'no', stored: no });
    }
  });

  it('rule 2: a missing key is shown as missing and counts as no', () => {
    expect(states({ user_prefs_mailinglist: '1' })).toEqual([
      ['user_prefs_optin', 'missing'],
      ['user_prefs_mailinglist', 'yes'],
      ['user_prefs_extra_optin', 'missing'],
    ]);
    expect(optinState(prefsOf({ user_prefs_mailinglist: '1' }))).toBe('no');
    expect(states({})).toEqual([
      ['user_prefs_optin', 'missing'],
      ['user_prefs_mailinglist', 'missing'],
      ['user_prefs_extra_optin', 'missing'],
    ]);
  });

  it('rule 3: null means nothing stored (no rows, opt-in unknown); so does a missing or malformed value', () => {
    expect(prefRows(prefsOf(null))).toBeNull();
    expect(prefRows(prefsOf(undefined))).toBeNull();
    expect(prefRows(prefsOf('1'))).toBeNull();
    expect(optinState(prefsOf(null))).toBe('unknown');
  });

  it('rule 4: unknown keys are passed through and shown as they are, after the known ones', () => {
    const rows = prefRows(prefsOf({ user_prefs_sms: 1, user_prefs_optin: '1', weird: { a: 1 } }));
    expect(rows?.map((row) => [row.key, row.state])).toEqual([
      ['user_prefs_optin', 'yes'],
      ['user_prefs_mailinglist', 'missing'],
      ['user_prefs_extra_optin', 'missing'],
      ['user_prefs_sms', 'other'],
      ['weird', 'other'],
    ]);
    expect(storedValueText(rows?.[4]?.stored)).toBe('{"a":1}');
  });

  it('mixed legacy forms in one record', () => {
    expect(states({ user_prefs_optin: 1, user_prefs_mailinglist: false, user_prefs_extra_optin: '1' })).toEqual([
      ['user_prefs_optin', 'yes'],
      ['user_prefs_mailinglist', 'no'],
      ['user_prefs_extra_optin', 'yes'],
    ]);
  });

  it('tells "1" and 1 apart when showing what is stored', () => {
    expect(storedValueText('1')).toBe('"1"');
    expect(storedValueText(1)).toBe('1');
    expect(storedValueText(true)).toBe('true');
    expect(storedValueText(undefined)).toBe('');
  });
});
