import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CustomFieldNames, UNNAMED_CUSTOM_FIELDS } from '@/contract/custom-fields';
import type { Permission } from '@/contract/staff';
import { organisationIdOf } from '../../testing/mirror';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { permissionsOf } from '../access';
import { createGatewayApp } from '../gateway';
import { ROLE_PRESETS } from '../permissions';
import { embeddedService } from '../service-connection';
import { readCustomFieldNames } from '.';

/** Who may call each route, as custom-field-routes.ts says. */
const EXPECTED_ACCESS: Record<string, readonly Permission[]> = {
  'GET /custom-fields': ['customers:read', 'customers:write', 'duplicates:review'],
  'PUT /custom-fields': ['customers:write'],
};

const named = (names: Partial<CustomFieldNames>): CustomFieldNames => ({ ...UNNAMED_CUSTOM_FIELDS, ...names });

describeEachDatabase('custom field names', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let organisationId: number;
  const browsers = new Map<string, TestBrowser>();
  const as = (role: string) => browsers.get(role) as TestBrowser;
  const put = (role: string, json: unknown) => as(role).request('/api/custom-fields', { method: 'PUT', json });

  beforeAll(async () => {
    service = await createTestService({ database });
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    organisationId = await organisationIdOf(gateway.db, DEMO.client);
    for (const preset of ROLE_PRESETS)
      browsers.set(preset.key, await signedInBrowser(gateway, demoPerson(preset.key).email));
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  it('declares each route for exactly the permissions it names, and each preset role gets in or is refused', async () => {
    const declared = createGatewayApp(gateway.deps).routes.declared.filter((route) => route.path === '/custom-fields');
    expect(
      Object.fromEntries(declared.map((route) => [`${route.method} ${route.path}`, [...permissionsOf(route.access)]])),
    ).toEqual(Object.fromEntries(Object.entries(EXPECTED_ACCESS).map(([route, allowed]) => [route, [...allowed]])));
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const [route, allowed] of Object.entries(EXPECTED_ACCESS)) {
      const [method, path] = route.split(' ') as [string, string];
      for (const preset of ROLE_PRESETS) {
        // The body names nothing (an empty PUT is refused as invalid): a person let in gets 200 or 422.
        const response = await as(preset.key).request(`/api${path}`, {
          method,
          ...(method === 'GET' ? {} : { json: {} }),
        });
        const mayCall = allowed.some((permission) => preset.permissions.includes(permission));
        outcomes.push(
          `${route} as ${preset.key}: ${response.status === 403 ? 'refused' : `let in (${response.status})`}`,
        );
        expected.push(`${route} as ${preset.key}: ${mayCall ? `let in (${method === 'GET' ? 200 : 422})` : 'refused'}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('starts with no field named, keeps the names marketing gives (trimmed), and a manager reads them', async () => {
    expect(await (await as('manager').request('/api/custom-fields')).json()).toEqual(UNNAMED_CUSTOM_FIELDS);
    const saved = await put('marketing', named({ customerCustom1: '  Abonnement  ', customerCustom4: 'Dieetwens' }));
    expect(saved.status).toBe(200);
    const expected = named({ customerCustom1: 'Abonnement', customerCustom4: 'Dieetwens' });
    expect(await saved.json()).toEqual(expected);
    expect(await (await as('manager').request('/api/custom-fields')).json()).toEqual(expected);

    // Renamed and one name taken away: the rows follow, and the trail says what changed from what.
    const again = await put('marketing', named({ customerCustom1: 'Abonnement', customerCustom2: 'Vereniging' }));
    expect(again.status).toBe(200);
    expect(await readCustomFieldNames(gateway.db, organisationId)).toEqual(
      named({ customerCustom1: 'Abonnement', customerCustom2: 'Vereniging' }),
    );
    const { rows } = await gateway.db.query<{ details: { changed: Record<string, { from: string; to: string }> } }>(
      `select details from gateway.audit_entries where organisation_id = $1 and action = 'custom-fields'
        order by id desc limit 1`,
      [organisationId],
    );
    expect(rows[0]?.details.changed).toEqual({
      customerCustom2: { from: '', to: 'Vereniging' },
      customerCustom4: { from: 'Dieetwens', to: '' },
    });
  });

  it('refuses a name too long, two fields of one name (on the second), and a field the customer has not', async () => {
    const before = await readCustomFieldNames(gateway.db, organisationId);
    const long = await put('marketing', named({ customerCustom3: 'x'.repeat(41) }));
    expect(long.status).toBe(422);
    expect(Object.keys(((await long.json()) as { errors: Record<string, string[]> }).errors)).toEqual([
      'customerCustom3',
    ]);
    const twice = await put('marketing', named({ customerCustom2: 'Lid', customerCustom5: ' lid ' }));
    expect(twice.status).toBe(422);
    expect(await twice.json()).toMatchObject({
      errors: { customerCustom5: ['Another custom field has this name'] },
    });
    const unknown = await put('marketing', { ...named({}), customerCustom8: 'Acht' });
    expect(unknown.status).toBe(422);
    const partial = await put('marketing', { customerCustom1: 'Alleen de eerste' });
    expect(partial.status).toBe(422);
    expect(await readCustomFieldNames(gateway.db, organisationId)).toEqual(before);
  });
});
