import { expect } from 'vitest';
import { embeddedService } from '../gateway/service-connection';
import { ensureDemoClients } from './client-fixtures';
import { type DemoFixtures, loadDemoFixtures } from './demo-fixtures';
import { createTestGateway, type TestGateway } from './test-gateway';
import { createTestService, type DatabaseKind, type TestService } from './test-service';

/** Support of the tests that sell through the gateway as the box office does (shifts, printing). */

/** A test service with the demo clients and their fixtures, and a gateway in front of it. */
export async function boxOfficeSetup(
  database: DatabaseKind,
): Promise<{ service: TestService; fx: DemoFixtures; gateway: TestGateway }> {
  const service = await createTestService({ database });
  try {
    await ensureDemoClients(service.db);
    const fx = await loadDemoFixtures(service.db);
    const gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    return { service, fx, gateway };
  } catch (error) {
    await service.close();
    throw error;
  }
}

/** The answer's body, once its status is `status` (a failure shows the status with the body). */
export async function expectJson<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(`${response.status} ${text}`).toMatch(new RegExp(`^${status} `));
  return JSON.parse(text) as T;
}
