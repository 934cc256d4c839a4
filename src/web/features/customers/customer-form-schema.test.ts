import { describe, expect, it } from 'vitest';
import {
  type CustomerFormValues,
  createBody,
  customerFormSchema,
  emptyCustomerForm,
  FIELD_MAX,
  isRequired,
  normalizeCredit,
  normalizePhone,
  normalizeZip,
  updateBody,
} from './customer-form-schema';

const messages = {
  required: 'required',
  tooLong: (max: number) => `max ${max}`,
  singleCharacter: 'single',
  email: 'email',
  phone: 'phone',
  credit: 'credit',
  creditRange: 'range',
};

const valid: CustomerFormValues = {
  ...emptyCustomerForm(),
  email: 'anna@example.nl',
  customerFirstName: 'Anna',
  customerLastName: 'de Vries',
};

/** The error message of one field, or undefined when the form passes for that field. */
function errorOf(values: Partial<CustomerFormValues>, field: keyof CustomerFormValues, initial?: CustomerFormValues) {
  const result = customerFormSchema(messages, initial).safeParse({ ...valid, ...values });
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('customer form schema: create', () => {
  it('accepts the required fields alone', () => {
    expect(customerFormSchema(messages).safeParse(valid).success).toBe(true);
  });

  it.each(['email', 'customerFirstName', 'customerLastName'] as const)('requires %s (blank is missing)', (field) => {
    expect(errorOf({ [field]: '' }, field)).toBe('required');
    expect(errorOf({ [field]: '   ' }, field)).toBe('required');
  });

  it.each(
    Object.entries(FIELD_MAX).filter(([field]) => field !== 'customerPhone' && field !== 'email') as Array<
      [keyof typeof FIELD_MAX, number]
    >,
  )('%s: %i characters pass, one more fails', (field, max) => {
    expect(errorOf({ [field]: 'x'.repeat(max) }, field)).toBeUndefined();
    expect(errorOf({ [field]: 'x'.repeat(max + 1) }, field)).toBe(max === 1 ? 'single' : `max ${max}`);
  });

  it('email: 255 characters pass, 256 fail, and the format is checked', () => {
    const local = 'a'.repeat(255 - '@example.nl'.length);
    expect(errorOf({ email: `${local}@example.nl` }, 'email')).toBeUndefined();
    expect(errorOf({ email: `${local}a@example.nl` }, 'email')).toBe('max 255');
    for (const bad of ['anna', 'anna@', '@example.nl', 'anna@example', 'an na@example.nl', 'a@b@c.nl']) {
      expect(errorOf({ email: bad }, 'email')).toBe('email');
    }
  });

  it('phone: digits with an optional leading +, separators allowed, anything else refused', () => {
    for (const ok of ['0612345678', '06-1234 5678', '+31 6 1234 5678', '(020) 123.45.67', '']) {
      expect(errorOf({ customerPhone: ok }, 'customerPhone')).toBeUndefined();
    }
    for (const bad of ['06-1234 567a', '++31612345678', '0612+345678', 'bel me']) {
      expect(errorOf({ customerPhone: bad }, 'customerPhone')).toBe('phone');
    }
    // The trunk prefix of "+31 (0)6" is no digit of the number (it was sent as "+310612345678").
    expect(normalizePhone('+31 (0)6 1234 5678')).toBe('+31612345678');
    expect(normalizePhone('+32(0)2 123 45 67')).toBe('+3221234567');
    expect(normalizePhone('(020) 123.45.67')).toBe('0201234567');
    expect(errorOf({ customerPhone: '1'.repeat(30) }, 'customerPhone')).toBeUndefined();
    expect(errorOf({ customerPhone: '1'.repeat(31) }, 'customerPhone')).toBe('max 30');
  });

  it('credit: at most two decimals, point or Dutch comma, within the stored range', () => {
    for (const ok of ['0', '12', '12.5', '12,50', '-3,25', '21474836.47', ' 7,10 ', '']) {
      expect(errorOf({ customerCredit: ok }, 'customerCredit')).toBeUndefined();
    }
    for (const bad of ['12.345', '12,345', '1.234,50', '12.', ',5', 'tien', '1e3']) {
      expect(errorOf({ customerCredit: bad }, 'customerCredit')).toBe('credit');
    }
    expect(errorOf({ customerCredit: '21474836.48' }, 'customerCredit')).toBe('range');
    expect(errorOf({ customerCredit: '-21474836.48' }, 'customerCredit')).toBe('range');
  });
});

describe('customer form schema: edit', () => {
  const initial: CustomerFormValues = { ...valid, customerPhone: '0612345678', customerCredit: '5.00' };

  it('does not let a required field that had a value be emptied', () => {
    expect(errorOf({ customerLastName: '' }, 'customerLastName', initial)).toBe('required');
  });

  it('marks as required what it insists on: name and email, on create and where the record has them', () => {
    for (const field of ['email', 'customerFirstName', 'customerLastName'] as const) {
      expect(isRequired(field)).toBe(true);
      expect(isRequired(field, initial)).toBe(true);
      expect(isRequired(field, { ...initial, [field]: '' })).toBe(false);
    }
    expect(isRequired('customerCredit', initial)).toBe(false);
    expect(isRequired('customerPhone')).toBe(false);
  });

  it('takes an emptied credit for none (0.00): it said "required" on a field not marked so', () => {
    expect(errorOf({ customerCredit: '' }, 'customerCredit', initial)).toBeUndefined();
    expect(updateBody({ ...initial, customerCredit: '12.50' }, { ...initial, customerCredit: '' })).toEqual({
      customerCredit: '0.00',
    });
    expect(updateBody({ ...initial, customerCredit: '0.00' }, { ...initial, customerCredit: '' })).toEqual({});
  });

  it('lets a required field stay empty when it already was (a legacy record)', () => {
    const legacy = { ...initial, email: '' };
    expect(errorOf({ email: '' }, 'email', legacy)).toBeUndefined();
  });

  it('leaves optional fields optional', () => {
    expect(errorOf({ customerPhone: '' }, 'customerPhone', initial)).toBeUndefined();
    expect(errorOf({ customerZip: '' }, 'customerZip', initial)).toBeUndefined();
  });
});

describe('normalising and bodies', () => {
  it('sends the phone as digits and the credit with a point and two decimals', () => {
    expect(normalizePhone('06-1234 5678')).toBe('0612345678');
    expect(normalizePhone('+31 (0)6')).toBe('+316');
    expect(normalizePhone('06x')).toBeNull();
    expect(normalizeCredit('12,5')).toBe('12.50');
    expect(normalizeCredit('-3')).toBe('-3.00');
    expect(normalizeCredit('1,234')).toBeNull();
  });

  it('writes a Dutch postcode as PostNL does, and any other as typed', () => {
    expect(normalizeZip('1234ab')).toBe('1234 AB');
    expect(normalizeZip(' 1234  Ab ')).toBe('1234 AB');
    expect(normalizeZip('1234 AB')).toBe('1234 AB');
    expect(normalizeZip('1000')).toBe('1000');
    expect(normalizeZip('10115')).toBe('10115');
    expect(normalizeZip('SW1A 1AA')).toBe('SW1A 1AA');
    expect(normalizeZip('12345ab')).toBe('12345ab');
  });

  it('create sends every field with a value, normalised, and nothing blank', () => {
    expect(createBody({ ...valid, customerPhone: '06-1234 5678', customerCredit: '2,5', customerZip: ' ' })).toEqual({
      email: 'anna@example.nl',
      customerFirstName: 'Anna',
      customerLastName: 'de Vries',
      customerPhone: '0612345678',
      customerCredit: '2.50',
    });
    expect(createBody({ ...valid, customerZip: '3511aa ' }).customerZip).toBe('3511 AA');
  });

  it('edit sends only what changed; an emptied nullable field as null; a reformatted phone is no change', () => {
    const initial: CustomerFormValues = {
      ...valid,
      customerPhone: '0612345678',
      customerCredit: '5.00',
      customerCustom1: 'loge',
      customerCity: 'Utrecht',
    };
    expect(updateBody(initial, { ...initial })).toEqual({});
    expect(updateBody(initial, { ...initial, customerPhone: '06-1234 5678', customerCredit: '5' })).toEqual({});
    // A postcode stored as "1234ab" is not rewritten unless it is edited; edited, it goes as PostNL writes it.
    expect(updateBody({ ...initial, customerZip: '1234ab' }, { ...initial, customerZip: '1234ab' })).toEqual({});
    expect(updateBody(initial, { ...initial, customerZip: '3511aa' })).toEqual({ customerZip: '3511 AA' });
    expect(
      updateBody(initial, { ...initial, customerCity: 'Leiden', customerCustom1: '', customerCredit: '7,5' }),
    ).toEqual({ customerCity: 'Leiden', customerCustom1: null, customerCredit: '7.50' });
  });
});
