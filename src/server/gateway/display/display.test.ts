import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Paired, PairedDisplayList, PairingCode, Published, ScreenBody, ScreenState } from '@/contract/display';
import type { SalesPoint } from '@/contract/sales-points';
import { expectJson } from '../../testing/box-office';
import { ensureDemoClients } from '../../testing/client-fixtures';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';
import { DISPLAY_COOKIE, NOT_PAIRED } from '../access';
import { createGatewayApp } from '../gateway';
import { embeddedService } from '../service-connection';

const SELLER = demoPerson('box-office');
const ADMIN = demoPerson('administrator');
const WRONG_CODES_PER_ADDRESS = 4;

const CART: ScreenBody = {
  phase: 'cart',
  buyerName: null,
  plans: [],
  lines: [
    {
      event: 'De Kersenboomgaard',
      date: '2026-12-04T20:15:00+01:00',
      section: 'Zaal',
      row: 4,
      seat: 11,
      priceType: 'Normaal',
      tickets: 1,
      amountCents: 3250,
    },
    {
      event: 'De Kersenboomgaard',
      date: '2026-12-04T20:15:00+01:00',
      section: 'Zaal',
      row: 4,
      seat: 12,
      priceType: 'Jongeren',
      tickets: 1,
      amountCents: 1800,
    },
  ],
};

/** The events of a Server-Sent Events answer, one at a time. */
class EventReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';

  constructor(response: Response) {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    this.#reader = (response.body as ReadableStream<Uint8Array>).getReader();
  }

  /** The next event (comments skipped), within `ms`. */
  async next(ms = 10_000): Promise<{ event: string; data: string }> {
    const deadline = Date.now() + ms;
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        const lines = block.split('\n').filter((line) => !line.startsWith(':'));
        if (lines.length === 0) continue;
        const field = (name: string) =>
          lines.filter((line) => line.startsWith(`${name}: `)).map((line) => line.slice(name.length + 2));
        return { event: field('event')[0] ?? 'message', data: field('data').join('\n') };
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.#reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no event in time')), left);
        }),
      ]).finally(() => clearTimeout(timer));
      if (chunk.done) throw new Error('the stream ended');
      this.#buffer += this.#decoder.decode(chunk.value, { stream: true });
    }
  }

  async screen(ms?: number): Promise<ScreenState> {
    const { event, data } = await this.next(ms);
    expect(event).toBe('screen');
    return JSON.parse(data) as ScreenState;
  }

  async close(): Promise<void> {
    await this.#reader.cancel().catch(() => undefined);
  }
}

describeEachDatabase("the buyer's screen", (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let seller: TestBrowser;
  let admin: TestBrowser;
  let kassa: SalesPoint;
  let other: SalesPoint;

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    gateway = await createTestGateway({
      runtime: service,
      service: embeddedService(service.app),
      throttle: { perAddress: WRONG_CODES_PER_ADDRESS, perAccount: 1000, windowSeconds: 600 },
    });
    seller = await signedInBrowser(gateway, SELLER.email);
    admin = await signedInBrowser(gateway, ADMIN.email);
    const body = (name: string) => ({
      name,
      receiptPrinter: null,
      ticketPrinter: null,
      cashDrawer: false,
      paymentMethodIds: [],
      allowedRange: null,
    });
    kassa = await expectJson<SalesPoint>(
      await admin.request('/api/sales-points', { method: 'POST', json: body('Kassa 1') }),
      201,
    );
    other = await expectJson<SalesPoint>(
      await admin.request('/api/sales-points', { method: 'POST', json: body('Kassa 2') }),
      201,
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const codeFor = async (browser: TestBrowser, salesPointId: number) =>
    expectJson<PairingCode>(
      await browser.request('/api/display/pairing-codes', { method: 'POST', json: { salesPointId } }),
      201,
    );

  /** Pairs a new device with `code`: its cookie (as the browser would send it back) and the answer. */
  async function pair(
    code: string,
    address = 'tablet-address',
  ): Promise<{ response: Response; cookie: string | null }> {
    const device = new TestBrowser(gateway.app);
    const response = await device.request('/api/display/pair', { method: 'POST', json: { code }, address });
    const set = response.headers.getSetCookie().find((value) => value.startsWith(`${DISPLAY_COOKIE}=`));
    return { response, cookie: set ? (set.split(';')[0] as string) : null };
  }

  const asDisplay = (cookie: string, path: string, init: RequestInit = {}) =>
    gateway.app.request(`http://127.0.0.1:8080${path}`, {
      ...init,
      headers: { cookie, origin: 'http://127.0.0.1:8080' },
    });

  const publish = (browser: TestBrowser, body: unknown) =>
    browser.request('/api/display/screen', { method: 'PUT', json: body });

  let kassaCookie: string;

  it('pairs a device with a code made for the sales point: single use, an httpOnly cookie for its display routes only', async () => {
    const made = await codeFor(admin, kassa.id);
    expect(made.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);

    // Typed as people type it: lower case, in two groups.
    const typed = `${made.code.slice(0, 4).toLowerCase()}-${made.code.slice(4)}`;
    const { response, cookie } = await pair(typed);
    expect(await expectJson<Paired>(response)).toEqual({ salesPointId: kassa.id, salesPointName: 'Kassa 1' });
    const set = response.headers.getSetCookie().join('\n');
    expect(set).toContain(`Path=/api/display/${kassa.id}`);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
    kassaCookie = cookie as string;

    // Used once: the same code pairs nothing more.
    const again = await pair(made.code, 'another-tablet');
    expect(again.response.status).toBe(422);
    expect(again.cookie).toBeNull();

    const screen = await expectJson<ScreenState>(await asDisplay(kassaCookie, `/api/display/${kassa.id}/screen`));
    expect(screen).toEqual({ salesPointName: 'Kassa 1', version: 0, screen: { phase: 'idle', totalCents: 0 } });
  });

  it('refuses an expired code, and counts wrong codes per address until it stops trying them', async () => {
    const expired = await codeFor(admin, kassa.id);
    await gateway.db.query(
      `update gateway.display_pairing_codes set expires_at = now() - interval '1 second'
        where id = (select max(id) from gateway.display_pairing_codes)`,
    );
    expect((await pair(expired.code, 'expiry-address')).response.status).toBe(422);

    const good = await codeFor(admin, kassa.id);
    for (let attempt = 1; attempt <= WRONG_CODES_PER_ADDRESS; attempt++) {
      expect((await pair('WRONG234', 'guessing-address')).response.status).toBe(422);
    }
    const refused = await pair('WRONG234', 'guessing-address');
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right code waits there; from elsewhere it pairs.
    expect((await pair(good.code, 'guessing-address')).response.status).toBe(429);
    expect((await pair(good.code, 'fresh-address')).response.status).toBe(200);
  });

  it('lets a seller make a code only for the sales point of their open shift', async () => {
    const refused = await seller.request('/api/display/pairing-codes', {
      method: 'POST',
      json: { salesPointId: kassa.id },
    });
    expect(refused.status).toBe(403);
    await expectJson(
      await seller.request('/api/shifts', {
        method: 'POST',
        json: { salesPointId: kassa.id, desk: 'x', openingFloatCents: 0, timeZone: 'Europe/Amsterdam' },
      }),
      201,
    );
    expect((await codeFor(seller, kassa.id)).code).toHaveLength(8);
    const elsewhere = await seller.request('/api/display/pairing-codes', {
      method: 'POST',
      json: { salesPointId: other.id },
    });
    expect(elsewhere.status).toBe(403);
  });

  it("shows the seller's cart with the total the gateway adds up, and refuses any field beyond the screen's", async () => {
    const events = new EventReader(await asDisplay(kassaCookie, `/api/display/${kassa.id}/events`));
    try {
      expect((await events.screen()).screen.phase).toBe('idle');
      const { version } = await expectJson<Published>(await publish(seller, CART));
      expect(version).toBeGreaterThan(0);
      const shown = await events.screen();
      expect(shown.version).toBe(version);
      expect(shown.screen).toEqual({ ...CART, totalCents: 5050 });

      // Nothing beyond the screen's fields: a customer's email, a total of the seller's own.
      const withEmail = { ...CART, buyerEmail: 'jan@example.test' };
      expect((await publish(seller, withEmail)).status).toBe(422);
      const withTotal = { ...CART, totalCents: 1 };
      expect((await publish(seller, withTotal)).status).toBe(422);
      const lineWithEmail = { ...CART, lines: [{ ...CART.lines[0], email: 'jan@example.test' }] };
      expect((await publish(seller, lineWithEmail)).status).toBe(422);

      const thanks = { phase: 'thanks', lines: CART.lines, feeCents: 0, buyerName: 'Jan de Vries' };
      await expectJson<Published>(await publish(seller, thanks));
      expect((await events.screen()).screen).toEqual({ ...thanks, totalCents: 5050 });
      // Cash handed over: shown with the change; less than the total is refused on its field.
      const paidCash = { ...thanks, receivedCents: 10_000 };
      await expectJson<Published>(await publish(seller, paidCash));
      expect((await events.screen()).screen).toEqual({ ...paidCash, totalCents: 5050 });
      const short = await publish(seller, { ...thanks, receivedCents: 5049 });
      expect(short.status).toBe(422);
      expect(((await short.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty('receivedCents');
    } finally {
      await events.close();
    }
    // A seller whose shift is at no sales point has no screen: nothing is stored.
    const manager = await signedInBrowser(gateway, ADMIN.email);
    expect(await expectJson<Published>(await publish(manager, CART))).toEqual({ version: null });
  });

  it('shows the welcome at once when the shift at the sales point closes, not the last sale until it lapses', async () => {
    const events = new EventReader(await asDisplay(kassaCookie, `/api/display/${kassa.id}/events`));
    try {
      await events.screen();
      await expectJson<Published>(await publish(seller, CART));
      expect((await events.screen()).screen.phase).toBe('cart');
      const { shift } = await expectJson<{ shift: { id: number } }>(await seller.request('/api/shifts/current'));
      const started = Date.now();
      await expectJson(
        await seller.request(`/api/shifts/${shift.id}/close`, {
          method: 'POST',
          json: { countedCashCents: 0, countedCardCents: 0 },
        }),
      );
      expect((await events.screen(5_000)).screen).toEqual({ phase: 'idle', totalCents: 0 });
      // Woken by the close, not by the 15 s heartbeat.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await events.close();
    }
    // A new shift for the tests after this one.
    await expectJson(
      await seller.request('/api/shifts', {
        method: 'POST',
        json: { salesPointId: kassa.id, desk: 'x', openingFloatCents: 0, timeZone: 'Europe/Amsterdam' },
      }),
      201,
    );
  });

  it.runIf(database === 'postgres')('wakes a stream held by another instance through LISTEN/NOTIFY', async () => {
    const otherInstance = createGatewayApp(gateway.deps).app;
    const response = await otherInstance.request(`http://127.0.0.1:8080/display/${kassa.id}/events`, {
      headers: { cookie: kassaCookie },
    });
    const events = new EventReader(response);
    try {
      const first = await events.screen();
      const { version } = await expectJson<Published>(await publish(seller, CART));
      const started = Date.now();
      const next = await events.screen(5_000);
      expect(next.version).toBe(version);
      expect(next.version).toBeGreaterThan(first.version);
      // A notice, not the 15 s heartbeat.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await events.close();
    }
  });

  it("refuses a person's session on the display's routes, and a screen's cookie on every other route", async () => {
    expect((await admin.request(`/api/display/${kassa.id}/screen`)).status).toBe(401);
    expect(await (await seller.request(`/api/display/${kassa.id}/events`)).json()).toEqual({ message: NOT_PAIRED });
    // Paired with Kassa 1, asking for Kassa 2's screen.
    expect((await asDisplay(kassaCookie, `/api/display/${other.id}/screen`)).status).toBe(403);

    const declared = createGatewayApp(gateway.deps).routes.declared;
    const others = declared.filter((route) => route.access !== 'public' && route.access !== 'display');
    expect(others.length).toBeGreaterThan(50);
    for (const route of others) {
      const path = `/api${route.path.replace(/:[A-Za-z]+/g, String(kassa.id)).replace('/v1/*', '/v1/demo/partner/hall')}`;
      const response = await asDisplay(kassaCookie, path, {
        method: route.method,
        ...(route.method === 'GET' ? {} : { body: '{}' }),
      });
      const label = `${route.method} ${route.path}`;
      expect({ label, status: response.status }).toEqual({ label, status: 401 });
    }
    expect(
      declared.filter((route) => route.access === 'display').map((route) => `${route.method} ${route.path}`),
    ).toEqual(['GET /display/:salesPointId/screen', 'GET /display/:salesPointId/events']);
  });

  it('lists the paired screens in the settings, and a revoked one is refused at once, its stream ended', async () => {
    const { displays } = await expectJson<PairedDisplayList>(
      await admin.request(`/api/sales-points/${kassa.id}/displays`),
    );
    expect(displays.length).toBe(2);
    expect(displays.every((display) => display.pairedBy === ADMIN.email || display.pairedBy === SELLER.email)).toBe(
      true,
    );
    expect((await seller.request(`/api/sales-points/${kassa.id}/displays`)).status).toBe(403);

    const events = new EventReader(await asDisplay(kassaCookie, `/api/display/${kassa.id}/events`));
    try {
      await events.screen();
      const { rows } = await gateway.db.query<{ id: string }>(
        'select id from gateway.display_sessions where sales_point_id = $1 order by id limit 1',
        [kassa.id],
      );
      const displayId = Number(rows[0]?.id);
      expect(
        (await admin.request(`/api/sales-points/${kassa.id}/displays/${displayId}`, { method: 'DELETE' })).status,
      ).toBe(204);
      expect((await events.next()).event).toBe('ended');
      expect(
        (await admin.request(`/api/sales-points/${kassa.id}/displays/${displayId}`, { method: 'DELETE' })).status,
      ).toBe(404);
    } finally {
      await events.close();
    }
    expect((await asDisplay(kassaCookie, `/api/display/${kassa.id}/screen`)).status).toBe(401);

    const { rows: audit } = await gateway.db.query<{ change: string }>(
      `select details->>'change' as change from gateway.audit_entries where action = 'display' order by id`,
    );
    expect(new Set(audit.map((row) => row.change))).toEqual(new Set(['code', 'paired', 'revoked']));
  });
});
