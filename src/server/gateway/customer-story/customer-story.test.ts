import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StoryItem, StoryPage } from '@/contract/customer-story';
import { organisationIdOf } from '../../testing/mirror';
import { createTestGateway, demoPerson, signedInBrowser, type TestGateway } from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { recordAudit } from '../audit';
import { addCustomerNote } from '../customer-notes';
import { embeddedService } from '../service-connection';
import { storyPage } from './customer-story-service';
import type { NamedEvent } from './story-events';

/** A customer only the mirror holds (an id far above the service's own), with a small story told by hand. */
const CUSTOMER = 900_001;
const MARKETING = demoPerson('marketing');

interface SeedOrder {
  id: number;
  at: string;
  /** The date as the service wrote it in the record (with the venue's offset); absent: a record without one. */
  written?: string;
  status: string;
  channel: string;
  amount: number;
  /** Paid unless said. */
  payment?: string;
  seats: { row: number; seat: number; cents: number; deleted?: boolean }[];
}

/**
 * Five orders — two of them at the same moment as a waiting-list entry — and, written now, an edit, a tag change,
 * a refused edit (not told), a flag change and a note. Sold (ord, reemit, reissue) and paid: 9001, 9003 and 9004;
 * 9000 is sold but not paid yet.
 */
const ORDERS: SeedOrder[] = [
  // Sold, and its payment still pending (an online payment link not paid yet): told, but not spent.
  {
    id: 9000,
    at: '2025-12-20T10:00:00Z',
    status: 'ord',
    payment: 'pending',
    channel: 'www',
    amount: 8600,
    seats: [{ row: 9, seat: 9, cents: 8600 }],
  },
  {
    id: 9001,
    at: '2026-01-10T10:00:00Z',
    written: '2026-01-10T11:00:00+01:00',
    status: 'ord',
    channel: 'sp',
    amount: 5000,
    seats: [
      { row: 3, seat: 7, cents: 2500 },
      { row: 3, seat: 8, cents: 2500 },
      { row: 3, seat: 9, cents: 2500, deleted: true },
    ],
  },
  {
    id: 9002,
    at: '2026-03-05T18:00:00Z',
    status: 'cancel',
    channel: 'www',
    amount: 3000,
    seats: [{ row: 1, seat: 1, cents: 3000 }],
  },
  {
    id: 9003,
    at: '2026-06-01T12:00:00Z',
    status: 'reissue',
    channel: 'www',
    amount: 4200,
    seats: [
      { row: 5, seat: 1, cents: 1400 },
      { row: 5, seat: 2, cents: 1400 },
      { row: 5, seat: 3, cents: 1400 },
    ],
  },
  {
    id: 9004,
    at: '2026-06-01T12:00:00Z',
    status: 'ord',
    channel: 'sp',
    amount: 1000,
    seats: [{ row: 0, seat: 0, cents: 1000 }],
  },
];

describeEachDatabase("a customer's story", (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let organisationId: number;
  let event: { eventId: number; eventName: string; rankId: number; rankName: string };

  beforeAll(async () => {
    service = await createTestService({ database });
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    organisationId = await organisationIdOf(gateway.db, DEMO.client);
    const listed = (await (await service.request(`/v1/${DEMO.client}/partner/event`, { key: DEMO.apiKey })).json()) as {
      eventId: number;
      eventName: string;
      prices: { rankId: number; rankName: string }[];
    }[];
    const named = listed.find((candidate) => candidate.prices.some((price) => price.rankName)) as (typeof listed)[0];
    const price = named.prices.find((candidate) => candidate.rankName) as { rankId: number; rankName: string };
    event = { eventId: named.eventId, eventName: named.eventName, ...price };

    const db = gateway.db;
    for (const order of ORDERS) {
      await db.query(
        `insert into gateway.mirror_orders (organisation_id, order_id, order_key, customer_id, order_status,
           payment_status, channel, payment_method, order_date, amount_cents, fee_cents, donation_cents, last_changed, body)
         values ($1, $2, $3, $4, $5, $10, $6, 'Pin', $7, $8, 0, 0, $7,
                 case when $9::text is null then '{}'::jsonb else jsonb_build_object('orderDate', $9::text) end)`,
        [
          organisationId,
          order.id,
          `key-${order.id}`,
          CUSTOMER,
          order.status,
          order.channel,
          order.at,
          order.amount,
          order.written ?? null,
          order.payment ?? 'paid',
        ],
      );
      for (const [line, seat] of order.seats.entries()) {
        await db.query(
          `insert into gateway.mirror_order_seats (organisation_id, order_id, line_no, deleted, seat_id, event_id,
             rank_id, row_nr, seat_nr, amount_cents, price_id, price_name)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, '1', 'Normaal')`,
          [
            organisationId,
            order.id,
            line,
            seat.deleted ?? false,
            100 + line,
            event.eventId,
            event.rankId,
            seat.row,
            seat.seat,
            seat.cents,
          ],
        );
      }
    }
    await db.query(
      `insert into gateway.mirror_waiting_list (organisation_id, waiting_id, customer_id, event_id, number_of_tickets,
         type, created_at) values ($1, 7001, $2, $3, 2, 'waiting', '2026-06-01T12:00:00Z')`,
      [organisationId, CUSTOMER, event.eventId],
    );
    const about = { organisationId, customerId: CUSTOMER, person: MARKETING.email, role: 'marketing' };
    await recordAudit(db, {
      ...about,
      action: 'customer-edit',
      status: 200,
      details: { changes: { customerCity: { old: 'Amsterdam', new: 'Utrecht' } } },
    });
    await recordAudit(db, {
      ...about,
      action: 'tags',
      status: 200,
      details: { before: ['Vriend'], after: ['Abonnee'] },
    });
    await recordAudit(db, { ...about, action: 'customer-edit', status: 422, details: { changes: {} } });
    await recordAudit(db, { ...about, action: 'customer-flags', status: 200, details: { added: [1], removed: [] } });
    await db.transaction((tx) =>
      addCustomerNote(tx, {
        organisationId,
        customerId: CUSTOMER,
        text: 'Comes every spring.',
        author: { accountId: null, name: 'Desk' },
      }),
    );
    // Made after the flags, the note is the newest, but two statements in a row may get the same instant (seen on
    // PGlite), and at one instant an audit entry comes before a note: a second later, as a note written after them.
    await db.query(
      `update gateway.customer_notes set created_at = (select max(at) from gateway.audit_entries) + interval '1 second'
        where organisation_id = $1 and customer_id = $2`,
      [organisationId, CUSTOMER],
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const events = async (): Promise<ReadonlyMap<number, NamedEvent>> => new Map();
  const describeItem = (item: StoryItem) =>
    item.kind === 'order'
      ? `order ${item.orderId}`
      : item.kind === 'waiting-list'
        ? `waiting ${item.waitingId}`
        : item.kind;
  const TOLD = [
    'note',
    'flags',
    'tags',
    'edit',
    'order 9004',
    'order 9003',
    'waiting 7001',
    'order 9002',
    'order 9001',
    'order 9000',
  ];

  it('tells everything newest first, an order before a waiting-list entry of the same moment, with the sold totals', async () => {
    const page = await storyPage(gateway.db, {
      organisationId,
      customerId: CUSTOMER,
      kinds: ['order', 'waiting-list', 'edit', 'tags', 'flags', 'note'],
      before: undefined,
      events,
    });
    expect(page.items.map(describeItem)).toEqual(TOLD);
    expect(page.next).toBeNull();
    expect(page.totals).toEqual({
      orders: 3,
      tickets: 6,
      amountCents: 10_200,
      firstPurchaseAt: '2026-01-10T10:00:00.000Z',
      lastPurchaseAt: '2026-06-01T12:00:00.000Z',
    });
    const [note, flags, tags, edit] = page.items;
    expect(note).toMatchObject({ text: 'Comes every spring.', author: 'Desk' });
    expect(flags).toMatchObject({ added: [1], removed: [] });
    expect(tags).toMatchObject({ added: ['Abonnee'], removed: ['Vriend'], person: { email: MARKETING.email } });
    expect(edit).toMatchObject({ changes: [{ field: 'customerCity', old: 'Amsterdam', new: 'Utrecht' }] });
    const first = page.items.find((item) => item.key === 'order-9001');
    expect(first).toMatchObject({ channel: 'sp', orderStatus: 'ord', amountCents: 5000 });
    // Its date as the service wrote it, with the venue's offset, so the app shows the venue's time as the order
    // page does (it showed the reader's device's: an hour off on a laptop set to UTC).
    expect(first?.at).toBe('2026-01-10T11:00:00+01:00');
    expect(first?.kind === 'order' && first.seats.map((seat) => [seat.rowNr, seat.seatNr])).toEqual([
      [3, 7],
      [3, 8],
    ]);
  });

  it('pages by time without losing or repeating an item, also across items of the same moment', async () => {
    for (const pageSize of [1, 2, 3, 4]) {
      const seen: string[] = [];
      let before: string | undefined;
      let pages = 0;
      do {
        const page: StoryPage = await storyPage(gateway.db, {
          organisationId,
          customerId: CUSTOMER,
          kinds: ['order', 'waiting-list', 'edit', 'tags', 'flags', 'note'],
          before,
          pageSize,
          events,
        });
        expect(page.totals === null).toBe(pages > 0);
        seen.push(...page.items.map(describeItem));
        before = page.next ?? undefined;
        pages++;
      } while (before);
      expect({ pageSize, seen }).toEqual({ pageSize, seen: TOLD });
      expect(pages).toBe(Math.ceil(TOLD.length / pageSize));
    }
  });

  it('tells a merge and an anonymisation, and no longer what was changed before the customer was anonymised', async () => {
    const customerId = CUSTOMER + 1;
    const about = { organisationId, customerId, person: MARKETING.email, role: 'marketing' };
    const db = gateway.db;
    await recordAudit(db, {
      ...about,
      action: 'customer-edit',
      status: 200,
      details: { changes: { customerCity: { old: 'Utrecht', new: 'Amsterdam' } } },
    });
    await recordAudit(db, { ...about, action: 'tags', status: 200, details: { before: [], after: ['Student'] } });
    await recordAudit(db, { ...about, action: 'customer-flags', status: 200, details: { added: [1], removed: [] } });
    await recordAudit(db, {
      ...about,
      action: 'duplicate-merge',
      status: 200,
      details: {
        keptCustomerId: customerId,
        otherCustomerId: 77,
        role: 'kept',
        copiedFields: ['customerZip'],
        addedTags: ['VIP'],
      },
    });
    const story = async () =>
      (
        await storyPage(db, {
          organisationId,
          customerId,
          kinds: ['edit', 'tags', 'flags'],
          before: undefined,
          events,
        })
      ).items;
    // Before the anonymisation the merge is told with what it copied (it left no trace on the kept record).
    expect((await story())[0]).toMatchObject({
      kind: 'merged',
      otherCustomerId: 77,
      kept: true,
      copiedFields: ['customerZip'],
      addedTags: ['VIP'],
    });

    await recordAudit(db, {
      ...about,
      action: 'anonymise',
      status: 200,
      details: { fieldsCleared: ['customerCity', 'customerZip'], tagsRemoved: 2, notesDeleted: 0, ordersKept: 0 },
    });
    await recordAudit(db, { ...about, action: 'tags', status: 200, details: { before: [], after: ['Nieuw'] } });
    const items = await story();
    expect(items.map((item) => item.kind)).toEqual(['tags', 'anonymised', 'merged', 'flags', 'tags', 'edit']);
    const [after, anonymised, merged, flags, tags, edit] = items;
    expect(after).toMatchObject({ added: ['Nieuw'], erased: false });
    expect(anonymised).toMatchObject({
      fieldsCleared: ['customerCity', 'customerZip'],
      tagsRemoved: 2,
      notesDeleted: 0,
    });
    // The values that were erased (the city, the tags, the flags, what the merge copied) are told no more.
    expect(merged).toMatchObject({ otherCustomerId: 77, kept: true, copiedFields: [], addedTags: [] });
    expect(flags).toMatchObject({ added: [], removed: [], erased: true });
    expect(tags).toMatchObject({ added: [], removed: [], erased: true });
    expect(edit).toMatchObject({ changes: [], erased: true });
    expect(JSON.stringify(items)).not.toMatch(/Utrecht|Amsterdam|Student|VIP/);
  });

  it('answers the route for customers:read with kinds filtered, events and ranks named, and refuses a bad cursor', async () => {
    const marketing = await signedInBrowser(gateway, MARKETING.email);
    const response = await marketing.request(`/api/customers/${CUSTOMER}/story?kinds=order,waiting-list`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as StoryPage;
    expect(page.items.map(describeItem)).toEqual(TOLD.filter((told) => /^(order|waiting)/.test(told)));
    const order = page.items.find((item) => item.key === 'order-9003');
    expect(order?.kind === 'order' && order.seats[0]).toMatchObject({
      event: { eventId: event.eventId, name: event.eventName },
      rank: event.rankName,
      rowNr: 5,
      seatNr: 1,
    });
    expect((await marketing.request(`/api/customers/${CUSTOMER}/story?kinds=shoes`)).status).toBe(422);
    expect((await marketing.request(`/api/customers/${CUSTOMER}/story?before=bm9wZQ`)).status).toBe(422);
    const boxOffice = await signedInBrowser(gateway, demoPerson('box-office').email);
    expect((await boxOffice.request(`/api/customers/${CUSTOMER}/story`)).status).toBe(403);
  });
});
