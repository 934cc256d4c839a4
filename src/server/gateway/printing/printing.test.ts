import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClaimedPrintJob, PrintingStatus, PrintJob, PrintJobsAnswer } from '@/contract/printing';
import type { SalesPoint } from '@/contract/sales-points';
import type { CurrentShift, ShiftDetail } from '@/contract/shift';
import { boxOfficeSetup, expectJson } from '../../testing/box-office';
import type { DemoFixtures } from '../../testing/demo-fixtures';
import { decodeEscPos, type PrinterSimulator, startPrinterSimulator } from '../../testing/printer-simulator';
import { fullPriceType } from '../../testing/selling';
import { demoPerson, quietLog, signedInBrowser, type TestBrowser, type TestGateway } from '../../testing/test-gateway';
import { describeEachDatabase, type TestService } from '../../testing/test-service';
import { permissionsOf } from '../access';
import type { AuditEntry } from '../audit/audit-trail';
import { createGatewayApp } from '../gateway';
import { ROLE_PRESETS } from '../permissions';
import { claimJobs, insertPrintJob } from './print-job-store';
import { sendJobs, sendOrphanedJobs } from './print-sender';

const SELLER = demoPerson('box-office');
const ADMIN = demoPerson('administrator');
const ZONE = 'Europe/Amsterdam';

describeEachDatabase('printing at a sales point', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let fx: DemoFixtures;
  let seller: TestBrowser;
  let admin: TestBrowser;
  let priceId: string;
  let printer: PrinterSimulator;
  let kassa: SalesPoint;

  beforeAll(async () => {
    ({ service, fx, gateway } = await boxOfficeSetup(database));
    seller = await signedInBrowser(gateway, SELLER.email);
    admin = await signedInBrowser(gateway, ADMIN.email);
    priceId = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
    printer = await startPrinterSimulator();
  });
  afterAll(async () => {
    await printer?.close();
    await gateway?.close();
    await service?.close();
  });

  const salesPointBody = (name: string, port: number, extra: Record<string, unknown> = {}) => ({
    name,
    receiptPrinter: { host: '127.0.0.1', port, paperWidth: 80, language: 'esc-pos' },
    ticketPrinter: null,
    cashDrawer: true,
    paymentMethodIds: [fx.paymentMethods.cash],
    allowedRange: null,
    ...extra,
  });

  const openShift = (browser: TestBrowser, salesPointId: number) =>
    browser.request('/api/shifts', {
      method: 'POST',
      json: { salesPointId, desk: 'ignored', openingFloatCents: 10_000, timeZone: ZONE },
    });

  async function closeShift(browser: TestBrowser): Promise<ShiftDetail> {
    const { shift, totals } = await expectJson<CurrentShift>(await browser.request('/api/shifts/current'));
    if (!shift || !totals) throw new Error('no open shift');
    return expectJson<ShiftDetail>(
      await browser.request(`/api/shifts/${shift.id}/close`, {
        method: 'POST',
        json: { countedCashCents: totals.expected.cashCents, countedCardCents: totals.expected.cardCents },
      }),
    );
  }

  /** Two seats of the theatre, checked out through the gateway as the box office does. */
  async function sellTwoSeats(
    browser: TestBrowser,
    method: 'cash' | 'card',
  ): Promise<{ orderId: number; orderKey: string }> {
    const cart = await expectJson<{ cart_id: string }>(
      await browser.request('/api/v1/demo/cart/', { method: 'POST' }),
      201,
    );
    await expectJson(
      await browser.request(`/api/v1/demo/partner/cart/${cart.cart_id}`, {
        method: 'POST',
        json: [{ priceId, rankId: fx.reserved.rankId, eventId: fx.reserved.eventId, numberOfTickets: 2 }],
      }),
    );
    const { orderId } = await expectJson<{ orderId: number }>(
      await browser.request(`/api/v1/demo/partner/cart/${cart.cart_id}/checkout`, {
        method: 'POST',
        json: { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods[method] },
      }),
    );
    const order = await expectJson<{ orderKey: string }>(
      await browser.request(`/api/v1/demo/partner/order/${orderId}`),
    );
    return { orderId, orderKey: order.orderKey };
  }

  const print = (browser: TestBrowser, orderId: number, body: { receivedCents?: number } = {}) =>
    browser.request(`/api/printing/orders/${orderId}`, { method: 'POST', json: { locale: 'en', ...body } });

  async function settled(browser: TestBrowser, jobIds: readonly number[]): Promise<PrintJob[]> {
    // Up to 20 s: a loaded CI machine sends slowly.
    for (let attempt = 0; attempt < 400; attempt++) {
      const status = await expectJson<PrintingStatus>(await browser.request('/api/printing/status'));
      const jobs = status.jobs.filter((job) => jobIds.includes(job.id));
      if (jobs.length === jobIds.length && jobs.every((job) => job.status === 'sent' || job.status === 'failed')) {
        return jobs;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`print jobs ${jobIds.join(', ')} did not settle`);
  }

  const auditOf = async (action: string): Promise<AuditEntry[]> =>
    (await expectJson<{ data: AuditEntry[] }>(await admin.request(`/api/audit?action=${action}`))).data;

  it('prints a cash sale at Kassa 1 without a dialog: a receipt with a drawer pulse, a ticket per seat with its QR code and a cut', async () => {
    kassa = await expectJson<SalesPoint>(
      await admin.request('/api/sales-points', { method: 'POST', json: salesPointBody('Kassa 1', printer.port) }),
      201,
    );
    expect(kassa).toMatchObject({ name: 'Kassa 1', enabled: true, cashDrawer: true });
    const opened = await expectJson<CurrentShift>(await openShift(seller, kassa.id), 201);
    expect(opened.shift).toMatchObject({ desk: { name: 'Kassa 1' }, salesPointId: kassa.id });

    const { orderId, orderKey } = await sellTwoSeats(seller, 'cash');
    // The seller typed € 500 handed over: the receipt says so, and the change (as the browser's receipt).
    const { jobs } = await expectJson<PrintJobsAnswer>(await print(seller, orderId, { receivedCents: 50_000 }), 202);
    expect(jobs.map((job) => [job.kind, job.printer, job.reprint, job.opensDrawer])).toEqual([
      ['receipt', 'receipt', false, true],
      ['tickets', 'receipt', false, false],
    ]);
    const [receipt, tickets] = await printer.waitForJobs(2);
    expect(receipt?.pulses).toBe(1);
    expect(receipt?.cuts).toBe(1);
    expect(receipt?.lines.join('\n')).toContain(`Order ${orderId}`);
    expect(receipt?.lines.join('\n')).toContain(orderKey);
    expect(receipt?.lines.some((line) => /^TOTAL\s+/.test(line))).toBe(true);
    expect(receipt?.lines.join('\n')).not.toContain('REPRINT');
    const amountOf = (label: RegExp) => {
      const line = receipt?.lines.find((candidate) => label.test(candidate)) ?? '';
      // The euro sign is the code page's (cp858), not text's: the amount is what ends the line.
      return Number(/([\d,]+\.\d{2})\s*$/.exec(line)?.[1]?.replace(/,/g, '') ?? Number.NaN);
    };
    expect(amountOf(/^Received\s/)).toBe(500);
    expect(amountOf(/^Change\s/)).toBeCloseTo(500 - amountOf(/^TOTAL\s/), 2);
    expect(amountOf(/^TOTAL\s/)).toBeGreaterThan(0);
    expect(tickets?.qrCodes).toEqual([orderKey, orderKey]);
    expect(tickets?.cuts).toBe(2);
    expect(tickets?.pulses).toBe(0);
    expect(tickets?.lines.filter((line) => /Row \d+ · Seat \d+|Row \d+ \S Seat \d+/.test(line))).toHaveLength(2);
    expect(
      (
        await settled(
          seller,
          jobs.map((job) => job.id),
        )
      ).map((job) => job.status),
    ).toEqual(['sent', 'sent']);

    // A reprint says so on the paper and in the trail, and opens no drawer.
    const again = await expectJson<PrintJobsAnswer>(await print(seller, orderId), 202);
    expect(again.jobs.map((job) => [job.reprint, job.opensDrawer])).toEqual([
      [true, false],
      [true, false],
    ]);
    const [reprintedReceipt, reprintedTickets] = (await printer.waitForJobs(4)).slice(2);
    expect(reprintedReceipt?.lines.join('\n')).toContain('REPRINT (print 2)');
    expect(reprintedReceipt?.pulses).toBe(0);
    expect(reprintedTickets?.lines.filter((line) => line.includes('REPRINT (print 2)'))).toHaveLength(2);
    const prints = (await auditOf('print')).filter((entry) => entry.orderId === orderId);
    expect(
      prints.map((entry) => [entry.details?.kind, entry.details?.reprint, entry.details?.receivedCents ?? null]).sort(),
    ).toEqual([
      ['receipt', false, 50_000],
      ['receipt', true, null],
      ['tickets', false, null],
      ['tickets', true, null],
    ]);
    // Asked for later, without the amount, the reprint shows neither line.
    expect(reprintedReceipt?.lines.some((line) => /^(Received|Change)\s/.test(line))).toBe(false);

    // A card sale prints without opening the drawer, and with no cash received or change, whatever was sent.
    const card = await sellTwoSeats(seller, 'card');
    const cardJobs = await expectJson<PrintJobsAnswer>(
      await print(seller, card.orderId, { receivedCents: 50_000 }),
      202,
    );
    expect(cardJobs.jobs.map((job) => job.opensDrawer)).toEqual([false, false]);
    const cardReceipt = (await printer.waitForJobs(6))[4];
    expect(cardReceipt?.pulses).toBe(0);
    expect(cardReceipt?.lines.some((line) => /^(Received|Change)\s/.test(line))).toBe(false);
  });

  it('prints no tickets or receipt of a cancelled or deleted order: its seats are no valid tickets', async () => {
    for (const status of ['cancel', 'trash']) {
      const { orderId } = await sellTwoSeats(seller, 'card');
      // Cancelled (or deleted) afterwards, in the service's own back office.
      await service.db.query(`update orders set status = $2, last_changed = now() where id = $1`, [orderId, status]);
      const before = (await expectJson<PrintingStatus>(await seller.request('/api/printing/status'))).jobs.length;
      const refused = await expectJson<{ message: string }>(await print(seller, orderId), 409);
      expect(refused.message, status).toContain('no valid tickets');
      expect(
        (await expectJson<PrintingStatus>(await seller.request('/api/printing/status'))).jobs,
        status,
      ).toHaveLength(before);
    }
  });

  it('opens the drawer on "no sale" (with a reason) and at cash-up, and the Z-report counts each opening', async () => {
    const before = printer.jobs.length;
    await expectJson(await seller.request('/api/printing/no-sale', { method: 'POST', json: { reason: '' } }), 422);
    const noSale = await expectJson<PrintJob>(
      await seller.request('/api/printing/no-sale', { method: 'POST', json: { reason: 'Change for the cloakroom' } }),
      202,
    );
    const cashUp = await expectJson<PrintJob>(await seller.request('/api/printing/cash-up', { method: 'POST' }), 202);
    await settled(seller, [noSale.id, cashUp.id]);
    const drawerJobs = (await printer.waitForJobs(before + 2)).slice(before);
    expect(drawerJobs.map((job) => [job.pulses, job.cuts])).toEqual([
      [1, 0],
      [1, 0],
    ]);
    const [audited] = await auditOf('drawer-open');
    expect(audited?.details).toMatchObject({ reason: 'cash-up' });
    expect((await auditOf('drawer-open'))[1]?.details).toMatchObject({
      reason: 'no-sale',
      note: 'Change for the cloakroom',
    });

    // A sales point with an open shift is not disabled.
    await expectJson(await admin.request(`/api/sales-points/${kassa.id}/disable`, { method: 'POST' }), 409);
    const closed = await closeShift(seller);
    expect(closed.zReport?.drawerOpenings).toEqual({ sale: 1, noSale: 1, cashUp: 1 });
    const disabled = await expectJson<SalesPoint>(
      await admin.request(`/api/sales-points/${kassa.id}/disable`, { method: 'POST' }),
    );
    expect(disabled.enabled).toBe(false);
    await expectJson(await openShift(seller, kassa.id), 422);
    await expectJson(await admin.request(`/api/sales-points/${kassa.id}/enable`, { method: 'POST' }));
    expect((await auditOf('sales-point')).map((entry) => entry.details?.change)).toEqual([
      'enable',
      'disable',
      'create',
    ]);
  });

  it('fails a job visibly when the printer is off or out of paper, and a retry sends it once', async () => {
    const off = await startPrinterSimulator();
    const point = await expectJson<SalesPoint>(
      await admin.request('/api/sales-points', { method: 'POST', json: salesPointBody('Kassa 2', off.port) }),
      201,
    );
    await expectJson(await openShift(seller, point.id), 201);
    await off.switchOff();
    const sale = await sellTwoSeats(seller, 'cash');
    const { jobs } = await expectJson<PrintJobsAnswer>(await print(seller, sale.orderId), 202);
    const failed = await settled(
      seller,
      jobs.map((job) => job.id),
    );
    expect(failed.map((job) => job.status)).toEqual(['failed', 'failed']);
    expect(failed[0]?.error).toMatch(/^Printer 127\.0\.0\.1:\d+ refused the connection/);
    const status = await expectJson<PrintingStatus>(await seller.request('/api/printing/status'));
    expect(status.printers).toMatchObject([{ printer: 'receipt', state: 'failed', outOfPaper: false }]);

    await off.switchOn();
    const receiptJob = jobs[0] as PrintJob;
    await expectJson(await seller.request(`/api/printing/jobs/${receiptJob.id}/retry`, { method: 'POST' }), 202);
    await expectJson(await seller.request(`/api/printing/jobs/${receiptJob.id}/retry`, { method: 'POST' }), 409);
    expect((await settled(seller, [receiptJob.id]))[0]?.status).toBe('sent');
    const [retried] = await off.waitForJobs(1);
    expect(retried?.pulses).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(off.jobs).toHaveLength(1);
    expect((await auditOf('print-retry'))[0]).toMatchObject({
      orderId: sale.orderId,
      details: { printJobId: receiptJob.id },
    });

    // Out of paper: the printer says so before the job is sent, and the chip shows it.
    off.mode = 'out-of-paper';
    const { jobs: paperless } = await expectJson<PrintJobsAnswer>(await print(seller, sale.orderId), 202);
    // Every job of the print settled, so the chip shows no job still under way.
    const settledJobs = await settled(
      seller,
      paperless.map((job) => job.id),
    );
    const noPaper = settledJobs.find((job) => job.id === paperless[0]?.id);
    expect(noPaper?.error).toMatch(/out of paper/);
    const chip = await expectJson<PrintingStatus>(await seller.request('/api/printing/status'));
    expect(chip.printers[0]).toMatchObject({ state: 'failed', outOfPaper: true });
    await closeShift(seller);
    await off.close();
  });

  it('fails a job on a printer that stalls, with a clear message', async () => {
    const stalled = await startPrinterSimulator('stall');
    const { rows } = await gateway.deps.db.query<{ id: string; organisation_id: string }>(
      `select id, organisation_id from gateway.sales_points where name = 'Kassa 2'`,
    );
    const job = await insertPrintJob(gateway.deps.db, {
      organisationId: Number(rows[0]?.organisation_id),
      salesPointId: Number(rows[0]?.id),
      shiftId: null,
      orderId: null,
      kind: 'drawer',
      reprint: false,
      printer: {
        role: 'receipt',
        connection: 'network',
        host: stalled.host,
        port: stalled.port,
        paperWidth: 80,
        language: 'esc-pos',
      },
      payload: new Uint8Array(64 * 1024).fill(0x41),
      drawerReason: null,
      requestedBy: null,
    });
    const timeouts = { connectMs: 1_000, stallMs: 300, statusMs: 50 };
    await sendJobs({ db: gateway.deps.db, log: quietLog, timeouts }, [job.job.id]);
    const { rows: after } = await gateway.deps.db.query<{ status: string; error: string }>(
      'select status, error from gateway.print_jobs where id = $1',
      [job.job.id],
    );
    expect(after[0]?.status).toBe('failed');
    expect(after[0]?.error).toMatch(/stopped taking the job/);
    await stalled.close();
  });

  it('lets one sender of two take a queued job', async () => {
    const { rows } = await gateway.deps.db.query<{ id: string }>(`select id from gateway.print_jobs limit 1`);
    await gateway.deps.db.query(`update gateway.print_jobs set status = 'queued' where id = $1`, [rows[0]?.id]);
    const claims = await Promise.all([
      claimJobs(gateway.deps.db, [Number(rows[0]?.id)], 1_000),
      claimJobs(gateway.deps.db, [Number(rows[0]?.id)], 1_000),
    ]);
    expect(claims.flat()).toHaveLength(1);
  });

  it('refuses a sales point outside its address range, and a name twice', async () => {
    const ranged = await expectJson<SalesPoint>(
      await admin.request('/api/sales-points', {
        method: 'POST',
        json: salesPointBody('Kassa 3', printer.port, { allowedRange: '10.1.2.3/16' }),
      }),
      201,
    );
    expect(ranged.allowedRange).toBe('10.1.0.0/16');
    await expectJson(await openShift(seller, ranged.id), 403);
    await expectJson(
      await admin.request('/api/sales-points', { method: 'POST', json: salesPointBody('kassa 3', printer.port) }),
      409,
    );
    await expectJson(
      await admin.request('/api/sales-points', {
        method: 'POST',
        json: salesPointBody('Kassa 4', printer.port, { receiptPrinter: null }),
      }),
      422,
    );
  });

  it("leaves a USB or serial printer's jobs to the seller's browser: one tab claims each, reports it sent or failed, a retry and a reprint go the same way", async () => {
    const serial = { connection: 'serial', baudRate: 9600, paperWidth: 80, language: 'esc-pos' };
    const usb = { connection: 'usb', vendorId: 0x04b8, productId: 0x0202, paperWidth: 58, language: 'esc-pos' };
    const body = salesPointBody('Kassa USB', 0, { receiptPrinter: serial, ticketPrinter: usb });
    for (const wrong of [
      { ...serial, baudRate: 1234 },
      { ...usb, vendorId: undefined },
    ]) {
      await expectJson(
        await admin.request('/api/sales-points', { method: 'POST', json: { ...body, receiptPrinter: wrong } }),
        422,
      );
    }
    const point = await expectJson<SalesPoint>(
      await admin.request('/api/sales-points', { method: 'POST', json: body }),
      201,
    );
    expect(point.ticketPrinter).toEqual(usb);
    await expectJson(await openShift(seller, point.id), 201);
    await expectJson(await openShift(admin, kassa.id), 201);
    const sale = await sellTwoSeats(seller, 'cash');
    const { jobs } = await expectJson<PrintJobsAnswer>(await print(seller, sale.orderId), 202);
    expect(jobs.map((job) => [job.kind, job.connection, job.opensDrawer])).toEqual([
      ['receipt', 'serial', true],
      ['tickets', 'usb', false],
    ]);
    const [receiptJob, ticketsJob] = jobs as [PrintJob, PrintJob];
    // The gateway never sends them, not even its sweep of jobs nobody took.
    await gateway.deps.db.query(
      `update gateway.print_jobs set created_at = now() - interval '1 hour' where id = any($1::bigint[])`,
      [jobs.map((job) => job.id)],
    );
    await sendOrphanedJobs({ db: gateway.deps.db, log: quietLog });
    const status = await expectJson<PrintingStatus>(await seller.request('/api/printing/status'));
    expect(status.jobs.filter((job) => jobs.some((mine) => mine.id === job.id)).map((job) => job.status)).toEqual([
      'queued',
      'queued',
    ]);
    expect(status.printers.map((printer) => [printer.address, printer.settings.connection])).toEqual([
      ['serial 9600 baud', 'serial'],
      ['USB 04b8:0202', 'usb'],
    ]);

    const claim = (browser: TestBrowser, jobId: number) =>
      browser.request(`/api/printing/jobs/${jobId}/claim`, { method: 'POST', json: {} });
    const report = (jobId: number, json: Record<string, unknown>) =>
      seller.request(`/api/printing/jobs/${jobId}/report`, { method: 'POST', json });
    // Two tabs at once: one gets the job.
    const both = await Promise.all([claim(seller, receiptJob.id), claim(seller, receiptJob.id)]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    const claimed = await expectJson<ClaimedPrintJob>(both.find((response) => response.status === 200) as Response);
    expect(claimed.printer).toEqual(serial);
    const receipt = decodeEscPos(Buffer.from(claimed.payload, 'base64'));
    expect(receipt.pulses).toBe(1);
    expect(receipt.lines.join('\n')).toContain(sale.orderKey);
    // Only with its lease, and as the contract says.
    await expectJson(await report(receiptJob.id, { lease: crypto.randomUUID(), outcome: 'sent' }), 409);
    await expectJson(await report(receiptJob.id, { lease: claimed.lease, outcome: 'failed', error: '' }), 422);
    // Not at another sales point's desk, nor a network printer's job.
    await expectJson(await claim(admin, ticketsJob.id), 409);
    const { rows: networkJobs } = await gateway.deps.db.query<{ id: string }>(
      `select id from gateway.print_jobs where sales_point_id = $1 limit 1`,
      [kassa.id],
    );
    await expectJson(await claim(admin, Number(networkJobs[0]?.id)), 409);
    await expectJson(await claim(seller, 999_999_999), 404);
    const sent = await expectJson<PrintJob>(await report(receiptJob.id, { lease: claimed.lease, outcome: 'sent' }));
    expect(sent.status).toBe('sent');
    await expectJson(await report(receiptJob.id, { lease: claimed.lease, outcome: 'sent' }), 409);

    // The USB printer fails with the device's error; a retry goes to the browser again.
    const tickets = await expectJson<ClaimedPrintJob>(await claim(seller, ticketsJob.id));
    const failed = await expectJson<PrintJob>(
      await report(ticketsJob.id, { lease: tickets.lease, outcome: 'failed', error: 'The device was disconnected.' }),
    );
    expect(failed).toMatchObject({ status: 'failed', error: 'The device was disconnected.' });
    const chip = await expectJson<PrintingStatus>(await seller.request('/api/printing/status'));
    expect(chip.printers.map((printer) => printer.state)).toEqual(['ok', 'failed']);
    await expectJson(await seller.request(`/api/printing/jobs/${ticketsJob.id}/retry`, { method: 'POST' }), 202);
    const again = await expectJson<ClaimedPrintJob>(await claim(seller, ticketsJob.id));
    expect(again.job.attempts).toBe(2);
    // A tab that died mid-send: its lease runs out, another tab takes the job, the dead one's report is refused.
    await gateway.deps.db.query(
      `update gateway.print_jobs set lease_until = now() - interval '1 second' where id = $1`,
      [ticketsJob.id],
    );
    const taken = await expectJson<ClaimedPrintJob>(await claim(seller, ticketsJob.id));
    await expectJson(await report(ticketsJob.id, { lease: again.lease, outcome: 'sent' }), 409);
    const decoded = decodeEscPos(Buffer.from(taken.payload, 'base64'));
    expect(decoded.qrCodes).toEqual([sale.orderKey, sale.orderKey]);
    expect(decoded.cuts).toBe(2);
    await expectJson(await report(ticketsJob.id, { lease: taken.lease, outcome: 'sent' }));

    // A reprint is marked on the paper as the network printer's are.
    const reprint = await expectJson<PrintJobsAnswer>(await print(seller, sale.orderId), 202);
    const reprinted = await expectJson<ClaimedPrintJob>(await claim(seller, reprint.jobs[0]?.id as number));
    const reprintedReceipt = decodeEscPos(Buffer.from(reprinted.payload, 'base64'));
    expect(reprintedReceipt.lines.join('\n')).toContain('REPRINT (print 2)');
    expect(reprintedReceipt.pulses).toBe(0);
    await expectJson(await report(reprinted.job.id, { lease: reprinted.lease, outcome: 'sent' }));

    // The drawer the browser's receipt opened counts in the Z-report.
    expect((await closeShift(seller)).zReport?.drawerOpenings).toEqual({ sale: 1, noSale: 0, cashUp: 0 });
    await closeShift(admin);
  });

  it('refuses each route of sales points and printing to every preset role without its permission', async () => {
    const declared = createGatewayApp(gateway.deps).routes.declared.filter(
      (route) => route.path.startsWith('/sales-points') || route.path.startsWith('/printing'),
    );
    // The settings (with the buyer's screens of a sales point) and printing.
    expect(declared.length).toBe(14);
    const browsers = new Map<string, TestBrowser>();
    for (const preset of ROLE_PRESETS)
      browsers.set(preset.key, await signedInBrowser(gateway, demoPerson(preset.key).email));
    const refusals: string[] = [];
    for (const route of declared) {
      if (typeof route.access !== 'object') throw new Error(`${route.path} has no permission`);
      const allowed = permissionsOf(route.access);
      for (const preset of ROLE_PRESETS) {
        if (preset.permissions.some((permission) => allowed.includes(permission))) continue;
        const path = `/api${route.path.replace(/:[A-Za-z]+/g, '1')}`;
        const response = await (browsers.get(preset.key) as TestBrowser).request(path, {
          method: route.method,
          ...(route.method === 'GET' ? {} : { json: {} }),
        });
        expect({ route: `${route.method} ${path}`, role: preset.key, status: response.status }).toMatchObject({
          status: 403,
        });
        refusals.push(`${route.method} ${route.path} ${preset.key}`);
      }
    }
    // Marketing and managers are refused everything here; the box office the settings.
    expect(refusals.filter((refusal) => refusal.endsWith(' marketing'))).toHaveLength(14);
    expect(refusals.filter((refusal) => refusal.endsWith(' box-office'))).toHaveLength(7);
  });
});
