import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoClients } from '../testing/client-fixtures';
import { createTestService, DEMO, HARBOUR, type TestService } from '../testing/test-service';
import { apiKeyFromHeader, hashApiKey } from './auth';

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('apiKeyFromHeader', () => {
  it('reads the raw key, trimmed', () => {
    expect(apiKeyFromHeader('demo-partner-key')).toBe('demo-partner-key');
    expect(apiKeyFromHeader('  demo-partner-key  ')).toBe('demo-partner-key');
  });

  it('reads Basic with the key as user name and an empty password, any case of "Basic"', () => {
    expect(apiKeyFromHeader(basic('demo-partner-key:'))).toBe('demo-partner-key');
    expect(apiKeyFromHeader(`basic ${Buffer.from('demo-partner-key:').toString('base64')}`)).toBe('demo-partner-key');
    // A non-empty password is not accepted as if it were empty.
    expect(apiKeyFromHeader(basic('demo-partner-key:whatever'))).toBeNull();
    // Without a colon the whole decoded value is the user name.
    expect(apiKeyFromHeader(basic('demo-partner-key'))).toBe('demo-partner-key');
  });

  it('gives null for a missing or empty key', () => {
    expect(apiKeyFromHeader(undefined)).toBeNull();
    expect(apiKeyFromHeader('')).toBeNull();
    expect(apiKeyFromHeader('   ')).toBeNull();
    expect(apiKeyFromHeader(basic(':'))).toBeNull();
    expect(apiKeyFromHeader(basic(':password'))).toBeNull();
  });
});

describe('partner key check', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await createTestService();
    await ensureDemoClients(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  const hall = (authorization?: string, client: string = DEMO.client) =>
    service.request(`/v1/${client}/partner/hall`, authorization ? { headers: { authorization } } : {});

  it('stores keys only as their SHA-256', async () => {
    const { rows } = await service.db.query<{ name: string; api_key_hash: Uint8Array }>(
      'select name, api_key_hash from clients where name = any($1)',
      [[DEMO.client, HARBOUR.client]],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const key = row.name === DEMO.client ? DEMO.apiKey : HARBOUR.apiKey;
      expect(Buffer.from(row.api_key_hash)).toEqual(hashApiKey(key));
      expect(Buffer.from(row.api_key_hash).toString('utf8')).not.toContain(key);
    }
  });

  it('accepts the raw key and Basic', async () => {
    expect((await hall(DEMO.apiKey)).status).toBe(200);
    expect((await hall(basic(`${DEMO.apiKey}:`))).status).toBe(200);
    expect((await hall(HARBOUR.apiKey, HARBOUR.client)).status).toBe(200);
  });

  it('answers 401 for a missing, empty, unknown or prefixed key', async () => {
    for (const authorization of [undefined, 'nope', `Bearer ${DEMO.apiKey}`, `${DEMO.apiKey}x`, basic(':')]) {
      const response = await hall(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('answers 403 for the key of another client, and says nothing about that client', async () => {
    const response = await hall(HARBOUR.apiKey);
    expect(response.status).toBe(403);
    const body = (await response.json()) as { message: string };
    expect(body).toEqual({ message: expect.any(String) });
    expect(body.message).not.toContain(HARBOUR.client);
  });

  it('answers 404 JSON for an unknown client, with or without a key', async () => {
    for (const authorization of [undefined, DEMO.apiKey]) {
      const response = await hall(authorization, 'no-such-client');
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('asks no key on the public group', async () => {
    for (const path of ['/v1/demo/events', '/v1/demo/tickettypes/1', '/v1/demo/order/unknown']) {
      expect((await service.request(path)).status, path).not.toBe(401);
    }
  });
});
