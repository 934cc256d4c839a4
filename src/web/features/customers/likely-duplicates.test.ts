import { describe, expect, it } from 'vitest';
import { draftOf, hasDraftEmail, worthAsking } from './likely-duplicates';

describe('the draft a new customer is checked with', () => {
  it('takes the key fields, trimmed, and nothing else', () => {
    expect(
      draftOf({ email: ' a@b.nl ', customerLastName: 'Smit ', customerCity: 'Zwolle', customerCredit: '5' }),
    ).toEqual({
      email: 'a@b.nl',
      customerFirstName: '',
      customerPreposition: '',
      customerLastName: 'Smit',
      customerPhone: '',
      customerZip: '',
      customerHouseNr: '',
      customerAddress: '',
    });
  });

  it('cuts a field to what it may hold, so that a postcode typed too long keeps the warning', () => {
    expect(draftOf({ customerZip: '1349 LH Almere', email: 'a@b.nl' }).customerZip).toBe('1349 LH Al');
  });

  it('knows a match that already has the very email (the service would refuse it), whatever its case', () => {
    expect(hasDraftEmail({ email: 'wijk.noor@icloud.com' }, { email: 'Wijk.Noor@iCloud.com' })).toBe(true);
    expect(hasDraftEmail({ email: 'wijknoor@icloud.com' }, { email: 'Wijk.Noor@iCloud.com' })).toBe(false);
    expect(hasDraftEmail({ email: '' }, { email: '' })).toBe(false);
  });

  it('is asked about once it could share a key: a whole email, a phone of 8 digits, a last name with a zip', () => {
    const asked = (values: Record<string, string>) => worthAsking(draftOf(values));
    expect(asked({})).toBe(false);
    expect(asked({ customerFirstName: 'Jan', customerLastName: 'Jansen' })).toBe(false);
    expect(asked({ email: 'jan@gmail' })).toBe(false);
    expect(asked({ email: 'jan@gmail.com' })).toBe(true);
    expect(asked({ customerPhone: '06-123 456' })).toBe(false);
    expect(asked({ customerPhone: '06-1234 5678' })).toBe(true);
    expect(asked({ customerZip: '1234 AB' })).toBe(false);
    expect(asked({ customerLastName: 'Jansen', customerZip: '123' })).toBe(false);
    expect(asked({ customerLastName: 'Jansen', customerZip: '1234' })).toBe(true);
  });
});
