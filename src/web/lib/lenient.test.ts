import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { looseFlag } from '../../contract/customer-prefs';
import { lenientArray, lenientDecimal, lenientInt, lenientNullableString, lenientString } from './lenient';
import { toTags } from './read';
import { toCustomerPrefs } from './schemas/customer';

describe('lenient readers', () => {
  it('reads decimals as numbers or strings, Dutch comma included', () => {
    expect(lenientDecimal.parse(12.5)).toBe(12.5);
    expect(lenientDecimal.parse('12.50')).toBe(12.5);
    expect(lenientDecimal.parse('12,50')).toBe(12.5);
    expect(lenientDecimal.parse('1.234,50')).toBe(1234.5);
    expect(lenientDecimal.parse('-3')).toBe(-3);
    expect(lenientDecimal.safeParse('abc').success).toBe(false);
    expect(lenientDecimal.safeParse('').success).toBe(false);
    expect(lenientDecimal.safeParse(null).success).toBe(false);
  });

  it('reads integers from digit strings but refuses fractions', () => {
    expect(lenientInt.parse('42')).toBe(42);
    expect(lenientInt.parse(7)).toBe(7);
    expect(lenientInt.safeParse('4.5').success).toBe(false);
  });

  it('reads tags from a comma string, an array or null', () => {
    expect(toTags('vip, friends ,vip')).toEqual(['vip', 'friends']);
    expect(toTags(['a', ' b '])).toEqual(['a', 'b']);
    expect(toTags('')).toEqual([]);
    expect(toTags(null)).toEqual([]);
    expect(toTags(undefined)).toEqual([]);
    expect(Array.isArray(toTags(5))).toBe(false);
  });

  it('compares preference flags loosely', () => {
    for (const yes of ['1', 1, true, 'true', 'yes']) expect(looseFlag(yes)).toBe(true);
    for (const no of ['0', 0, false, '', null, undefined, 'no']) expect(looseFlag(no)).toBe(false);
  });

  it('applies the customerPrefs rules: null, missing keys, legacy values, unknown keys', () => {
    expect(toCustomerPrefs(null)).toBeNull();
    expect(toCustomerPrefs(undefined)).toBeNull();
    const prefs = toCustomerPrefs({ user_prefs_optin: 1, user_prefs_mailinglist: '0', future_key: 'x' });
    expect(prefs).toEqual({
      optin: true,
      mailinglist: false,
      extraOptin: false,
      raw: { user_prefs_optin: 1, user_prefs_mailinglist: '0', future_key: 'x' },
    });
    expect(toCustomerPrefs({ user_prefs_extra_optin: true })?.extraOptin).toBe(true);
  });

  it('reads optional strings and arrays', () => {
    expect(lenientNullableString.parse(undefined)).toBeNull();
    expect(lenientNullableString.parse(12)).toBe('12');
    expect(lenientString.parse(null)).toBe('');
    expect(lenientString.parse(1234)).toBe('1234');
    expect(lenientArray(z.number()).parse(null)).toEqual([]);
    expect(lenientArray(z.number()).parse([1, 2])).toEqual([1, 2]);
  });
});
