import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { interpolate } from '../../lib/i18n';
import { localServerError, localServerMessage } from './server-messages';
import { type StaffMessageKey, staffMessages } from './staff-messages';

const nl = (key: StaffMessageKey, values?: Record<string, string | number>) =>
  interpolate(staffMessages.nl[key], values);
const en = (key: StaffMessageKey, values?: Record<string, string | number>) =>
  interpolate(staffMessages.en[key], values);

describe('the gateway’s sentences in the reader’s language', () => {
  it('maps the known ones and keeps an unknown one as it came', () => {
    expect(localServerMessage('A role with this name exists', nl)).toBe('Er is al een rol met deze naam');
    expect(localServerMessage('A role with this name exists', en)).toBe('A role with this name exists');
    expect(localServerMessage('Something new went wrong', nl)).toBe('Something new went wrong');
  });

  it('reads a length limit with its number', () => {
    expect(localServerMessage('At most 200 characters', nl)).toBe(nl('tooLong', { max: 200 }));
    expect(localServerMessage('At most 1024 characters', en)).toBe('At most 1024 characters');
  });

  it('translates the field messages and the message of an API error, keeping its kind and status', () => {
    const error = new ApiError({
      kind: 'validation',
      status: 422,
      message: 'The Ticketing Service does not accept this client name and API key',
      fieldErrors: { apiKey: ['The Ticketing Service does not accept this client name and API key', 'Odd'] },
    });
    const local = localServerError(error, nl) as ApiError;
    expect(local.kind).toBe('validation');
    expect(local.status).toBe(422);
    expect(local.message).toBe('De Ticketing Service accepteert deze klantnaam en API-sleutel niet');
    expect(local.fieldErrors).toEqual({
      apiKey: ['De Ticketing Service accepteert deze klantnaam en API-sleutel niet', 'Odd'],
    });
  });

  it('leaves anything that is not an API error alone', () => {
    const error = new TypeError('boom');
    expect(localServerError(error, nl)).toBe(error);
  });
});
