import { migrateGateway } from '../gateway/store/gateway-store';
import { createTestService, type DatabaseKind, type TestService } from './test-service';

/**
 * A test service with the gateway's tables and an organisation of its own (named `clientName`): for tests of the
 * gateway's stores that need no gateway around them.
 */
export async function createTestStore(
  database: DatabaseKind,
  clientName: string,
): Promise<{ service: TestService; organisationId: number }> {
  const service = await createTestService({ database });
  await migrateGateway(service.db);
  const { rows } = await service.db.query<{ id: string }>(
    `insert into gateway.organisations (client_name, api_key_sealed) values ($1, '\\x00') returning id`,
    [clientName],
  );
  return { service, organisationId: Number(rows[0]?.id) };
}
