import { describe, expect, it } from 'vitest';
import type { Role } from '@/contract/roles';
import { roleFormSchema, roleFormValues, roleInput } from './role-form-model';

const messages = { idleRange: 'idle', absoluteRange: 'absolute' };
const schema = roleFormSchema(messages);

const role: Role = {
  id: 7,
  key: 'custom-door',
  name: 'Door',
  preset: false,
  permissions: ['sales:sell', 'events:read'],
  requireTotp: true,
  idleMinutes: 15,
  absoluteMinutes: null,
  members: 2,
};

describe('role form', () => {
  it('starts from the role, minutes as text and empty for "the default"', () => {
    expect(roleFormValues(role)).toEqual({
      name: 'Door',
      permissions: ['sales:sell', 'events:read'],
      requireTotp: true,
      idleMinutes: '15',
      absoluteMinutes: '',
    });
    expect(roleFormValues(null)).toEqual({
      name: '',
      permissions: [],
      requireTotp: false,
      idleMinutes: '',
      absoluteMinutes: '',
    });
  });

  it('sends trimmed names, minutes as numbers or null, permissions in the gateway order', () => {
    const values = { ...roleFormValues(role), name: '  Door  ', absoluteMinutes: ' 480 ' };
    expect(roleInput(values, ['events:read', 'sales:sell', 'orders:read'])).toEqual({
      name: 'Door',
      permissions: ['events:read', 'sales:sell'],
      requireTotp: true,
      idleMinutes: 15,
      absoluteMinutes: 480,
    });
  });

  it('accepts the limits the gateway accepts and nothing else', () => {
    const errorsOf = (idleMinutes: string, absoluteMinutes: string) => {
      const parsed = schema.safeParse({ ...roleFormValues(role), idleMinutes, absoluteMinutes });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(errorsOf('', '')).toEqual([]);
    expect(errorsOf('5', '15')).toEqual([]);
    expect(errorsOf('1440', '10080')).toEqual([]);
    expect(errorsOf('4', '14')).toEqual(['idle', 'absolute']);
    expect(errorsOf('1441', '10081')).toEqual(['idle', 'absolute']);
    expect(errorsOf('7.5', 'abc')).toEqual(['idle', 'absolute']);
  });

  it('needs a name of at most 60 characters', () => {
    const check = (name: string) => schema.safeParse({ ...roleFormValues(role), name }).success;
    expect(check('   ')).toBe(false);
    expect(check('x'.repeat(60))).toBe(true);
    expect(check('x'.repeat(61))).toBe(false);
  });

  it("says what is wrong with the name in the gateway's words", () => {
    const messagesOf = (name: string) => {
      const parsed = schema.safeParse({ ...roleFormValues(role), name });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(messagesOf('   ')).toEqual(['Enter a name']);
    expect(messagesOf('x'.repeat(61))).toEqual(['At most 60 characters']);
  });
});
