import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';
import { migrateGateway } from '../store/gateway-store';
import { ROLE_PRESETS } from './permissions';
import { createPresetRoles, listRoles } from './role-store';

const CRM_MIGRATION = new URL('../store/migrations/016_crm_permissions.sql', import.meta.url);
const DEVICES_MIGRATION = new URL('../store/migrations/022_sales_points_printing.sql', import.meta.url);
const PROMOTER_MIGRATION = new URL('../store/migrations/030_promoter_scopes.sql', import.meta.url);

/** Only migration 022's permission updates: its tables exist already in the migrated test database. */
const permissionUpdates = (sql: string) => sql.slice(sql.indexOf('update gateway.roles'));

describeEachDatabase(
  "migration 016: the CRM's permissions reach the preset roles of older organisations",
  (database) => {
    let service: TestService;
    beforeAll(async () => {
      service = await createTestService({ database });
      await migrateGateway(service.db);
    });
    afterAll(async () => {
      await service?.close();
    });

    it('gives each preset what ROLE_PRESETS gives a new organisation, once, and leaves made roles alone', async () => {
      const { db } = service;
      const { rows } = await db.query<{ id: string }>(
        `insert into gateway.organisations (client_name, api_key_sealed) values ('older-org', '\\x00') returning id`,
      );
      const organisationId = Number(rows[0]?.id);
      await createPresetRoles(db, organisationId);
      // As an organisation made before the CRM: its presets without the new permissions, and a role of its own.
      const crm = ['segments:manage', 'notes:write', 'duplicates:review', 'privacy:manage'];
      await db.query(
        `update gateway.roles set permissions = array(select p from unnest(permissions) p where not (p = any($2::text[])))
        where organisation_id = $1`,
        [organisationId, crm],
      );
      await db.query(
        `insert into gateway.roles (organisation_id, key, name, preset, permissions)
       values ($1, 'door', 'Door', false, array['events:read'])`,
        [organisationId],
      );
      const migration = await readFile(CRM_MIGRATION, 'utf8');
      await db.exec(migration);
      await db.exec(migration);

      const roles = await listRoles(db, organisationId);
      for (const preset of ROLE_PRESETS) {
        const role = roles.find((candidate) => candidate.key === preset.key);
        expect([...(role?.permissions ?? [])].sort(), preset.key).toEqual([...preset.permissions].sort());
      }
      expect(roles.find((role) => role.key === 'door')?.permissions).toEqual(['events:read']);
    });
    it('migration 022: sales:no-sale and sales-points:manage reach the presets once, made roles stay', async () => {
      const { db } = service;
      const { rows } = await db.query<{ id: string }>(
        `insert into gateway.organisations (client_name, api_key_sealed) values ('older-desk-org', '\\x00') returning id`,
      );
      const organisationId = Number(rows[0]?.id);
      await createPresetRoles(db, organisationId);
      await db.query(
        `update gateway.roles set permissions = array(select p from unnest(permissions) p where not (p = any($2::text[])))
        where organisation_id = $1`,
        [organisationId, ['sales:no-sale', 'sales-points:manage']],
      );
      await db.query(
        `insert into gateway.roles (organisation_id, key, name, preset, permissions)
       values ($1, 'door', 'Door', false, array['events:read'])`,
        [organisationId],
      );
      const updates = permissionUpdates(await readFile(DEVICES_MIGRATION, 'utf8'));
      await db.exec(updates);
      await db.exec(updates);

      const roles = await listRoles(db, organisationId);
      for (const preset of ROLE_PRESETS) {
        const role = roles.find((candidate) => candidate.key === preset.key);
        expect([...(role?.permissions ?? [])].sort(), preset.key).toEqual([...preset.permissions].sort());
      }
      expect(roles.find((role) => role.key === 'door')?.permissions).toEqual(['events:read']);
    });
    it('migration 030: customers:contact reaches the presets that saw contact details, and the accounting preset is made, once', async () => {
      const { db } = service;
      const { rows } = await db.query<{ id: string }>(
        `insert into gateway.organisations (client_name, api_key_sealed) values ('older-books-org', '\\x00') returning id`,
      );
      const organisationId = Number(rows[0]?.id);
      await createPresetRoles(db, organisationId);
      // As an organisation made before it: no accounting preset, no customers:contact, and a role of its own.
      await db.query(`delete from gateway.roles where organisation_id = $1 and key = 'accounting'`, [organisationId]);
      await db.query(
        `update gateway.roles set permissions = array_remove(permissions, 'customers:contact') where organisation_id = $1`,
        [organisationId],
      );
      await db.query(
        `insert into gateway.roles (organisation_id, key, name, preset, permissions)
       values ($1, 'door', 'Door', false, array['orders:read'])`,
        [organisationId],
      );
      const updates = permissionUpdates(await readFile(PROMOTER_MIGRATION, 'utf8'));
      await db.exec(updates);
      await db.exec(updates);

      const roles = await listRoles(db, organisationId);
      for (const preset of ROLE_PRESETS) {
        const role = roles.find((candidate) => candidate.key === preset.key);
        expect([...(role?.permissions ?? [])].sort(), preset.key).toEqual([...preset.permissions].sort());
      }
      expect(roles.filter((role) => role.key === 'accounting').map((role) => role.name)).toEqual(['Accounting']);
      expect(roles.find((role) => role.key === 'door')?.permissions).toEqual(['orders:read']);
    });
  },
);
