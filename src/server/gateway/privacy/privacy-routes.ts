import type { Context } from 'hono';
import { z } from 'zod';
import {
  type AnonymiseOutcome,
  anonymiseRequestSchema,
  type PrivacySettings,
  privacySettingsSchema,
  type RetentionBatchAnswer,
  type RetentionIds,
  type RetentionPage,
  retentionBatchSchema,
  retentionQuerySchema,
} from '@/contract/privacy';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError } from '../errors';
import { parseBody, parseQuery } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { ServiceConnection } from '../service-connection';
import { type KeyOpener, UpstreamClient } from '../upstream';
import { type LetterLanguage, packageLetter } from './package-letter';
import { type PrivacyRequester, PrivacyService, type PrivacyServiceDeps } from './privacy-service';

const privacyManage = { permission: 'privacy:manage' } as const;

/** What the privacy routes work with (of GatewayDeps, which is built from this folder's entry). */
interface PrivacyDeps extends PrivacyServiceDeps {
  service: ServiceConnection;
  organisations: KeyOpener;
}

const letterQuerySchema = z.object({ lang: z.enum(['nl', 'en']).optional() });

function customerIdParam(c: Context<GatewayEnv>): number {
  const text = c.req.param('id');
  if (!text || !/^\d{1,15}$/.test(text)) throw new NotFoundError('No such customer');
  return Number(text);
}

function requesterOf(deps: PrivacyDeps, c: Context<GatewayEnv>): PrivacyRequester {
  const principal = c.get('principal');
  return {
    principal,
    upstream: () => UpstreamClient.forPerson(deps, principal, requestOrigin(c)),
    audit: (db, entry) => recordRequestAudit(db, c, entry),
  };
}

/** A download the browser saves (the package holds personal data: never cached). */
function attachment(c: Context<GatewayEnv>, body: string, type: string, fileName: string): Response {
  c.header('content-type', type);
  c.header('content-disposition', `attachment; filename="${fileName}"`);
  c.header('cache-control', 'no-store');
  return c.body(body);
}

/** Privacy requests (privacy-service.ts holds what they do): all privacy:manage. */
export function registerPrivacyRoutes(routes: SecuredRoutes, deps: PrivacyDeps): void {
  const service = new PrivacyService(deps);
  const requester = (c: Context<GatewayEnv>) => requesterOf(deps, c);

  routes.declare('GET', '/privacy/customers/:id/package.json', privacyManage, async (c) => {
    const customerId = customerIdParam(c);
    const pack = await service.package(requester(c), customerId, 'json');
    return attachment(
      c,
      JSON.stringify(pack, null, 2),
      'application/json; charset=utf-8',
      `privacy-package-${customerId}.json`,
    );
  });

  routes.declare('GET', '/privacy/customers/:id/package.html', privacyManage, async (c) => {
    const customerId = customerIdParam(c);
    const { lang } = parseQuery(c, letterQuerySchema);
    const pack = await service.package(requester(c), customerId, 'html');
    const language: LetterLanguage = lang ?? 'nl';
    return attachment(
      c,
      packageLetter(pack, language),
      'text/html; charset=utf-8',
      `privacy-package-${customerId}.html`,
    );
  });

  routes.declare('POST', '/privacy/customers/:id/anonymise', privacyManage, async (c) => {
    const customerId = customerIdParam(c);
    const { confirmation } = await parseBody(c, anonymiseRequestSchema);
    return c.json((await service.anonymise(requester(c), customerId, confirmation)) satisfies AnonymiseOutcome);
  });

  routes.declare('GET', '/privacy/settings', privacyManage, async (c) =>
    c.json((await service.settings(requester(c))) satisfies PrivacySettings),
  );

  routes.declare('PUT', '/privacy/settings', privacyManage, async (c) => {
    const settings = await parseBody(c, privacySettingsSchema);
    return c.json((await service.updateSettings(requester(c), settings)) satisfies PrivacySettings);
  });

  routes.declare('GET', '/privacy/retention', privacyManage, async (c) => {
    const { page } = parseQuery(c, retentionQuerySchema);
    return c.json((await service.retentionPage(requester(c), page ?? 1)) satisfies RetentionPage);
  });

  routes.declare('GET', '/privacy/retention/ids', privacyManage, async (c) =>
    c.json((await service.retentionIds(requester(c))) satisfies RetentionIds),
  );

  routes.declare('POST', '/privacy/retention/anonymise', privacyManage, async (c) => {
    const { customerIds } = await parseBody(c, retentionBatchSchema);
    return c.json((await service.startBatch(requester(c), customerIds)) satisfies RetentionBatchAnswer, 202);
  });
}
