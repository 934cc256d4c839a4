import { describe, expect, it } from 'vitest';
import { isConnectionError } from './connection-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it('recognises a database that went away', () => {
    for (const error of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([withCode('ECONNREFUSED')], 'connect failed'),
      new Error('wrapped', { cause: withCode('ECONNRESET') }),
    ]) {
      expect(isConnectionError(error)).toBe(true);
    }
  });

  it('leaves the request errors alone', () => {
    for (const error of [withCode('23505'), withCode('22P02'), withCode('40001'), new Error('boom'), null, 'text']) {
      expect(isConnectionError(error)).toBe(false);
    }
  });
});
