import type { Logger } from 'pino';
import { type ScanResult, scanRequestSchema } from '@/contract/scan';
import type { Database } from '../../db/database';
import type { SecuredRoutes } from '../access';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import { ScannerService } from './scanner-service';

/** What the scanner's route uses of the gateway's deps. */
export interface ScannerDeps {
  db: Database;
  log: Logger;
  service: ServiceConnection;
  organisations: KeyOpener;
}

/** Who may scan: those who open orders — the desk's sellers (their own sales) and whoever reads orders. */
export const SCANNERS = { anyOf: ['sales:sell', 'orders:read', 'reports:read'] } as const;

/**
 * `POST /api/scans`: what a scanned code names (the rules: scanner-service.ts). A POST, so the code — an email
 * perhaps — is in no URL, access log or browser history.
 */
export function registerScannerRoutes(routes: SecuredRoutes, deps: ScannerDeps): void {
  const scanner = new ScannerService(deps.db, deps.log);
  routes.declare('POST', '/scans', SCANNERS, async (c) => {
    const request = await parseBody(c, scanRequestSchema);
    const principal = c.get('principal');
    const scanning = { principal, upstream: () => UpstreamClient.forPerson(deps, principal, requestOrigin(c)) };
    return c.json((await scanner.resolve(scanning, request)) satisfies ScanResult);
  });
}
