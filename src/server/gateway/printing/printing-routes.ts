import type { Context } from 'hono';
import {
  type ClaimedPrintJob,
  noSaleBodySchema,
  type PrintingStatus,
  type PrintJob,
  type PrintJobsAnswer,
  printJobReportSchema,
  printOrderBodySchema,
} from '@/contract/printing';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { type DeskDeps, DeskService } from '../desk';
import { NotFoundError } from '../errors';
import { parseBody } from '../request-input';
import { requestOrigin } from '../same-origin';
import type { PrintSenderDeps } from './print-sender';
import { type PrintingCaller, PrintingService } from './printing-service';

const sellers = { permission: 'sales:sell' } as const;
const noSale = { permission: 'sales:no-sale' } as const;

const idOf = (c: Context, name: string, what: string) => {
  const text = c.req.param(name) ?? '';
  if (!/^\d{1,15}$/.test(text)) throw new NotFoundError(`No such ${what}`);
  return Number(text);
};

/**
 * Printing at the seller's sales point (the rules: printing-service.ts):
 *
 * - `POST /api/printing/orders/:orderId`: the sale's receipt and tickets to the sales point's printers (202);
 * - `GET /api/printing/status`: its printers' state and latest jobs, for the box office's printer chip;
 * - `POST /api/printing/jobs/:jobId/retry`: a failed job sent again;
 * - `POST /api/printing/jobs/:jobId/claim`: the seller's browser takes a job for its USB or serial printer;
 * - `POST /api/printing/jobs/:jobId/report`: and says what became of it (sent, or the device's error);
 * - `POST /api/printing/no-sale`: the drawer opened without a sale, with the reason (sales:no-sale);
 * - `POST /api/printing/cash-up`: the drawer opened to count it at the end of the shift.
 */
export function registerPrintingRoutes(routes: SecuredRoutes, deps: DeskDeps & PrintSenderDeps): void {
  const printing = new PrintingService(deps, new DeskService(deps));
  const callerOf = (c: Context<GatewayEnv>): PrintingCaller => ({
    principal: c.get('principal'),
    origin: requestOrigin(c),
    signal: c.req.raw.signal,
    audit: (tx, entry) => recordRequestAudit(tx, c, entry),
  });

  routes.declare('POST', '/printing/orders/:orderId', sellers, async (c) => {
    const orderId = idOf(c, 'orderId', 'order');
    const body = await parseBody(c, printOrderBodySchema);
    const jobs = await printing.printOrder(callerOf(c), orderId, body);
    return c.json({ jobs } satisfies PrintJobsAnswer, 202);
  });

  routes.declare('GET', '/printing/status', sellers, async (c) =>
    c.json((await printing.status(c.get('principal'))) satisfies PrintingStatus),
  );

  routes.declare('POST', '/printing/jobs/:jobId/retry', sellers, async (c) =>
    c.json((await printing.retry(callerOf(c), idOf(c, 'jobId', 'print job'))) satisfies PrintJob, 202),
  );

  routes.declare('POST', '/printing/jobs/:jobId/claim', sellers, async (c) =>
    c.json((await printing.claim(c.get('principal'), idOf(c, 'jobId', 'print job'))) satisfies ClaimedPrintJob),
  );

  routes.declare('POST', '/printing/jobs/:jobId/report', sellers, async (c) => {
    const jobId = idOf(c, 'jobId', 'print job');
    const report = await parseBody(c, printJobReportSchema);
    return c.json((await printing.report(c.get('principal'), jobId, report)) satisfies PrintJob);
  });

  routes.declare('POST', '/printing/no-sale', noSale, async (c) => {
    const { reason } = await parseBody(c, noSaleBodySchema);
    return c.json((await printing.openDrawer(callerOf(c), 'no-sale', reason)) satisfies PrintJob, 202);
  });

  routes.declare('POST', '/printing/cash-up', sellers, async (c) =>
    c.json((await printing.openDrawer(callerOf(c), 'cash-up', null)) satisfies PrintJob, 202),
  );
}
